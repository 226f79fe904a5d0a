// Every report of one study as one JSON document, read from the database of DATABASE_URL:
//   DATABASE_URL=... node --conditions=react-server --import tsx test/report-snapshot.ts <study slug>
// A process serves one database, so a test that compares two databases runs this once for each.
// Row ids belong to their database: "campaign:<id>" becomes "campaign:<name>" (and "adjudicated:<id>", "dawid-skene:<id>" alike), a target key's ids
// ("nd:<nugget>:<chunk>") and the explorer's column keys become external ids, and numbers under
// "id" or a key ending in "Id" (studyId, userId, ...) are left out. Nothing else is touched.
import { labelSet } from "./label-set";
import { adjudicable } from "@/lib/domain/task-types/adjudicable";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import { getCampaignAgreement } from "@/lib/server/campaign-agreement/get-campaign-agreement";
import { getCampaignProgress } from "@/lib/server/campaigns/get-campaign-progress";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { getCorrectedEstimates } from "@/lib/server/corrected-estimates/get-corrected-estimates";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/sql-connection";
import { getQuestionPool } from "@/lib/server/explorer/get-question-pool";
import { listDisagreements } from "@/lib/server/explorer/list-disagreements";
import { listQuestions } from "@/lib/server/explorer/list-questions";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { getJudgeAgreement } from "@/lib/server/judge-agreement/get-judge-agreement";
import { getNuggetQualityReport } from "@/lib/server/nugget-quality/get-nugget-quality-report";
import { getPreferencesReport } from "@/lib/server/preferences/get-preferences-report";
import { getResourcesReport } from "@/lib/server/resources/get-resources-report";
import type { UserDto } from "@/lib/server/users/user-dto";

const admin: UserDto = { id: 0, email: "report-snapshot", name: "report snapshot", role: "admin" };

/** A report, or the reason it cannot be made (also compared). */
const attempt = <T>(make: () => Promise<T>): Promise<T | { refused: string }> =>
  make().catch((error: unknown) => ({ refused: error instanceof Error ? error.message : String(error) }));

async function snapshot(slug: string) {
  const db = await getDb();
  const study = await db.study.findUniqueOrThrow({ where: { slug } });
  const studyId = study.id;
  const campaigns = await db.campaign.findMany({ where: { studyId }, orderBy: { name: "asc" } });
  const judges = await db.judge.findMany({ where: { studyId }, orderBy: { name: "asc" } });
  const models = judges.filter((j) => j.kind === "model").map((j) => j.name);
  const pairCampaigns = campaigns.filter((c) => c.taskType === "support" || c.taskType === "relevance");
  const people = [
    ...judges.filter((j) => j.kind === "human").map((j) => j.name),
    ...pairCampaigns.map((c) => `campaign:${c.id}`),
    ...campaigns
      .filter((c) => adjudicable(taskTypeSchema.parse(c.taskType), c.overlap))
      .flatMap((c) => [`adjudicated:${c.id}`, `dawid-skene:${c.id}`]),
  ];
  const out: Record<string, unknown> = {};
  for (const a of models)
    for (const b of [...models.filter((m) => m > a), ...people]) {
      const sets = { a: labelSet(a), b: labelSet(b) };
      for (const group of ["none", "query"] as const)
        out[`agreement ${a} ${b} ${group}`] = await attempt(() =>
          getAgreementReport(admin, studyId, { ...sets, group }),
        );
      out[`impact ${a} ${b}`] = await attempt(() => getImpactReport(admin, studyId, sets));
      out[`resources ${a} ${b}`] = await attempt(() => getResourcesReport(admin, studyId, sets));
      out[`corrected ${a} ${b}`] = await attempt(() =>
        getCorrectedEstimates(admin, studyId, { llm: sets.a, human: sets.b, confidence: 0.95 }),
      );
    }
  for (const reference of people)
    out[`judge agreement ${reference}`] = await attempt(() =>
      getJudgeAgreement(admin, studyId, { reference, measure: "ndcg@10" }),
    );
  for (const c of campaigns) {
    out[`progress ${c.name}`] = await attempt(() => getCampaignProgress(admin, c.id)); // with the reveal effect
    out[`campaign agreement ${c.name}`] = await attempt(() => getCampaignAgreement(admin, studyId, c.id));
    if (c.taskType === "nugget_quality")
      for (const support of [undefined, ...pairCampaigns])
        out[`nugget quality ${c.name} ${support?.name ?? ""}`] = await attempt(() =>
          getNuggetQualityReport(admin, studyId, { campaign: c.id, support: support?.id }),
        );
    if (c.taskType === "preference")
      out[`preferences ${c.name}`] = await attempt(() =>
        getPreferencesReport(admin, studyId, { source: { kind: "campaign", campaignId: c.id } }),
      );
  }
  out.questions = await attempt(() =>
    listQuestions(admin, studyId, { q: "", tag: "", sort: "id", dir: "asc", page: 1 }),
  );
  out.disagreements = await attempt(() => listDisagreements(admin, studyId, 1));
  for (const q of await db.query.findMany({ where: { studyId }, orderBy: { externalId: "asc" } }))
    out[`pool ${q.externalId}`] = await attempt(() => getQuestionPool(admin, studyId, q.id));

  return readable(JSON.stringify(out), studyId, campaigns);
}

/** The snapshot's text with database ids replaced by campaigns' names and external ids, and ids left out. */
async function readable(text: string, studyId: number, campaigns: readonly { id: number; name: string }[]) {
  const db = await getDb();
  const names = new Map(campaigns.map((c) => [String(c.id), c.name]));
  text = text.replace(
    /(campaign|adjudicated|dawid-skene):(\d+)\b/g,
    (_, kind: string, id: string) => `${kind}:${names.get(id) ?? id}`,
  );
  const external = async (rows: Promise<{ id: number; externalId: string }[]>) =>
    new Map((await rows).map((r) => [String(r.id), r.externalId]));
  const select = { id: true, externalId: true } as const;
  const [nuggets, queries, documents] = await Promise.all([
    external(db.nugget.findMany({ where: { studyId }, select })),
    external(db.query.findMany({ where: { studyId }, select })),
    external(db.document.findMany({ where: { studyId }, select })),
  ]);
  text = text.replace(
    /\b(nd|qd):(\d+):(\d+)\b/g,
    (_, kind: string, target: string, doc: string) =>
      `${kind}:${(kind === "nd" ? nuggets : queries).get(target)}:${documents.get(doc)}`,
  );
  // the explorer's columns: "n<nugget id>", or "q<question id>" for relevance
  text = text.replace(
    /"key":"([nq])(\d+)"/g,
    (_, kind: string, id: string) => `"key":"${kind}:${(kind === "n" ? nuggets : queries).get(id)}"`,
  );
  return JSON.parse(text, (key, value: unknown) =>
    typeof value === "number" && (key === "id" || key.endsWith("Id")) ? undefined : value,
  ) as unknown;
}

const slug = process.argv[2];
if (!slug) throw new Error("usage: report-snapshot.ts <study slug>");
process.stdout.write(`${JSON.stringify(await snapshot(slug), null, 1)}\n`);
await closeSharedConnections();
await closeDb();
