"use client";

import { useState } from "react";
import { EXPORTS, type ExportWhat as What } from "@/lib/formats/export-formats";

const field = "mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm";

export function ExportPanel({ studyId, judges }: { studyId: number; judges: { name: string; kind: "human" | "model" }[] }) {
  const [what, setWhat] = useState<What>("labels");
  const [format, setFormat] = useState<string>(EXPORTS.labels[0]);
  const [judge, setJudge] = useState("");
  const [binarized, setBinarized] = useState(false);
  const params = new URLSearchParams({ what, format });
  if (what === "labels" && judge) params.set("judge", judge);
  if (what === "labels" && binarized) params.set("binarized", "1");
  const href = `/api/studies/${studyId}/exports?${params}`;
  return (
    <section aria-labelledby="export-heading" className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="export-heading" className="text-lg font-semibold">Export</h2>
      <p className="mt-1 text-sm text-stone-600">Labels in the formats evaluation scripts read, campaign annotations with times, or the whole study as a bundle that imports elsewhere.</p>
      <div className="mt-4 space-y-4">
        <label className="block text-sm font-medium">
          What
          <select className={field} value={what} onChange={(e) => { const w = e.target.value as What; setWhat(w); setFormat(EXPORTS[w][0]); }}>
            <option value="labels">Labels</option>
            <option value="annotations">Campaign annotations</option>
            <option value="study">Whole study (bundle)</option>
          </select>
        </label>
        <label className="block text-sm font-medium">
          Format
          <select className={field} value={format} onChange={(e) => setFormat(e.target.value)}>
            {EXPORTS[what].map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        {what === "labels" && (
          <>
            <label className="block text-sm font-medium">
              Judge
              <select className={field} value={judge} onChange={(e) => setJudge(e.target.value)}>
                <option value="">All human judges</option>
                {judges.map((j) => <option key={j.name} value={j.name}>{j.name} ({j.kind === "model" ? "LLM" : "human"})</option>)}
              </select>
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={binarized} onChange={(e) => setBinarized(e.target.checked)} /> Binarized (by each scale&apos;s threshold)
            </label>
          </>
        )}
        <a href={href} download className="inline-flex rounded-md bg-stone-900 px-3 py-2 text-sm font-medium text-white hover:bg-stone-700">Download</a>
      </div>
    </section>
  );
}
