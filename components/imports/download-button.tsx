"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { checkedDownload } from "@/lib/client/checked-download";

/** A download that shows why it cannot be made (see checkedDownload). */
export function DownloadButton({
  href,
  children,
  variant = "primary",
}: {
  href: string;
  children: React.ReactNode;
  variant?: "primary" | "secondary";
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  async function download() {
    setChecking(true);
    setProblem(null);
    try {
      await checkedDownload(href);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setChecking(false);
    }
  }
  return (
    <span className="inline-flex flex-col gap-1">
      <Button type="button" variant={variant} onClick={() => void download()} disabled={checking}>
        {checking ? "Preparing…" : children}
      </Button>
      {problem && (
        <span role="alert" aria-label="Download error" className="text-sm text-red-700">
          {problem}
        </span>
      )}
    </span>
  );
}
