// Every judge of a study against one reference judge (LLMJudge's Tables 3 and 4, Rahmani et al.
// 2025): each two-judge statistic with its bootstrap interval, Cohen's kappa on the labels
// binarized at each level, and, when the study has runs, how the systems rank under each judge's
// labels against the reference's (Kendall's tau, Spearman's rho).
import type { PairCount } from "../agreement/pair-count";
import { bootstrapGroups, type StatisticWithInterval } from "../agreement/bootstrap";
import { codeLabelPairs } from "../agreement/code-label-pairs";
import { confusionMatrix } from "../agreement/confusion-matrix";
import { PAIR_STATISTICS, pairStatisticsWithIntervals, statisticsFromCounts } from "../agreement/pair-statistics";
import type { ReportBootstrap } from "../agreement/report-bootstrap";
import { kendallTauB, spearmanRho } from "../impact/rank-correlation";
import type { RankedRun } from "../runs/run-ranking";
import { evaluateTrecRanking, type GradedJudgments, type TrecMeasure } from "../impact/trec-measures";
import { labelLevel } from "../scales";

/** One graded label of a (query, document) pair: its query and document ids and its level. */
export type GradedLabel = { queryId: string; documentId: string; value: string; scale: string };

export type JudgeInputs = {
  name: string;
  kind: "model" | "human";
  /** The reference's labels (a) against this judge's (b) on the targets both labelled, counted. */
  pairs: readonly PairCount[];
  /** This judge's (query, document) labels, for its system ranking; empty without runs. */
  labels: readonly GradedLabel[];
};

export type JudgeAgreementInputs = {
  reference: { name: string; labels: readonly GradedLabel[] };
  judges: readonly JudgeInputs[];
  /** The study's runs by system: per query id, the ranked entries. */
  runs: ReadonlyMap<string, RankedRun>;
  measure: TrecMeasure;
  bootstrap: ReportBootstrap;
};

/**
 * A judge's labels as graded qrels: each (query, document) label's gain is its level's position on
 * its scale (0 for the lowest), which is the number a TREC qrels file gives for it.
 */
export function gradedQrels(labels: readonly GradedLabel[]): Map<string, Map<string, number>> {
  const qrels = new Map<string, Map<string, number>>();
  for (const label of labels) {
    const gain = labelLevel(label);
    if (gain === null) continue;
    (qrels.get(label.queryId) ?? qrels.set(label.queryId, new Map()).get(label.queryId)!).set(label.documentId, gain);
  }
  return qrels;
}

/** Each system's score under the qrels, systems by name; null when a system shares no query with them. */
function systemScores(
  qrels: ReadonlyMap<string, GradedJudgments>,
  inputs: JudgeAgreementInputs,
): Map<string, number | null> {
  return new Map(
    [...inputs.runs].map(([system, run]) => [
      system,
      evaluateTrecRanking(qrels, run, [inputs.measure])[inputs.measure.id] ?? null,
    ]),
  );
}

/** Cohen's kappa of the pairs binarized at a level (label >= level -> 1), with its interval. */
function binarizedKappa(
  a: Int32Array,
  b: Int32Array,
  level: number,
  bootstrap: ReportBootstrap,
): StatisticWithInterval {
  const cells = confusionMatrix({
    a: a.map((x) => (x >= level ? 1 : 0)),
    b: b.map((x) => (x >= level ? 1 : 0)),
    categories: 2,
  }).flat();
  const matrix = (w: readonly number[]) => [w.slice(0, 2), w.slice(2, 4)];
  return bootstrapGroups(
    ["cohen-kappa"] as const,
    cells,
    (weights) => ({ "cohen-kappa": statisticsFromCounts(matrix(weights), true)["cohen-kappa"] }),
    bootstrap,
  )["cohen-kappa"];
}

export function buildJudgeAgreement(inputs: JudgeAgreementInputs) {
  // systems rank only under relevance labels of (query, document) pairs, which the reference must have
  const referenceQrels = gradedQrels(inputs.reference.labels);
  const referenceScores = inputs.runs.size > 0 && referenceQrels.size > 0 ? systemScores(referenceQrels, inputs) : null;
  const systems = [...inputs.runs.keys()].sort();
  let levels: string[] | null = null;
  const judges = inputs.judges.map((judge) => {
    const coded = codeLabelPairs(judge.pairs);
    const statistics = pairStatisticsWithIntervals(
      { a: coded.a, b: coded.b, categories: coded.categories.length },
      coded.ordered,
      inputs.bootstrap,
    );
    // binarized at every level above the lowest, when both use one ordered scale of 3 or more levels
    const graded = coded.ordered && !coded.binarized && coded.categories.length > 2;
    if (graded) levels ??= coded.categories;
    const thresholds = graded ? coded.categories.slice(1).map((_, i) => i + 1) : [];
    const binarized = thresholds.map((level) => ({
      level: coded.categories[level]!,
      kappa: binarizedKappa(coded.a, coded.b, level, inputs.bootstrap),
    }));
    let ranking: {
      systems: number;
      tau: number | null;
      rho: number | null;
      scores: Record<string, number | null>;
    } | null = null;
    if (referenceScores) {
      const scores = systemScores(gradedQrels(judge.labels), inputs);
      const both = systems.filter((s) => referenceScores.get(s) !== null && scores.get(s) !== null);
      const x = both.map((s) => referenceScores.get(s)!);
      const y = both.map((s) => scores.get(s)!);
      ranking = {
        systems: both.length,
        tau: both.length < 2 ? null : kendallTauB(x, y),
        rho: both.length < 2 ? null : spearmanRho(x, y),
        scores: Object.fromEntries(systems.map((s) => [s, scores.get(s) ?? null])),
      };
    }
    return {
      judge: judge.name,
      kind: judge.kind,
      items: coded.a.length,
      comparedOn: coded.comparedOn,
      statistics: PAIR_STATISTICS.map((metric) => ({ metric, ...statistics[metric] })),
      binarized,
      ranking,
    };
  });
  return {
    reference: inputs.reference.name,
    bootstrap: inputs.bootstrap,
    /** The shared scale's levels, lowest first, when the binarized columns exist. */
    levels,
    measure: inputs.measure.id,
    systems: referenceScores
      ? systems.map((system) => ({ system, reference: referenceScores.get(system) ?? null }))
      : null,
    judges: judges.sort((x, y) => (x.judge < y.judge ? -1 : x.judge > y.judge ? 1 : 0)),
  };
}

/** The report as the builder gives it (lib/schemas/judge-agreement.ts describes it over HTTP). */
export type JudgeAgreement = ReturnType<typeof buildJudgeAgreement>;
