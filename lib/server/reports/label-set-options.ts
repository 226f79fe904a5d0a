import "server-only";
import { labelsPairs } from "@/lib/domain/task-types";
import type { StudyOverview } from "@/lib/schemas/studies";

/** The label sets a study offers to reports (the names loadLabelSource reads), with their descriptions. */
export function labelSetOptions(study: Pick<StudyOverview, "judges" | "campaigns">): { value: string; label: string }[] {
  const models = study.judges.filter((j) => j.kind === "model");
  const hasHumans = study.judges.some((j) => j.kind === "human");
  return [
    ...study.judges.map((j) => ({ value: j.name, label: `${j.name} (${j.kind === "model" ? "LLM" : "human"})` })),
    ...models.flatMap((x, i) => models.slice(i + 1).map((y) => ({ value: `fused:${x.name}+${y.name}`, label: `${x.name} + ${y.name} fused` }))),
    ...(hasHumans ? models.map((m) => ({ value: `corrected:${m.name}`, label: `${m.name} corrected by humans where they judged` })) : []),
    ...study.campaigns
      .filter((c) => labelsPairs(c.taskType))
      .map((c) => ({ value: `campaign:${c.id}`, label: `Annotators of ${c.name} (majority)` })),
  ];
}
