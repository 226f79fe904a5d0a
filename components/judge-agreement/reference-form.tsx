import { Select } from "@/components/ui/field";
import { ReportControls } from "@/components/reports/report-controls";

/** Ranking measures offered for the systems (trec_eval's, over each judge's labels as qrels). */
const MEASURES = ["ndcg@10", "ndcg@5", "ndcg@20", "map", "p@10", "recall@100", "rprec", "mrr", "judged@10"];

/** A plain GET form: every judge against the chosen reference, a page of its own for each choice. */
export function ReferenceForm({
  judges,
  reference,
  measure,
}: {
  judges: { name: string; kind: "human" | "model" }[];
  reference: string;
  measure: string;
}) {
  if (judges.length < 2) return null;
  return (
    <ReportControls
      label="All judges against a reference"
      submit="Compare all"
      columns="sm:grid-cols-4"
      className="mt-3"
    >
      <label className="block text-sm font-medium sm:col-span-2">
        Or all judges against
        <Select name="reference" defaultValue={reference} className="mt-1" required>
          <option value="">Choose…</option>
          {judges.map((j) => (
            <option key={j.name} value={j.name}>
              {j.name} ({j.kind === "model" ? "LLM" : "human"})
            </option>
          ))}
        </Select>
      </label>
      <label className="block text-sm font-medium">
        Systems ranked by
        <Select name="measure" defaultValue={measure} className="mt-1">
          {MEASURES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </Select>
      </label>
    </ReportControls>
  );
}
