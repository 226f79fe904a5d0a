import "server-only";
import type { StudyJudges } from "@/lib/schemas/studies";
import { getDb } from "../db/client";
import { judgeLabelCounts } from "../db/labels";
import type { UserDto } from "../users/user-dto";
import { assertResearcherAccess } from "./access";

/** The study's judges, by name, with their labels counted per target type and scale. */
export async function listJudges(user: UserDto, studyId: number): Promise<StudyJudges> {
  await assertResearcherAccess(await getDb(), user, studyId);
  const judges = new Map<string, StudyJudges["judges"][number]>();
  for (const r of await judgeLabelCounts(studyId)) {
    const judge =
      judges.get(r.name) ??
      judges
        .set(r.name, { name: r.name, kind: r.kind === "human" ? "human" : "model", labels: 0, sets: [] })
        .get(r.name)!;
    if (r.targetType === null || r.scale === null) continue;
    judge.labels += r.n;
    judge.sets.push({ targetType: r.targetType, scale: r.scale, labels: r.n });
  }
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const setKey = (s: { targetType: string; scale: string }) => `${s.targetType}\t${s.scale}`;
  for (const j of judges.values()) j.sets.sort((a, b) => (setKey(a) < setKey(b) ? -1 : 1));
  return { judges: [...judges.values()].sort(byName) };
}
