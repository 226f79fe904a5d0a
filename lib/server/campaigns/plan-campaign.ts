import "server-only";
import {
  sampleCandidates,
  sampleJudge,
  sampleResponsePairs,
  targetKeyOf,
  type Candidate,
} from "@/lib/domain/campaigns/sampling";
import { labelSetNameSchema } from "@/lib/schemas/label-set-name";
import { goldHiding, goldWanted, mixGold, type GoldSettings } from "@/lib/domain/campaigns/gold";
import { readInChunks } from "../db/lists";
import type { NuggetList } from "@/lib/domain/nuggets/nugget-list";
import { storedImportance } from "@/lib/domain/nugget-scores/nugget-scores";
import { DEFAULT_CRITERIA, type Criterion } from "@/lib/domain/preferences/criteria";
import { BUILTIN_SCALES, customScale, type Scale } from "@/lib/domain/scales";
import { answerKey, responsePairKey } from "@/lib/domain/targets";
import { citedPairsOfAnswers } from "../db/cited-pairs";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import { unreachable } from "@/lib/domain/task-types/task-type";
import type { CampaignDraft } from "@/lib/schemas/campaigns";
import type { Db } from "../db/client";
import { AppError, invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { checkAnnotators } from "./check-annotators";
import {
  loadAnswerCandidates,
  loadCandidates,
  loadQuestionCandidates,
  loadResponsePairs,
  sampleAnswers,
} from "../db/candidates";
import { namedSystem } from "./system-names";
import { resolveNuggetSet } from "../nuggets/nugget-sets";
import { NUGGET_SET_TASKS } from "@/lib/domain/nuggets/nugget-sets";

/** One item a campaign will hold: its target, and what the item shows. */
export type PlannedItem = {
  targetKey: string;
  queryId: number;
  nuggetId: number | null;
  documentId: number | null;
  responseAId: number | null;
  responseBId: number | null;
  llm: boolean | null;
  /** A nugget-quality item's nugget list (NuggetList JSON), kept for the campaign's whole life. */
  nuggets: string | null;
  /** A gold item's known answer (planGold); absent for a sampled item. */
  goldLevel?: string;
};

export type CampaignPlan = {
  scale: Scale;
  criteria: Criterion[];
  llmJudgeId: number | null;
  items: PlannedItem[];
  llmPositive: number | null;
  /** What the campaign records of its gold items (absent: none). */
  gold?: GoldSettings;
  /** The nugget set its items' nuggets come from (null: a task without nuggets, or a study without a set). */
  nuggetSetId: number | null;
};

/**
 * Checks a campaign draft against its study and draws its sample: the annotators must be annotator members,
 * the overlap at most their number, the LLM judges (the protocol's and the sample's) models of the
 * study, and the sample not empty. Every problem is an "invalid" error naming the field.
 */
export async function planCampaign(db: Db, studyId: number, draft: CampaignDraft): Promise<CampaignPlan> {
  await checkAnnotators(db, studyId, draft.annotatorIds, draft.overlap, "overlap");
  if (draft.protocol !== "blind" && !draft.llmJudge)
    throw invalid("llmJudge: blind-then-reveal and assisted campaigns need the LLM whose labels are shown");
  if (draft.gold && TASK_TYPES[draft.taskType].unit !== "pair")
    throw invalid("gold: gold items are mixed into support and relevance campaigns (one level per pooled pair)");
  const usesNuggets = NUGGET_SET_TASKS.includes(draft.taskType);
  if (draft.nuggetSet && !usesNuggets)
    throw invalid("nuggetSet: only nugget quality, nugget assignment and support campaigns use a nugget set");
  const nuggetSetId = usesNuggets ? ((await resolveNuggetSet(db, studyId, draft.nuggetSet))?.id ?? null) : null;
  const plan = await planOfTask(db, studyId, draft, nuggetSetId);
  return { ...plan, nuggetSetId };
}

function planOfTask(
  db: Db,
  studyId: number,
  draft: CampaignDraft,
  setId: number | null,
): Promise<Omit<CampaignPlan, "nuggetSetId">> {
  switch (draft.taskType) {
    case "nugget_quality":
      return planNuggetQuality(db, studyId, draft, setId);
    case "preference":
      return planPreference(db, studyId, draft);
    case "nugget_assignment":
      return planNuggetAssignment(db, studyId, draft, setId);
    case "citation_support":
      return planCitationSupport(db, studyId, draft);
    case "support":
    case "relevance":
      return planPairs(db, studyId, draft, TASK_TYPES[draft.taskType].pairTarget, setId);
    default:
      return unreachable(draft.taskType);
  }
}

const PAIRS = {
  nugget_document: { pairs: "(nugget, chunk)", needs: "queries, nuggets and a pool" },
  query_document: { pairs: "(question, chunk)", needs: "queries and a pool" },
};

/** A support or relevance campaign: (nugget or question, chunk) pairs drawn by the sample design. */
async function planPairs(
  db: Db,
  studyId: number,
  draft: CampaignDraft,
  pairTarget: keyof typeof PAIRS,
  setId: number | null,
): Promise<Omit<CampaignPlan, "nuggetSetId">> {
  const llmJudgeId = draft.llmJudge ? await modelJudgeId(db, studyId, draft.llmJudge, "llmJudge") : null;
  const samplingJudge = sampleJudge(draft.sample);
  const samplingJudgeId = samplingJudge ? await modelJudgeId(db, studyId, samplingJudge, "sample.judge") : llmJudgeId;
  const candidates = await loadCandidates(studyId, pairTarget, samplingJudgeId, setId);
  const items = sampleCandidates(candidates, draft.sample, draft.seed);
  if (items.length === 0) {
    throw invalid(
      candidates.length === 0
        ? `sample: the study has no pooled ${PAIRS[pairTarget].pairs} pairs; import ${PAIRS[pairTarget].needs} first`
        : "sample: this design selects no pairs (does the LLM judge label any pair of this study?)",
    );
  }
  const scale =
    draft.scale.kind === "builtin"
      ? BUILTIN_SCALES[draft.scale.id]
      : customScale(draft.scale.levels, draft.scale.positiveFrom);
  const gold = draft.gold ? await planGold(db, studyId, draft, candidates, items, scale) : null;
  return {
    scale,
    criteria: [],
    llmJudgeId,
    items: gold?.items ?? items.map((c) => plannedFromCandidate(c)),
    llmPositive: samplingJudgeId === null ? null : items.filter((c) => c.llm === true).length,
    gold: gold?.settings,
  };
}

/**
 * Gold items for a pair campaign: pooled pairs outside the sample that the reference label set
 * labels with a level of the campaign's scale, as many as the spec asks (refused when fewer can be
 * drawn), drawn and placed among the sampled items by the campaign's seed so that nothing tells
 * them apart (mixGold: more pairs of the sampled questions, or whole units of other questions, by
 * design). Each keeps the reference's level as its known answer.
 */
async function planGold(
  db: Db,
  studyId: number,
  draft: CampaignDraft,
  candidates: readonly Candidate[],
  sampled: readonly Candidate[],
  scale: Scale,
): Promise<{ items: PlannedItem[]; settings: GoldSettings }> {
  const spec = draft.gold!;
  // the reference is kept as its text in the campaign's settings: read here, once
  const named = labelSetNameSchema("choose the reference label set").safeParse(spec.labelSet);
  if (!named.success) throw invalid(`gold.labelSet: ${named.error.issues[0]!.message}`);
  const reference = await loadLabelSet(studyId, named.data).catch((e: unknown) => {
    throw e instanceof AppError ? invalid(`gold.labelSet: ${e.message}`) : e;
  });
  const inSample = new Set(sampled.map(targetKeyOf));
  const levels = new Set(scale.levels.map((l) => l.value));
  const known = new Map<Candidate, string>();
  for (const c of candidates) {
    const level = reference.labels.get(targetKeyOf(c))?.value;
    if (level !== undefined && levels.has(level) && !inSample.has(targetKeyOf(c))) known.set(c, level);
  }
  const wanted = goldWanted(spec, sampled.length);
  const { items, gold } = mixGold(sampled, [...known.keys()], wanted, draft.sample, draft.seed);
  if (gold.length < wanted)
    throw invalid(
      known.size === 0
        ? `gold.labelSet: "${spec.labelSet}" gives no pooled pair outside the sample a level of the scale "${scale.name}"`
        : goldHiding(draft.sample) === "in-questions"
          ? `gold: ${wanted} gold items asked, but the sampled questions have only ${gold.length} other pooled pairs with a level of "${spec.labelSet}" on this scale (gold items come from the sample's own questions, so that nothing tells them apart)`
          : `gold: ${wanted} gold items asked, but only ${gold.length} can be drawn from pooled pairs outside the sample with a level of "${spec.labelSet}" on this scale`,
    );
  return {
    items: items.map((c) => plannedFromCandidate(c, known.get(c))),
    settings: { ...spec, items: gold.length },
  };
}

const plannedFromCandidate = (c: Candidate, goldLevel?: string): PlannedItem => ({
  ...(goldLevel === undefined ? {} : { goldLevel }),
  targetKey: targetKeyOf(c),
  queryId: c.queryId,
  nuggetId: c.nuggetId,
  documentId: c.documentId,
  responseAId: null,
  responseBId: null,
  llm: c.llm,
  nuggets: null,
});

/** Blind only, and whole questions (all or N random): the campaigns whose items are not (target, chunk) pairs. */
function checkQuestionDesign(draft: CampaignDraft, what: string) {
  if (draft.protocol !== "blind")
    throw invalid(`protocol: a ${what} campaign is blind (there is no LLM label to reveal)`);
  if (draft.sample.kind !== "all_pairs" && draft.sample.kind !== "random_questions")
    throw invalid(`sample: a ${what} campaign takes all questions or N random ones`);
}

/**
 * A nugget-quality campaign reviews whole questions (each question with nuggets is one item): all
 * of them or N at random. The nuggets under review are the LLM's own output, so there is no LLM
 * label to hide or reveal: the protocol is blind and the marks A and B are yes / no (binary). Each
 * item keeps its question's nugget list as it is now (see NuggetList).
 */
async function planNuggetQuality(
  db: Db,
  studyId: number,
  draft: CampaignDraft,
  setId: number | null,
): Promise<Omit<CampaignPlan, "nuggetSetId">> {
  checkQuestionDesign(draft, "nugget-quality");
  const items = sampleCandidates(await loadQuestionCandidates(studyId, setId), draft.sample, draft.seed);
  if (items.length === 0)
    throw invalid("sample: the study has no questions with nuggets; import queries and nuggets first");
  const lists = await nuggetListsOf(
    db,
    setId!,
    items.map((c) => c.queryId),
  );
  return {
    scale: BUILTIN_SCALES.binary,
    criteria: [],
    llmJudgeId: null,
    items: items.map((c) => ({ ...plannedFromCandidate(c), nuggets: JSON.stringify(lists.get(c.queryId)) })),
    llmPositive: null,
  };
}

/**
 * A preference campaign compares the answers of two systems (or of every pair among several) to
 * the same requests: all requests both answered, or N random ones; one item per request and pair,
 * each pair in name order (system A first). Criteria default to FeB4RAG's four.
 */
async function planPreference(
  db: Db,
  studyId: number,
  draft: CampaignDraft,
): Promise<Omit<CampaignPlan, "nuggetSetId">> {
  checkQuestionDesign(draft, "preference");
  const names = [...new Set(draft.systems ?? [])].sort();
  if (names.length < 2) throw invalid("systems: choose two systems (or more, for every pair among them)");
  const systems = await db.system.findMany({
    where: { studyId, name: { in: names } },
    select: { id: true, name: true },
  });
  const unknown = names.filter((n) => !systems.some((s) => s.name === n));
  if (unknown.length > 0)
    throw invalid(`systems: the study has no system named ${unknown.map((n) => `"${n}"`).join(", ")}`);
  // annotators read the campaign's name and guidelines: neither may say which systems are compared
  for (const [field, text] of [
    ["name", draft.name],
    ["guidelines", draft.guidelines],
  ] as const) {
    const named = namedSystem(text, names);
    if (named)
      throw invalid(
        `${field}: it names the system "${named}", and annotators must not learn which systems they compare`,
      );
  }
  const pairs = await loadResponsePairs(
    studyId,
    systems.sort((x, y) => x.name.localeCompare(y.name)).map((s) => s.id),
  );
  const items = sampleResponsePairs(pairs, draft.sample, draft.seed).map((p): PlannedItem => ({
    targetKey: responsePairKey(p.candidate.queryId, p.systemA, p.systemB),
    queryId: p.candidate.queryId,
    nuggetId: null,
    documentId: null,
    responseAId: p.responseA,
    responseBId: p.responseB,
    llm: null,
    nuggets: null,
  }));
  if (items.length === 0)
    throw invalid(`sample: no request has answers from ${names.join(" and ")}; import their responses first`);
  return {
    scale: BUILTIN_SCALES.binary,
    criteria: draft.criteria ?? DEFAULT_CRITERIA,
    llmJudgeId: null,
    items,
    llmPositive: null,
  };
}

/**
 * A nugget-assignment campaign: one item per system's answer to a question with nuggets (every
 * answer, N random questions with all their answers, or N random answers), each keeping its
 * question's nugget list as it is now (with importance). Blind, blind then reveal (the papers'
 * post-editing) or assisted, the LLM's assignment of each nugget shown as the protocol allows; the
 * annotators' assignments are their own labels, compared with an LLM's in Benchmark impact and on
 * the Agreement page.
 */
async function planNuggetAssignment(
  db: Db,
  studyId: number,
  draft: CampaignDraft,
  setId: number | null,
): Promise<Omit<CampaignPlan, "nuggetSetId">> {
  const llmJudgeId = draft.llmJudge ? await modelJudgeId(db, studyId, draft.llmJudge, "llmJudge") : null;
  const kinds = ["all_pairs", "random_questions", "random_pairs"];
  if (!kinds.includes(draft.sample.kind))
    throw invalid("sample: a nugget-assignment campaign takes every answer, N random questions or N random answers");
  const picked = sampleAnswers(await loadAnswerCandidates(studyId, { nuggetSetId: setId }), draft.sample, draft.seed);
  if (picked.length === 0)
    throw invalid("sample: no question with nuggets has an answer; import TREC RAG answers and nuggets first");
  const lists = await nuggetListsOf(
    db,
    setId!,
    picked.map((a) => a.candidate.queryId),
  );
  return {
    scale: BUILTIN_SCALES["nugget-assignment"],
    criteria: [],
    llmJudgeId,
    items: picked.map(({ candidate: { queryId }, systemId, responseId }) => ({
      targetKey: answerKey(queryId, systemId),
      queryId,
      nuggetId: null,
      documentId: null,
      responseAId: responseId,
      responseBId: null,
      llm: null,
      nuggets: JSON.stringify(lists.get(queryId)),
    })),
    llmPositive: null,
  };
}

/**
 * A citation-support campaign: the sampled answers' sentences (every answer kept with its
 * sentences, N random questions with all their answers, or N random answers), each with the
 * passage it cites first or with every passage it cites (the sample's `citations`), one item per
 * (sentence, passage) pair, in answer and sentence order. Blind, blind then reveal (the paper's
 * post-editing) or assisted; the annotators' levels are their labels on "sc:" targets.
 */
async function planCitationSupport(
  db: Db,
  studyId: number,
  draft: CampaignDraft,
): Promise<Omit<CampaignPlan, "nuggetSetId">> {
  const llmJudgeId = draft.llmJudge ? await modelJudgeId(db, studyId, draft.llmJudge, "llmJudge") : null;
  const { sample } = draft;
  if (sample.kind !== "all_pairs" && sample.kind !== "random_questions" && sample.kind !== "random_pairs")
    throw invalid("sample: a citation-support campaign takes every answer, N random questions or N random answers");
  if ("cap" in sample && sample.cap !== undefined)
    throw invalid("sample.cap: a citation-support sample takes whole answers (choose N random answers instead)");
  const picked = sampleAnswers(await loadAnswerCandidates(studyId, "sentences"), sample, draft.seed);
  const items = (await citedPairsOfAnswers(db, picked, sample.citations ?? "first")).map((pair) => ({
    ...pair,
    nuggetId: null,
    responseBId: null,
    llm: null,
    nuggets: null,
  }));
  if (items.length === 0)
    throw invalid("sample: no answer has a sentence that cites a passage; import TREC RAG answers first");
  return { scale: BUILTIN_SCALES["citation-support"], criteria: [], llmJudgeId, items, llmPositive: null };
}

async function modelJudgeId(db: Db, studyId: number, name: string, field: string): Promise<number> {
  const judge = await db.judge.findUnique({ where: { studyId_name: { studyId, name } } });
  if (!judge || judge.kind !== "model") throw invalid(`${field}: the study has no LLM judge named "${name}"`);
  return judge.id;
}

/** Each question's current nugget list in a set, with its version. */
async function nuggetListsOf(db: Db, setId: number, queryIds: number[]): Promise<Map<number, NuggetList>> {
  // in chunks: Prisma reads the nuggets of a list of questions with their order, which it cannot split
  const queries = await readInChunks(queryIds, (chunk) =>
    db.query.findMany({
      where: { id: { in: chunk } },
      select: {
        id: true,
        nuggetLists: { where: { setId }, select: { version: true } },
        nuggets: {
          where: { setId },
          orderBy: { position: "asc" },
          select: { externalId: true, position: true, text: true, importance: true },
        },
      },
    }),
  );
  return new Map(
    queries.map((q) => [
      q.id,
      {
        version: q.nuggetLists[0]?.version ?? 1,
        nuggets: q.nuggets.map((n) => ({
          id: n.externalId,
          position: n.position,
          text: n.text,
          importance: storedImportance(n.importance),
        })),
      },
    ]),
  );
}
