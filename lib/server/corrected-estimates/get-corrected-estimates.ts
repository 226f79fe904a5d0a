import "server-only";
import {
  buildCorrectedEstimates,
  describeSample,
  type HumanValue,
} from "@/lib/domain/corrected-estimates/build-corrected-estimates";
import { latestLevels } from "@/lib/domain/label-sets/derive-labels";
import {
  alphaNdcgMetric,
  correctRuns,
  gradedMetric,
  type NuggetJudgments,
} from "@/lib/domain/corrected-estimates/correct-runs";
import type { SetLabel } from "@/lib/domain/label-sets/label-set";
import { parseTrecMeasure } from "@/lib/domain/impact/trec-measures";
import { labelLevel, labelPositive } from "@/lib/domain/scales";
import { parseNuggetDocumentKey, parseQueryDocumentKey } from "@/lib/domain/targets";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";
import type { CorrectedEstimatesQuery } from "@/lib/schemas/corrected-estimates";
import type { CorrectedEstimates } from "@/lib/domain/corrected-estimates/corrected-estimates-report";
import { minIntervalUnits } from "../config";
import { campaignAnnotations } from "../db/annotations";
import { getDb, type Db } from "../db/client";
import { labelsOfJudge } from "../db/labels";
import { documentExternalIds, namedRankedRunsOfStudy, rankedRunsOfStudy } from "../db/run-rankings";
import { questionExternalIds } from "../db/runs";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/** An LLM's labels corrected by people's (see buildCorrectedEstimates). */
export async function getCorrectedEstimates(
  user: UserDto,
  studyId: number,
  query: CorrectedEstimatesQuery,
): Promise<CorrectedEstimates> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const llm = await loadLabelSet(studyId, query.llm);
  const humanName = formatLabelSet(query.human);
  const human = await humanLabels(db, studyId, query.human);
  const report = buildCorrectedEstimates({
    llm: { name: llm.name, labels: llm.labels },
    human: {
      name: humanName,
      labels: human.labels,
      sample: describeSample(humanName, human.campaign, "pairs"),
    },
    confidence: query.confidence,
    minUnits: minIntervalUnits(),
  });
  // the runs and the labels with questions named as the run files name them (the order of sums);
  // relevance needs no document names (ties were broken when the rankings were written), nuggets do (ndeval's ideal ranking)
  const questions = await questionExternalIds(studyId);
  const questionKey = (q: number) => questions.get(q) ?? String(q);
  const llmValues = [...llm.labels].map(([key, l]): [string, readonly HumanValue[]] => [key, [l]]);
  const sample = describeSample(humanName, human.campaign, "questions");
  if (report.kind === "relevance") {
    const runs = await rankedRunsOfStudy(studyId, questionKey);
    if (runs.size === 0) return { ...report, runs: null };
    return {
      ...report,
      runs: correctRuns({
        runs,
        llm: gradedQrels(llmValues, questions),
        human: gradedQrels(human.labels, questions),
        metric: gradedMetric<number>(parseTrecMeasure("ndcg@10")!),
        confidence: query.confidence,
        sample,
        minUnits: minIntervalUnits(),
      }),
    };
  }
  const documents = await documentExternalIds(studyId);
  const runs = await namedRankedRunsOfStudy(studyId, documents, questionKey);
  if (runs.size === 0) return { ...report, runs: null };
  return {
    ...report,
    runs: correctRuns({
      runs,
      llm: nuggetJudgments(llmValues, llm.labels, questions, documents),
      human: nuggetJudgments(human.labels, llm.labels, questions, documents),
      metric: alphaNdcgMetric(10),
      confidence: query.confidence,
      sample,
      minUnits: minIntervalUnits(),
    }),
  };
}

type Names = ReadonlyMap<number, string>;

/**
 * (question, chunk) labels as graded qrels, documents by their database ids: each pair's gain the
 * mean level position of its labels.
 */
