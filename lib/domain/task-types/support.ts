import { SAMPLE_KIND_LABELS } from "../campaigns/sampling";
import { levelTask } from "./level-task";

/** Does the chunk support the nugget? FreshStack's binary support judgment. */
export const support = levelTask({
  id: "support",
  label: "Support of a nugget by a chunk",
  menu: "Support: does the chunk support the nugget?",
  unit: "pair",
  pairTarget: "nugget_document",
  sampleLabels: SAMPLE_KIND_LABELS,
  defaultScaleId: "binary",
});
