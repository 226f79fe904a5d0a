import type { LabelSetKindDefinition } from "./label-set";

/** One judge's labels, by its name (an LLM run's, an imported assessor's, an annotator's). */
export const judgeSet: LabelSetKindDefinition<"judge"> = {
  id: "judge",
  prefix: "",
  shape: "<judge>",
  parse: (name) => (name === "" ? null : { kind: "judge", judge: name }),
  format: (set) => set.judge,
  title: (set) => set.judge,
  options: (study) =>
    study.judges.map((j) => ({
      set: { kind: "judge", judge: j.name },
      label: `${j.name} (${j.kind === "model" ? "LLM" : "human"})`,
    })),
  derived: false,
  labelKind: "judge",
};

/** The study's LLM judges by name: what an ensemble or a fusion is made of in the report forms. */
export const llmJudgeNames = (study: { judges: readonly { name: string; kind: "human" | "model" }[] }): string[] =>
  study.judges.filter((j) => j.kind === "model").map((j) => j.name);