function gradedQrels(labels: Iterable<[string, readonly HumanValue[]]>, questions: Names) {
  const out = new Map<string, Map<number, number>>();
  for (const [key, values] of labels) {
    const target = parseQueryDocumentKey(key);
    const gains = values.map(labelLevel).filter((g): g is number => g !== null); // a level's position is its gain
    if (!target || gains.length === 0) continue;
    const q = questions.get(target.queryId);
    if (q === undefined) continue;
    (out.get(q) ?? out.set(q, new Map()).get(q)!).set(
      target.documentId,
      gains.reduce((s, g) => s + g, 0) / gains.length,
    );
  }
  return out;
}

/**
 * (nugget, chunk) labels as nugget judgments per question: a chunk supports a nugget when most of
 * its labels say so (at the scale's threshold). The question of a nugget comes from the LLM's labels.
 */
function nuggetJudgments(
  labels: Iterable<[string, readonly HumanValue[]]>,
  questionsOf: ReadonlyMap<string, SetLabel>,
  questions: Names,
  documents: Names,
): Map<string, NuggetJudgments> {
  const out = new Map<string, { supports: Map<string, Set<string>>; nuggets: Set<string>; judged: Set<string> }>();
  for (const [key, values] of labels) {
    const target = parseNuggetDocumentKey(key);
    const queryId = questionsOf.get(key)?.queryId;
    const verdicts = values.map(labelPositive).filter((b): b is boolean => b !== null);
    if (!target || queryId === undefined || queryId === null || verdicts.length === 0) continue;
    const [q, d] = [questions.get(queryId), documents.get(target.documentId)];
    if (q === undefined || d === undefined) continue;
    const entry = out.get(q) ?? out.set(q, { supports: new Map(), nuggets: new Set(), judged: new Set() }).get(q)!;
    const nugget = String(target.nuggetId);
    entry.nuggets.add(nugget);
    entry.judged.add(`${nugget} ${d}`);
    if (verdicts.filter(Boolean).length * 2 > verdicts.length)
      entry.supports.set(d, (entry.supports.get(d) ?? new Set()).add(nugget));
  }
  return out;
}

/**
 * Each target's human values: every annotator's latest label of a campaign (with the campaign's
 * sample), a campaign's adjudicated level of each target (agreed or decided) or its Dawid-Skene
 * estimate, or one human judge's labels.
 */
async function humanLabels(db: Db, studyId: number, set: LabelSetName) {
  const labels = new Map<string, HumanValue[]>();
  if (set.kind === "campaign") {
    const campaign = await db.campaign.findFirst({ where: { id: set.campaignId, studyId } });
    if (!campaign) throw invalid(`no campaign ${set.campaignId} in this study`);
    const scale = (JSON.parse(campaign.scale) as { id: string }).id;
    for (const { row, value } of latestLevels(await campaignAnnotations(campaign.id)))
      (labels.get(row.targetKey) ?? labels.set(row.targetKey, []).get(row.targetKey)!).push({ value, scale });
    return {
      labels,
      campaign: { name: campaign.name, sample: JSON.parse(campaign.sample) as { kind: string; cap?: number } },
    };
  }
  if ("campaignId" in set) {
    // one value per target: the agreed level or the decision, or Dawid-Skene's estimate (the campaign's sample says whether it is uniform)
    const campaign = await db.campaign.findFirst({ where: { id: set.campaignId, studyId } });
    if (!campaign) throw invalid(`no campaign ${set.campaignId} in this study`);
    for (const l of (await loadLabelSet(studyId, set)).labels.values()) labels.set(l.targetKey, [l]); // a label is a HumanValue as it is
    return {
      labels,
      campaign: { name: campaign.name, sample: JSON.parse(campaign.sample) as { kind: string; cap?: number } },
    };
  }
  if (set.kind !== "judge")
    throw invalid(
      `the people's labels are a human judge, a campaign, its adjudicated or Dawid-Skene labels, not "${formatLabelSet(set)}"`,
    );
  const name = set.judge;
  const judge = await db.judge.findUnique({ where: { studyId_name: { studyId, name } } });
  if (!judge) throw invalid(`no judge named "${name}" in this study`);
  if (judge.kind !== "human") throw invalid(`${name} is an LLM: choose people's labels (a human judge or a campaign)`);
  for (const l of (await labelsOfJudge(judge.id)).values()) labels.set(l.targetKey, [l]); // a label is a HumanValue as it is
  return { labels, campaign: null };
}
