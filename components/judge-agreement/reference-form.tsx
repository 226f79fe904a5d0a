import { ChoiceField } from "@/components/reports/choice-field";
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
      <ChoiceField
        label="Or all judges against"
        name="reference"
        className="sm:col-span-2"
        choices={judges.map((j) => ({ value: j.name, label: `${j.name} (${j.kind === "model" ? "LLM" : "human"})` }))}
        defaultValue={reference}
        required
      />
      <ChoiceField
        label="Systems ranked by"
        name="measure"
        choices={MEASURES.map((m) => ({ value: m, label: m }))}
        defaultValue={measure}
        empty={null}
      />
    </ReportControls>
  );
}
