import type { ReactNode } from "react";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import { LabelSetSelect } from "./label-set-select";
import { ReportControls } from "./report-controls";

/**
 * A plain GET form choosing label sets A and B among a study's label sets, or ensembles of its LLM
 * judges; `children` are the report's own further choices, before the button.
 */
export function LabelSetForm({
  sets,
  models,
  query,
  submit,
  children,
}: {
  sets: { value: string; label: string }[];
  /** The LLM judges an ensemble can be made of. */
  models: string[];
  /** The label sets chosen now. */
  query: { a: LabelSetName | null; b: LabelSetName | null };
  submit: string;
  children?: ReactNode;
}) {
  return (
    <ReportControls
      label="Label sets"
      submit={submit}
      columns={children ? "sm:grid-cols-2 lg:grid-cols-5" : "sm:grid-cols-3"}
    >
      <LabelSetSelect name="a" label="Label set A" sets={sets} models={models} defaultValue={query.a} />
      <LabelSetSelect name="b" label="Label set B" sets={sets} models={models} defaultValue={query.b} />
      {children}
    </ReportControls>
  );
}
