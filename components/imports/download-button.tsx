"use client";

import { useState } from "react";
import { checkedDownload } from "@/lib/client/checked-download";

/** A download that shows why it cannot be made (see checkedDownload). */
export function DownloadButton({
  href,
  children,
  className = "",
}: {
  href: string;
  children: React.ReactNode;
  className?: string;
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
      <button type="button" onClick={() => void download()} disabled={checking} className={className}>
        {checking ? "Preparing…" : children}
      </button>
      {problem && (
        <span role="alert" aria-label="Download error" className="text-sm text-red-700">
          {problem}
        </span>
      )}
    </span>
  );
}
