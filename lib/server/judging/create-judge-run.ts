import "server-only";
import { sampleCandidates, sampleResponsePairs, targetKeyOf, type SampleSpec } from "@/lib/domain/campaigns/sampling";
import { JUDGE_TASKS, type AnyJudgeTask } from "@/lib/domain/judging/judge-tasks/registry";
import { unreachable } from "@/lib/domain/task-types/task-type";
import { runJudgeName } from "@/lib/domain/judging/run-judge-name";
import { answerKey, responsePairKey } from "@/lib/domain/targets";
import { newJudgeRunSchema, type JudgeRunSample, type NewJudgeRun } from "@/lib/schemas/judging";
import { resolveNuggetSet } from "../nuggets/nugget-sets";
import { loadAnswerCandidates, loadCandidates, loadResponsePairs, sampleAnswers } from "../db/candidates";
import { citedPairsOfAnswers } from "../db/cited-pairs";
import { getDb, type Db } from "../db/client";
import { insertJudgeCalls, type PlannedCall } from "../db/judge-runs";
import { withBulkTransaction } from "../db/transactions";
import { AppError, invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { resolveTemplate } from "./judge-templates";
import { createdNuggetSet, nuggetizerCalls } from "./nuggetizer-run";

/**
 * Starts a judge run: the template version and endpoint it names, the calls its sample draws (one
 * per pooled pair in the sample's order; two per answer pair for a preference; one per question for
 * nuggetizer's tasks, nuggetizer-run.ts), and the model judge its labels are written as. The run is created paused, its calls inserted in one transaction (the
 * run removed if that fails), and then set running, so that no worker finds it without its calls;
 * it is then worked in the background (lib/server/judging/judge-worker.ts).
 */
export async function createJudgeRun(
  user: UserDto,
  studyId: number,
  input: NewJudgeRun,
  now = new Date(),
): Promise<{ id: number; calls: number; judge: string; nuggetSet?: string; nuggets?: "written" | "graded" }> {
  const request = parseOrThrow(newJudgeRunSchema, input);
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const template = await resolveTemplate(studyId, request.template);
  const task = JUDGE_TASKS[template.template.task];
  const endpoint = await db.judgeEndpoint.findUnique({ where: { name: request.endpoint } });
  if (!endpoint) throw invalid(`endpoint: there is no endpoint named "${request.endpoint}" (an admin registers them)`);
  if (!(request.sample.kind in task.sampleLabels))
    throw invalid(
      `sample.kind: a ${task.id} run does not draw "${request.sample.kind}" (it draws: ${Object.values(task.sampleLabels).join("; ")})`,
    );
  const planned =
    task.unit === "question"
      ? { ...(await nuggetizerCalls(db, studyId, task, request)), systems: null }
      : { ...(await callsOf(db, studyId, task, request)), settings: null };
  const { calls, systems, settings } = planned;
  const judgeName = await judgeNameOf(db, studyId, {
    templateName: template.name,
    templateVersion: template.version,
    model: endpoint.model,
    temperature: request.temperature,
    seed: request.seed,
    endpoint,
  });
  const judge =
    (await db.judge.findUnique({ where: { studyId_name: { studyId, name: judgeName } } })) ??
    (await db.judge.create({ data: { studyId, kind: "model", name: judgeName } }));
  if (judge.kind !== "model") throw new AppError("conflict", `template: a person's judge is named "${judgeName}"`);
  // a creation run's new set, named after it (removed with the run if its calls cannot be stored)
  const createdSet = task.labelKind === "nuggets" ? await createdNuggetSet(db, studyId, judgeName, settings!) : null;
  const nuggetSetId = createdSet ?? planned.nuggetSetId;
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
      task: task.id,
      sample: JSON.stringify(request.sample),
      systems: systems ? JSON.stringify(systems.map((s) => s.name)) : null,
      criterion: systems ? request.criterion : null,
      temperature: request.temperature,
      seed: request.seed,
      nuggetSetId,
      options: settings ? JSON.stringify(settings) : null,
      status: "paused", // running once its calls are in: a worker must not find it empty and end it
      createdBy: user.email,
      createdAt: now,
    },
  });
  try {
    await withBulkTransaction((tx) => insertJudgeCalls(tx, run.id, calls));
  } catch (error) {
    await db.judgeRun.delete({ where: { id: run.id } });
    if (createdSet !== null) await db.nuggetSet.delete({ where: { id: createdSet } });
    throw error;
  }
  await db.judgeRun.update({ where: { id: run.id }, data: { status: "running" } });
  // a nuggetizer run: the set it writes or grades
  const set =
    task.unit === "question" && nuggetSetId !== null
      ? await db.nuggetSet.findUnique({ where: { id: nuggetSetId } })
      : null;
  const nuggets = task.labelKind === "nuggets" ? ("written" as const) : ("graded" as const);
  return { id: run.id, calls: calls.length, judge: judgeName, ...(set ? { nuggetSet: set.name, nuggets } : {}) };
}

