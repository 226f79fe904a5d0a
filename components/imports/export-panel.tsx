"use client";

import { useState } from "react";
import {
  EXPORTS,
  LABEL_FORMAT_TARGETS,
  ONE_JUDGE_LABEL_FORMATS,
  type ExportWhat as What,
} from "@/lib/formats/export-formats";
import type { ExportOptions } from "@/lib/schemas/imports";
import { DownloadButton } from "./download-button";
import { Select } from "@/components/ui/field";

const ALL_HUMANS = "";

/**
 * Downloads labels, campaign annotations or the whole study. Only choices that can succeed are
 * offered (qrels name one judge that has labels of the kind), and the server checks the choice
 * before the download starts, so a refusal is shown here rather than as a failed or empty file.
 */
export function ExportPanel({ studyId, options }: { studyId: number; options: ExportOptions }) {
  const [what, setWhat] = useState<What>("labels");
  const [format, setFormat] = useState<string>(EXPORTS.labels[0]);
  const [judge, setJudge] = useState<string | null>(null);
  const [campaign, setCampaign] = useState("");
  const [nuggetSet, setNuggetSet] = useState("");
  const [binarized, setBinarized] = useState(false);
  const oneJudge = ONE_JUDGE_LABEL_FORMATS.includes(format);
  // nuggetizer's assignments and citation support keep their three levels: their scores need them
  const assignments = ["nuggetizer-assignments", "assignments-csv", "citation-support"].includes(format);
  const targets = (LABEL_FORMAT_TARGETS as Record<string, string[]>)[format];
  const judges = options.judges.filter((j) => targets?.some((t) => (j.targets[t] ?? 0) > 0));
  const humans = judges.filter((j) => j.kind === "human");
  const labelSets = options.labelSets.filter((s) => targets?.some((t) => (s.targets[t] ?? 0) > 0));
  const judgeChoices = [
    ...(!oneJudge && humans.length > 0 ? [{ value: ALL_HUMANS, label: "All human judges" }] : []),
    ...judges.map((j) => ({ value: j.name, label: `${j.name} (${j.kind === "model" ? "LLM" : "human"})` })),
    ...labelSets.map((s) => ({ value: s.value, label: s.label })),
  ];
  const chosenJudge =
    judge !== null && judgeChoices.some((c) => c.value === judge) ? judge : (judgeChoices[0]?.value ?? null);
  const params = new URLSearchParams({ what, format });
  if (what === "labels" && chosenJudge) params.set("judge", chosenJudge);
  if (what === "labels" && binarized && !assignments) params.set("binarized", "1");
  if (what === "annotations" && campaign) params.set("campaign", campaign);
  if (what === "nuggets" && nuggetSet) params.set("nuggetSet", nuggetSet);
  const href = `/api/studies/${studyId}/exports?${params}`;
  const nothing =
    what === "labels" && chosenJudge === null
      ? `No judge has labels to export as ${format} yet.`
      : what === "annotations" && options.campaigns.length === 0
        ? "No campaign has annotations yet."
        : what === "nuggets" && options.nuggets === 0
          ? "This study has no nuggets yet."
          : null;

  return (
    <section aria-labelledby="export-heading" className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="export-heading" className="text-lg font-semibold">
        Export
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Labels in the formats evaluation scripts read, campaign annotations with times and skips, the nuggets as
        nuggetizer reads them, or the whole study as a bundle that imports elsewhere.
      </p>
      <div className="mt-4 space-y-4">
        <label className="block text-sm font-medium">
          What
          <Select
            className="mt-1"
            value={what}
            onChange={(e) => {
              const w = e.target.value as What;
              setWhat(w);
              setFormat(EXPORTS[w][0]);
            }}
          >
            <option value="labels">Labels</option>
            <option value="annotations">Campaign annotations</option>
            <option value="nuggets">Nuggets (every question&apos;s list)</option>
            <option value="study">Whole study (bundle)</option>
          </Select>
        </label>
        <label className="block text-sm font-medium">
          Format
          <Select className="mt-1" value={format} onChange={(e) => setFormat(e.target.value)}>
            {EXPORTS[what].map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </Select>
        </label>
        {what === "labels" && judgeChoices.length > 0 && (
          <>
            <label className="block text-sm font-medium">
              Judge or label set{" "}
              {oneJudge && <span className="font-normal text-stone-500">({format} holds one judge&apos;s labels)</span>}
              <Select className="mt-1" value={chosenJudge ?? ""} onChange={(e) => setJudge(e.target.value)}>
                {judgeChoices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </Select>
            </label>
            {!assignments && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={binarized} onChange={(e) => setBinarized(e.target.checked)} /> Binarized
                (by each scale&apos;s threshold)
              </label>
            )}
          </>
        )}
        {what === "nuggets" && options.nuggetSets.length > 1 && (
          <label className="block text-sm font-medium">
            Nugget set
            <Select className="mt-1" value={nuggetSet} onChange={(e) => setNuggetSet(e.target.value)}>
              {options.nuggetSets.map((s, i) => (
                <option key={s.name} value={i === 0 ? "" : s.name}>
                  {s.name} ({s.nuggets} nuggets{i === 0 ? ", the first" : ""})
                </option>
              ))}
            </Select>
          </label>
        )}
        {what === "annotations" && options.campaigns.length > 0 && (
          <label className="block text-sm font-medium">
            Campaign
            <Select className="mt-1" value={campaign} onChange={(e) => setCampaign(e.target.value)}>
              <option value="">Every campaign</option>
              {options.campaigns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          </label>
        )}
        {nothing ? (
          <p className="text-sm text-stone-500" data-testid="export-nothing">
            {nothing}
          </p>
        ) : (
          <DownloadButton key={href} href={href}>
            Download
          </DownloadButton>
        )}
      </div>
    </section>
  );
}
