"use client";

import { useEffect, useRef } from "react";
import { ENTER_LEAVES } from "@/lib/client/use-annotation-keys";
import { TextArea } from "@/components/ui/field";
import { Button } from "@/components/ui/button";

type Props = {
  comment: string;
  commentOpen: boolean;
  /** Bumped when the annotator asks to write (the C key): only then does the box take the focus. */
  commentFocus: number;
  busy: boolean;
  ready: boolean;
  canSkip: boolean;
  onComment: (text: string) => void;
  onSubmit: () => void;
  onSkip: () => void;
};

/**
 * The optional comment, and submit / skip with their keys. The comment box never takes the focus
 * by itself (a revisited item with a comment opens with the keys on the labels); Enter in it keeps
 * the text and gives the keys back, Shift+Enter types a new line.
 */
export function SubmitBar(p: Props) {
  const box = useRef<HTMLTextAreaElement>(null);
  const asked = useRef(p.commentFocus); // a request already made when the box appears is not repeated
  useEffect(() => {
    if (p.commentFocus === asked.current) return;
    asked.current = p.commentFocus;
    box.current?.focus();
  }, [p.commentFocus]);
  return (
    <div className="space-y-3">
      {p.commentOpen && (
        <label className="block text-sm">
          <span className="text-stone-600">Comment (optional)</span>
          <TextArea
            compact
            ref={box}
            aria-label="Comment (optional)"
            {...{ [ENTER_LEAVES]: "" }}
            value={p.comment}
            disabled={p.busy}
            onChange={(e) => p.onComment(e.target.value)}
            rows={2}
            placeholder="Enter keeps the comment and returns to the keys · Shift+Enter new line · Ctrl+Enter submits"
            className="mt-1"
          />
        </label>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="submit" type="button" onClick={p.onSubmit} disabled={p.busy || !p.ready} className="px-4">
          {p.busy ? "Saving…" : "Submit"} <kbd className="ml-1 font-mono text-xs">Enter</kbd>
        </Button>
        {p.canSkip && (
          <Button variant="secondary" type="button" onClick={p.onSkip} disabled={p.busy}>
            Skip <kbd className="ml-1 font-mono text-xs opacity-70">S</kbd>
          </Button>
        )}
      </div>
    </div>
  );
}
