import "server-only";
import { PREFERENCE_SCALE_ID } from "@/lib/domain/scales";
import type { LabelSetName, LabelSetOption } from "@/lib/domain/label-sets/label-set";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";
import { getDb } from "../db/client";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/** Whose preferences a study can report: judges with preference labels (imported), and its preference campaigns ("campaign:<id>"). */
export async function listPreferenceSources(user: UserDto, studyId: number): Promise<LabelSetOption[]> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const [judges, campaigns] = await Promise.all([
    db.judge.findMany({
      where: { studyId, labels: { some: { scale: PREFERENCE_SCALE_ID } } },
      orderBy: { name: "asc" },
      select: { name: true, kind: true },
    }),
    db.campaign.findMany({
      where: { studyId, taskType: "preference" },
      orderBy: { createdAt: "desc" },
      select: { id: true, name: true },
    }),
  ]);
  const option = (set: LabelSetName, label: string) => ({ value: formatLabelSet(set), label, set });
  return [
    ...campaigns.map((c) => option({ kind: "campaign", campaignId: c.id }, `Campaign: ${c.name}`)),
    ...judges.map((j) =>
      option({ kind: "judge", judge: j.name }, `${j.name} (${j.kind === "model" ? "LLM" : "human"} labels)`),
    ),
  ];
}
