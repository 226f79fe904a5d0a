import "server-only";
import { sampleCandidates, targetKeyOf } from "@/lib/domain/campaigns/sampling";
import { runJudgeName } from "@/lib/domain/judging/run-judge-name";
import { newJudgeRunSchema, type JudgeRunSample, type NewJudgeRun } from "@/lib/schemas/judging";
import { loadCandidates } from "../db/candidates";
import { getDb, type Db } from "../db/client";
import { insertJudgeCalls, type PlannedCall } from "../db/judge-runs";
import { withBulkTransaction } from "../db/transactions";
import { AppError, invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { resolveTemplate } from "./judge-templates";

const PAIR_TARGET = { relevance: "query_document", support: "nugget_document" } as const;

/**
 * Starts a judge run: the template version and endpoint it names, the calls its sample draws (one
 * per pooled pair, in the sample's order), and the model judge its labels are written as, in one
 * transaction. The run is then worked in the background (lib/server/judging/judge-worker.ts).
 */
export async function createJudgeRun(
  user: UserDto,
  studyId: number,
  input: NewJudgeRun,
  now = new Date(),
): Promise<{ id: number; calls: number; judge: string }> {
  const request = parseOrThrow(newJudgeRunSchema, input);
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const template = await resolveTemplate(request.template);
  const task = template.template.task;
  if (task === "preference")
    throw invalid("template: preference templates cannot be run yet; relevance and support templates can");
  const endpoint = await db.judgeEndpoint.findUnique({ where: { name: request.endpoint } });
  if (!endpoint) throw invalid(`endpoint: there is no endpoint named "${request.endpoint}" (an admin registers them)`);
  const calls = await plannedCalls(db, studyId, PAIR_TARGET[task], request.sample, request.seed ?? 0);
  const judgeName = runJudgeName({
    templateName: template.name,
    templateVersion: template.version,
    model: endpoint.model,
    temperature: request.temperature,
    seed: request.seed,
  });
  const judge =
    (await db.judge.findUnique({ where: { studyId_name: { studyId, name: judgeName } } })) ??
    (await db.judge.create({ data: { studyId, kind: "model", name: judgeName } }));
  if (judge.kind !== "model") throw new AppError("conflict", `template: a person's judge is named "${judgeName}"`);
  const run = await db.judgeRun.create({
    data: {
      studyId,
      judgeId: judge.id,
      endpointId: endpoint.id,
      endpointName: endpoint.name,
      baseUrl: endpoint.baseUrl,
      model: endpoint.model,
      templateName: template.name,
      templateVersion: template.version,
      template: JSON.stringify(template.template),
      task,
      sample: JSON.stringify(request.sample),
      temperature: request.temperature,
      seed: request.seed,
      status: "paused", // running once its calls are in: a worker must not find it empty and end it
      createdBy: user.email,
      createdAt: now,
    },
  });
  try {
    await withBulkTransaction((tx) => insertJudgeCalls(tx, run.id, calls));
  } catch (error) {
    await db.judgeRun.delete({ where: { id: run.id } });
    throw error;
  }
  await db.judgeRun.update({ where: { id: run.id }, data: { status: "running" } });
  return { id: run.id, calls: calls.length, judge: judgeName };
}

/** The calls a sample draws: a campaign design over the study's pooled pairs, or a campaign's own items. */
async function plannedCalls(
  db: Db,
  studyId: number,
  pairTarget: "query_document" | "nugget_document",
  sample: JudgeRunSample,
  seed: number,
): Promise<PlannedCall[]> {
  const pairs = pairTarget === "query_document" ? "(question, chunk)" : "(nugget, chunk)";
  if (sample.kind === "campaign") {
    const campaign = await db.campaign.findUnique({
      where: { studyId_name: { studyId, name: sample.campaign } },
      select: { id: true },
    });
    if (!campaign) throw invalid(`sample.campaign: the study has no campaign named "${sample.campaign}"`);
    const items = await db.item.findMany({
      where: {
        campaignId: campaign.id,
        documentId: { not: null },
        nuggetId: pairTarget === "nugget_document" ? { not: null } : null,
      },
      orderBy: { position: "asc" },
      select: { targetKey: true, queryId: true, nuggetId: true, documentId: true },
    });
    if (items.length === 0)
      throw invalid(`sample.campaign: "${sample.campaign}" has no ${pairs} items for this template`);
    return items.map((i) => ({
      targetKey: i.targetKey,
      queryId: i.queryId,
      nuggetId: i.nuggetId,
      documentId: i.documentId,
    }));
  }
  if (sample.kind === "llm_positive_per_question" || sample.kind === "feb4rag")
    throw invalid("sample.kind: a judge run samples all pairs, N random pairs or questions, or chosen targets");
  const candidates = await loadCandidates(studyId, pairTarget, null);
  const picked = sampleCandidates(candidates, sample, seed);
  if (picked.length === 0)
    throw invalid(
      candidates.length === 0
        ? `sample: the study has no pooled ${pairs} pairs; import them first`
        : "sample: this design selects no pairs",
    );
  return picked.map((c) => ({
    targetKey: targetKeyOf(c),
    queryId: c.queryId,
    nuggetId: c.nuggetId,
    documentId: c.documentId,
  }));
}
