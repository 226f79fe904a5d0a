import type { LabelSetKindDefinition } from "./label-set";

const PREFIX = "corrected:";

/** An LLM with people's majority label wherever people judged: "corrected:<judge>" (derive-labels.ts, correctedLabels). */
export const correctedSet: LabelSetKindDefinition<"corrected"> = {
  id: "corrected",
  prefix: PREFIX,
  shape: "corrected:<judge>",
  parse: (rest) => (rest === "" ? null : { kind: "corrected", judge: rest }),
  format: (set) => `${PREFIX}${set.judge}`,
  title: (set) => `${set.judge} corrected by humans`,
  options: (study) =>
    study.judges.some((j) => j.kind === "human")
      ? study.judges
          .filter((j) => j.kind === "model")
          .map((m) => ({
            set: { kind: "corrected", judge: m.name },
            label: `${m.name} corrected by humans where they judged`,
          }))
      : [],
  derived: true,
  labelKind: "model",
};
