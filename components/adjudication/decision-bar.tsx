"use client";

import { useEffect, useRef } from "react";
import { ENTER_LEAVES } from "@/lib/client/use-annotation-keys";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextArea } from "@/components/ui/field";

/**
 * The optional reason, and Decide / Next undecided with their keys. The reason box takes the focus
 * only when asked (the C key bumps `reasonFocus`), never by itself when an item appears; Enter in it
 * keeps the text and gives the keys back.
 */
export function DecisionBar(p: {
  reason: string;
  reasonFocus: number;
  busy: boolean;
  ready: boolean;
  error: Error | null;
  onReason: (reason: string) => void;
  onDecide: () => void;
  onNext: () => void;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  // a request made before this item's bar appeared is not repeated: the next item opens with the keys on the levels
  const asked = useRef(p.reasonFocus);
  useEffect(() => {
    if (p.reasonFocus === asked.current) return;
    asked.current = p.reasonFocus;
    box.current?.focus();
  }, [p.reasonFocus]);
  return (
    <div className="space-y-3">
      <label className="block text-sm">
        <span className="text-stone-600">Reason (optional)</span>
        <TextArea
          compact
          ref={box}
          aria-label="Reason (optional)"
          {...{ [ENTER_LEAVES]: "" }}
          value={p.reason}
          disabled={p.busy}
          onChange={(e) => p.onReason(e.target.value)}
          rows={2}
          placeholder="C to write · Enter keeps it and returns to the keys · Ctrl+Enter decides"
          className="mt-1"
        />
      </label>
      {p.error && <Alert inline>{p.error.message}</Alert>}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="submit" type="button" onClick={p.onDecide} disabled={!p.ready} className="px-4">
          {p.busy ? "Saving…" : "Decide"} <kbd className="ml-1 font-mono text-xs">Enter</kbd>
        </Button>
        <Button variant="secondary" type="button" onClick={p.onNext} disabled={p.busy}>
          Next undecided <kbd className="ml-1 font-mono text-xs opacity-70">S</kbd>
        </Button>
      </div>
    </div>
  );
}
