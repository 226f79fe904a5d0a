import type { ImportSummary } from "@/lib/schemas/imports";
import { count, duration } from "@/components/ui/wording";

const NAMES: Record<keyof ImportSummary["added"], [string, string]> = {
  queries: ["question", "questions"],
  nuggets: ["nugget", "nuggets"],
  documents: ["chunk", "chunks"],
  poolEntries: ["pooled pair", "pooled pairs"],
  labels: ["label", "labels"],
  systems: ["system", "systems"],
  runEntries: ["run entry", "run entries"],
  responses: ["response", "responses"],
  citations: ["citation", "citations"],
  members: ["member", "members"],
  campaigns: ["campaign", "campaigns"],
  items: ["campaign item", "campaign items"],
  seats: ["seat", "seats"],
  annotations: ["annotation", "annotations"],
  judgeRuns: ["LLM judge run", "LLM judge runs"],
  judgeCalls: ["LLM judge call", "LLM judge calls"],
};

export function ImportResult({ summary }: { summary: ImportSummary }) {
  const added = Object.entries(summary.added).filter(([, n]) => n > 0);
  const rows = summary.files.reduce((sum, f) => sum + f.rows, 0);
  return (
    <div
      role="status"
      data-testid="import-result"
      className="mt-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-950"
    >
      <p className="font-medium">
        Imported {count(rows, "row")} from {summary.files.map((f) => f.name).join(", ")} in{" "}
        {duration(summary.durationMs)}.
      </p>
      <p className="mt-1">
        {added.length === 0
          ? "Nothing new: the study already had all of it."
          : `Added ${added.map(([k, n]) => count(n, ...NAMES[k as keyof typeof NAMES])).join(", ")}.`}
        {summary.judge ? ` Labels by ${summary.judge} on the scale ${summary.scale}.` : ""}
      </p>
      {summary.createdAccounts.length > 0 && (
        <p className="mt-1" data-testid="created-accounts">
          New {summary.createdAccounts.length === 1 ? "account" : "accounts"}, disabled with no password until an admin
          enables {summary.createdAccounts.length === 1 ? "it" : "them"} and sends an invite link:{" "}
          {summary.createdAccounts.join(", ")}.
        </p>
      )}
    </div>
  );
}