/**
 * The judge a run writes as: runJudgeName, and the endpoint's name beside it when that judge's
 * runs in this study went to another server (two endpoints serving one model name are two judges;
 * judges named before keep their names).
 */
async function judgeNameOf(
  db: Db,
  studyId: number,
  o: Omit<Parameters<typeof runJudgeName>[0], "endpoint"> & { endpoint: { name: string; baseUrl: string } },
): Promise<string> {
  const { endpoint, ...settings } = o;
  const plain = runJudgeName(settings);
  const elsewhere = await db.judgeRun.findFirst({
    where: { studyId, judge: { name: plain }, baseUrl: { not: endpoint.baseUrl } },
    select: { id: true },
  });
  return elsewhere ? runJudgeName({ ...settings, endpoint: endpoint.name }) : plain;
}

/**
 * The calls a run's sample draws, as its task forms them: pooled pairs, or pairs of systems'
 * answers to requests; and the nugget set a nugget task's calls use.
 */
async function callsOf(
  db: Db,
  studyId: number,
  task: AnyJudgeTask,
  request: NewJudgeRun,
): Promise<{ calls: PlannedCall[]; systems: { id: number; name: string }[] | null; nuggetSetId: number | null }> {
  const seed = request.seed ?? 0;
  const sample = request.sample;
  const usesNuggets = task.unit === "answer" || task.pairTarget === "nugget_document";
  if (request.nuggetSet && (!usesNuggets || sample.kind === "campaign"))
    throw invalid(
      usesNuggets
        ? "nuggetSet: a run over a campaign's items uses the campaign's nugget set"
        : "nuggetSet: only nugget assignment and support runs use a nugget set",
    );
  if (sample.kind === "campaign")
    return { ...(await campaignCalls(db, studyId, task, sample.campaign)), systems: null };
  const nuggetSetId = usesNuggets ? ((await resolveNuggetSet(db, studyId, request.nuggetSet))?.id ?? null) : null;
  const none = { systems: null, nuggetSetId };
  switch (task.unit) {
    case "pair":
      return { calls: await plannedCalls(studyId, task, sample, seed, nuggetSetId), ...none };
    case "request": {
      const systems = await comparedSystems(db, studyId, task, request.systems);
      return { calls: await answerPairCalls(studyId, systems, sample, seed), systems, nuggetSetId };
    }
    case "answer":
      return { calls: await answerCalls(studyId, sample, seed, nuggetSetId), ...none };
    case "citation":
      return { calls: await citationCalls(db, studyId, sample, seed), ...none };
    case "question": // nuggetizer-run.ts
      throw new Error("a nuggetizer run's calls are planned by nuggetizerCalls");
    default:
      return unreachable(task.unit);
  }
}

