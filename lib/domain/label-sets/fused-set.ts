import type { LabelSetKindDefinition } from "./label-set";

const PREFIX = "fused:";

/** Two LLMs fused as FeB4RAG does: "fused:<x>+<y>" (derive-labels.ts, fusedLabels). */
export const fusedSet: LabelSetKindDefinition<"fused"> = {
  id: "fused",
  prefix: PREFIX,
  shape: "fused:<judge>+<judge>",
  parse: (rest) => {
    const judges = rest.split("+");
    return judges.length === 2 && judges.every(Boolean) ? { kind: "fused", judges: [judges[0]!, judges[1]!] } : null;
  },
  format: (set) => `${PREFIX}${set.judges.join("+")}`,
  title: (set) => `${set.judges.join(" + ")} fused`,
  options: (study) => {
    const models = study.judges.filter((j) => j.kind === "model");
    return models.flatMap((x, i) =>
      models.slice(i + 1).map((y) => ({
        set: { kind: "fused", judges: [x.name, y.name] },
        label: `${x.name} + ${y.name} fused`,
      })),
    );
  },
  derived: true,
  labelKind: "model",
};
