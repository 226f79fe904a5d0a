import "server-only";
import type { LabelSetOption } from "@/lib/domain/label-sets/label-set";
import { labelSetOptions } from "@/lib/domain/label-sets/registry";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import { getDb } from "../db/client";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

export type CampaignFormOptions = {
  study: { id: number; name: string };
  annotators: { id: number; name: string; email: string }[];
  /** Every member of the study (who may be named a campaign's adjudicator, if they do not annotate it). */
  members: { id: number; name: string; email: string; role: string }[];
  llmJudges: string[];
  /** The systems with RAG answers, for preference campaigns. */
  answeringSystems: string[];
  /** The label sets gold items may be drawn from (every set the study offers in menus). */
  referenceSets: LabelSetOption[];
  /** The study's nugget sets' names, the first (the default) first. */
  nuggetSets: string[];
};

/** What the campaign forms offer: the study's members (its annotators among them), its LLM judges and the systems that answered requests. */
export async function getCampaignFormOptions(user: UserDto, studyId: number): Promise<CampaignFormOptions> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const [study, members, judges, systems, allJudges, campaigns, nuggetSets] = await Promise.all([
    db.study.findUniqueOrThrow({ where: { id: studyId }, select: { id: true, name: true } }),
    db.studyMember.findMany({
      where: { studyId },
      include: { user: { select: { id: true, name: true, email: true } } },
      orderBy: { userId: "asc" },
    }),
    db.judge.findMany({ where: { studyId, kind: "model" }, orderBy: { name: "asc" }, select: { name: true } }),
    db.system.findMany({
      where: { studyId, responses: { some: {} } },
      orderBy: { name: "asc" },
      select: { name: true },
    }),
    db.judge.findMany({ where: { studyId }, orderBy: { name: "asc" }, select: { name: true, kind: true } }),
    db.campaign.findMany({
      where: { studyId },
      orderBy: { id: "asc" },
      select: { id: true, name: true, taskType: true, overlap: true },
    }),
    db.nuggetSet.findMany({ where: { studyId }, orderBy: { id: "asc" }, select: { name: true } }),
  ]);
  return {
    study,
    annotators: members.filter((m) => m.role === "annotator").map((m) => m.user),
    members: members.map((m) => ({ ...m.user, role: m.role })),
    llmJudges: judges.map((j) => j.name),
    answeringSystems: systems.map((s) => s.name),
    referenceSets: labelSetOptions({
      judges: allJudges.map((j) => ({ name: j.name, kind: j.kind === "model" ? "model" : "human" })),
      campaigns: campaigns.map((c) => ({ ...c, taskType: taskTypeSchema.parse(c.taskType) })),
    }),
    nuggetSets: nuggetSets.map((n) => n.name),
  };
}