/** A request task's systems: two or more of the study's, by name, in name order. */
async function comparedSystems(db: Db, studyId: number, task: AnyJudgeTask, names: readonly string[] | undefined) {
  const wanted = [...new Set(names ?? [])].sort();
  if (wanted.length < 2)
    throw invalid(`systems: a ${task.id} template compares two systems' answers (or more, every pair)`);
  const systems = await db.system.findMany({
    where: { studyId, name: { in: wanted } },
    select: { id: true, name: true },
  });
  const unknown = wanted.filter((n) => !systems.some((s) => s.name === n));
  if (unknown.length)
    throw invalid(`systems: the study has no system named ${unknown.map((n) => `"${n}"`).join(", ")}`);
  return systems.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A request task's calls: for every request the systems both answered (all, or N random ones),
 * each pair of systems in name order (A first), shown both ways: A/B, then B/A.
 */
async function answerPairCalls(
  studyId: number,
  systems: { id: number; name: string }[],
  sample: SampleSpec,
  seed: number,
): Promise<PlannedCall[]> {
  const pairs = await loadResponsePairs(
    studyId,
    systems.map((s) => s.id),
  );
  const requests = new Set(pairs.map((p) => p.candidate.queryId)).size;
  if (sample.kind === "random_questions" && sample.questions > requests)
    throw invalid(
      `sample.questions: ${sample.questions} is more than the ${requests} requests ${systems.map((s) => s.name).join(" and ")} answered`,
    );
  const chosen = sampleResponsePairs(pairs, sample, seed);
  if (chosen.length === 0)
    throw invalid(
      `sample: no request has answers from ${systems.map((s) => s.name).join(" and ")}; import their responses first`,
    );
  return chosen.flatMap((p) =>
    [false, true].map((swapped) => ({
      targetKey: responsePairKey(p.candidate.queryId, p.systemA, p.systemB),
      queryId: p.candidate.queryId,
      nuggetId: null,
      documentId: null,
      responseAId: p.responseA,
      responseBId: p.responseB,
      swapped,
    })),
  );
}

/**
 * An answer task's calls: one per system's answer to a question with nuggets (every answer, N
 * random questions with all their answers, N random answers, or a nugget-assignment campaign's).
 */
async function answerCalls(
  studyId: number,
  sample: SampleSpec,
  seed: number,
  nuggetSetId: number | null,
): Promise<PlannedCall[]> {
  const answers = await loadAnswerCandidates(studyId, { nuggetSetId });
  tooFew(
    sample,
    answers.map((a) => a.candidate),
    { items: "answers to questions with nuggets", questions: "answers and nuggets" },
  );
  const picked = sampleAnswers(answers, sample, seed);
  if (picked.length === 0)
    throw invalid("sample: no question with nuggets has an answer; import TREC RAG answers and nuggets first");
  return picked.map(({ candidate: { queryId }, systemId, responseId }) => ({
    targetKey: answerKey(queryId, systemId),
    queryId,
    nuggetId: null,
    documentId: null,
    responseAId: responseId,
  }));
}

/**
 * A citation task's calls: one per (sentence, passage) pair of the sampled answers (every answer
 * kept with its sentences, N random questions' answers or N random answers; each sentence with the
 * passage it cites first, or every one: the sample's `citations`), or of a citation-support campaign.
 */
async function citationCalls(db: Db, studyId: number, sample: SampleSpec, seed: number): Promise<PlannedCall[]> {
  if (sample.kind !== "all_pairs" && sample.kind !== "random_pairs" && sample.kind !== "random_questions")
    throw invalid("sample.kind: a citation run draws every answer, N random questions or N random answers");
  const answers = await loadAnswerCandidates(studyId, "sentences");
  tooFew(
    sample,
    answers.map((a) => a.candidate),
    { items: "answers kept with their sentences", questions: "answers kept with their sentences" },
  );
  const pairs = await citedPairsOfAnswers(db, sampleAnswers(answers, sample, seed), sample.citations ?? "first");
  if (pairs.length === 0)
    throw invalid("sample: no answer has a sentence that cites a passage; import TREC RAG answers first");
  return pairs.map((p) => ({ ...p, nuggetId: null }));
}

/**
 * Refuses a sample of more random pairs (or answers) or questions than the study has, naming its
 * size: `what` names the items ("pooled (question, chunk) pairs") and the questions that have them.
 */
function tooFew(
  sample: JudgeRunSample,
  candidates: readonly { queryId: number }[],
  what: { items: string; questions: string },
): void {
  if (sample.kind === "random_pairs" && sample.pairs > candidates.length)
    throw invalid(`sample.pairs: ${sample.pairs} is more than the study's ${candidates.length} ${what.items}`);
  const questions = new Set(candidates.map((c) => c.queryId)).size;
  if (sample.kind === "random_questions" && sample.questions > questions)
    throw invalid(
      `sample.questions: ${sample.questions} is more than the ${questions} questions with ${what.questions}`,
    );
}

/** The calls a sample draws: a campaign design over the study's pooled pairs, or a campaign's own items. */
async function plannedCalls(
  studyId: number,
  task: AnyJudgeTask,
  sample: SampleSpec,
  seed: number,
  nuggetSetId: number | null,
): Promise<PlannedCall[]> {
  const pairTarget = task.pairTarget!;
  const pairs = pairTarget === "query_document" ? "(question, chunk)" : "(nugget, chunk)";
  const candidates = await loadCandidates(studyId, pairTarget, null, nuggetSetId);
  tooFew(sample, candidates, { items: `pooled ${pairs} pairs`, questions: `pooled ${pairs} pairs` });
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

/**
 * A campaign sample's calls: the items of the named campaign in their order, which must be a
 * campaign of the task the run's judge task is calibrated against (refused naming both), so each
 * item is a target of the run's kind.
 */
async function campaignCalls(
  db: Db,
  studyId: number,
  task: AnyJudgeTask,
  name: string,
): Promise<{ calls: PlannedCall[]; nuggetSetId: number | null }> {
  const campaign = await db.campaign.findUnique({
    where: { studyId_name: { studyId, name } },
    select: { id: true, taskType: true, nuggetSetId: true },
  });
  if (!campaign) throw invalid(`sample.campaign: the study has no campaign named "${name}"`);
  if (campaign.taskType !== task.campaignTask)
    throw invalid(
      `sample.campaign: "${name}" is a ${campaign.taskType} campaign; a ${task.id} run takes the items of a ${task.campaignTask} campaign`,
    );
  const items = await db.item.findMany({
    where: { campaignId: campaign.id },
    orderBy: { position: "asc" },
    select: { targetKey: true, queryId: true, nuggetId: true, documentId: true, responseAId: true },
  });
  if (items.length === 0) throw invalid(`sample.campaign: "${name}" has no items`);
  return { calls: items, nuggetSetId: campaign.nuggetSetId };
}
