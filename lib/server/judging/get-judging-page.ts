import "server-only";
import { judgeTaskList } from "@/lib/domain/judging/judge-tasks/registry";
import { peopleLabelSetOptions } from "@/lib/domain/label-sets/registry";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import type { JudgingPage } from "@/lib/schemas/judging";
import { getDb } from "../db/client";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { judgeRunsOf } from "./judge-runs";
import { listEndpoints } from "./list-endpoints";
import { studyTemplates } from "./judge-templates";

/** What a study's LLM judges page shows: the templates, the endpoints to choose from, the campaigns to sample, and the runs. */
export async function getJudgingPage(user: UserDto, studyId: number): Promise<JudgingPage> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const [templates, endpoints, campaigns, systems, runs, nuggetSets] = await Promise.all([
    studyTemplates(studyId),
    listEndpoints(),
    db.campaign.findMany({
      where: { studyId, taskType: { in: judgeTaskList().map((t) => t.campaignTask) } },
      orderBy: { name: "asc" },
      select: { id: true, name: true, taskType: true, overlap: true },
    }),
    db.system.findMany({
      where: { studyId, responses: { some: {} } },
      orderBy: { name: "asc" },
      select: { name: true },
    }),
    judgeRunsOf(db, studyId),
    db.nuggetSet.findMany({ where: { studyId }, orderBy: { id: "asc" }, select: { name: true } }),
  ]);
  const people = await db.judge.findMany({
    where: { studyId, kind: "human" },
    orderBy: { name: "asc" },
    select: { name: true },
  });
  const relevanceJudges = await db.judge.findMany({
    where: { studyId, labels: { some: { targetType: "query_document" } } },
    orderBy: { name: "asc" },
    select: { name: true },
  });
  const relevanceCampaigns = campaigns.filter((c) => c.taskType === "relevance");
  return {
    templates,
    endpoints,
    // a run's sample may be the items of a campaign whose task a judge task judges by campaign
    campaigns: campaigns
      .filter((c) => judgeTaskList().some((t) => t.campaignTask === c.taskType && "campaign" in t.sampleLabels))
      .map(({ name, taskType }) => ({ name, taskType })),
    answeringSystems: systems.map((s) => s.name),
    nuggetSets: nuggetSets.map((n) => n.name),
    humanSets: peopleLabelSetOptions({
      judges: people.map((p) => ({ name: p.name, kind: "human" as const })),
      campaigns: campaigns.map((c) => ({ ...c, taskType: taskTypeSchema.parse(c.taskType) })),
    }),
    passageSets: [
      ...relevanceJudges.map((j) => ({ value: j.name, label: j.name })),
      ...peopleLabelSetOptions({
        judges: [],
        campaigns: relevanceCampaigns.map((c) => ({ ...c, taskType: taskTypeSchema.parse(c.taskType) })),
      }),
    ].map(({ value, label }) => ({ value, label })),
    runs,
  };
}
