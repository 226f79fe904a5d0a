"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

const COLLAPSE_AFTER_LINES = 40;

/**
 * A chunk's server-rendered HTML (shiki / markdown-it: imported text arrives escaped). Long chunks
 * start collapsed.
 */
export function ChunkView({ html, lines, label }: { html: string; lines: number; label: string }) {
  const long = lines > COLLAPSE_AFTER_LINES;
  const [open, setOpen] = useState(!long);
  return (
    <div>
      <div
        role="group"
        aria-label={label}
        className={`rounded-md border border-stone-200 bg-white ${open ? "" : "max-h-[30rem] overflow-hidden [mask-image:linear-gradient(to_bottom,black_85%,transparent)]"}`}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {long && (
        <Button variant="link" size="sm" type="button" onClick={() => setOpen(!open)} className="mt-1">
          {open ? "Collapse" : `Show all ${lines} lines`}
        </Button>
      )}
    </div>
  );
}
