import { labelsPairs } from "./task-types/registry";
import { type TaskType } from "./task-types/task-type";

/**
 * A label set is what reports compare and exports write: one judge's labels by name, or labels
 * derived from others: "fused:<x>+<y>" (two LLMs fused as FeB4RAG does), "corrected:<x>" (an LLM
 * with the humans' majority wherever they judged), "campaign:<id>" (the majority of a campaign's
 * annotators), "ensemble:<judge>+<judge>+..." (the majority or lower median of several judges).
 * These are their names in words, for choosers and headings.
 */
type Study = {
  judges: readonly { name: string; kind: "human" | "model" }[];
  campaigns: readonly { id: number; name: string; taskType: TaskType }[];
};

const ENSEMBLE_PREFIX = "ensemble:";

/** An ensemble's name: "ensemble:<judge>+<judge>+...". */
export const ensembleName = (members: readonly string[]): string => `${ENSEMBLE_PREFIX}${members.join("+")}`;

/** An ensemble's members by name (not checked), or null for any other label set. */
export const ensembleMembers = (name: string): string[] | null =>
  name.startsWith(ENSEMBLE_PREFIX) ? name.slice(ENSEMBLE_PREFIX.length).split("+") : null;

const FUSED_PREFIX = "fused:";

/** Two LLMs fused as FeB4RAG does: "fused:<x>+<y>". */
export const fusedName = (x: string, y: string): string => `${FUSED_PREFIX}${x}+${y}`;

/** A fusion's two judges by name (not checked), or null for any other label set. */
export const fusedMembers = (name: string): string[] | null =>
  name.startsWith(FUSED_PREFIX) ? name.slice(FUSED_PREFIX.length).split("+") : null;

/** The study's LLM judges by name: what an ensemble is made of in the report forms. */
export const llmJudgeNames = (study: Pick<Study, "judges">): string[] =>
  study.judges.filter((j) => j.kind === "model").map((j) => j.name);

/** Every label set a study offers, each with its description. */
export function labelSetOptions(study: Study): { value: string; label: string }[] {
  const models = study.judges.filter((j) => j.kind === "model");
  const hasHumans = study.judges.some((j) => j.kind === "human");
  return [
    ...study.judges.map((j) => ({ value: j.name, label: `${j.name} (${j.kind === "model" ? "LLM" : "human"})` })),
    ...models.flatMap((x, i) =>
      models.slice(i + 1).map((y) => ({ value: fusedName(x.name, y.name), label: `${x.name} + ${y.name} fused` })),
    ),
    ...(hasHumans
      ? models.map((m) => ({ value: `corrected:${m.name}`, label: `${m.name} corrected by humans where they judged` }))
      : []),
    ...study.campaigns
      .filter((c) => labelsPairs(c.taskType))
      .map((c) => ({ value: `campaign:${c.id}`, label: labelSetTitle(`campaign:${c.id}`, study) })),
  ];
}

/**
 * A label set's name in words for a heading: "Annotators of Relevance check (majority)", "gpt-4o
 * corrected by humans", or the judge's name. A campaign's labels are its annotators' majority per
 * item (a tie leaves the item out), as every report but one reads them; Corrected estimates reads
 * each item's mean over its annotators instead (`campaign: "mean"`), and says so.
 */
export function labelSetTitle(
  name: string,
  study: Pick<Study, "campaigns">,
  campaign: "majority" | "mean" = "majority",
): string {
  const id = /^campaign:(\d+)$/.exec(name)?.[1];
  if (id) {
    const found = study.campaigns.find((c) => c.id === Number(id));
    return found ? `Annotators of ${found.name} (${campaign === "mean" ? "mean over annotators" : "majority"})` : name;
  }
  if (name.startsWith("corrected:")) return `${name.slice("corrected:".length)} corrected by humans`;
  const fused = fusedMembers(name);
  if (fused) return `${fused.join(" + ")} fused`;
  const members = ensembleMembers(name);
  if (members) return `Ensemble of ${members.join(" + ")}`;
  return name;
}
