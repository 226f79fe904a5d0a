import type { LabelSetKindDefinition } from "./label-set";

const PREFIX = "ensemble:";

/** Several judges' majority or lower median: "ensemble:<judge>+<judge>+..." (derive-labels.ts, ensembleLabels). */
export const ensembleSet: LabelSetKindDefinition<"ensemble"> = {
  id: "ensemble",
  prefix: PREFIX,
  shape: "ensemble:<judge>+<judge>+...",
  parse: (rest) => {
    const judges = rest.split("+");
    return judges.length >= 2 && judges.every(Boolean) ? { kind: "ensemble", judges } : null;
  },
  format: (set) => `${PREFIX}${set.judges.join("+")}`,
  title: (set) => `Ensemble of ${set.judges.join(" + ")}`,
  options: () => [], // chosen member by member (components/reports/label-set-select.tsx)
  derived: true,
  labelKind: "model",
};
