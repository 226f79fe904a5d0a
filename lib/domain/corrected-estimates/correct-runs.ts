// Each run's metric corrected by people's labels (docs/DOMAIN.md, "Corrected estimates"): PPI over
// questions. Every question the LLM judged gives Ŷ = the run's metric under the LLM's labels; a
// question whose whole pool people judged also gives Y = the metric under theirs. Valid when those
// questions were drawn uniformly at random (a campaign of N random questions, whole pools).
import { alphaNdcg, type QueryJudgments } from "../impact/nugget-metrics";
import type { RankedRun, Ranking } from "../impact/run-ranking";
import { trecMeasure, type GradedJudgments, type TrecMeasure } from "../impact/trec-measures";
import { classicalMean, ppiMean, type Interval } from "../ppi/ppi-mean";
import type { HumanSample } from "./build-corrected-estimates";

/**
 * How one question is scored: its name, the judgments' pairs (to tell a whole pool), and a run's
 * score (documents by the judgments' keys for them, K).
 */
export type QuestionMetric<J, K = string> = {
  id: string;
  /** The pairs the judgments judged, as keys (a chunk, or a nugget and a chunk). */
  pairs: (judgments: J) => Iterable<unknown>;
  score: (ranking: Ranking<K>, judgments: J) => number;
};

/** trec_eval's measure under graded qrels (relevance labels). */
export const gradedMetric = <K>(measure: TrecMeasure): QuestionMetric<GradedJudgments<K>, K> => ({
  id: measure.id,
  pairs: (qrels) => qrels.keys(),
  score: (ranking, qrels) => trecMeasure(measure, ranking.float32, qrels),
});

/** Nugget judgments of one question with every (nugget, chunk) pair judged, supported or not. */
export type NuggetJudgments = QueryJudgments & { judged: ReadonlySet<string> };

/** FreshStack's alpha-nDCG@k (ndeval's) under nugget judgments (support labels). */
export const alphaNdcgMetric = (k: number): QuestionMetric<NuggetJudgments> => ({
  id: `alpha-ndcg@${k}`,
  pairs: (judgments) => judgments.judged,
  score: (ranking, judgments) => alphaNdcg(ranking.exact, judgments, k),
});

export type RunsInputs<J, K = string> = {
  runs: ReadonlyMap<string, RankedRun<K>>;
  /** The LLM's judgments: every question it judged. */
  llm: ReadonlyMap<string, J>;
  /** People's judgments (the mean of their values, or their majority). */
  human: ReadonlyMap<string, J>;
  metric: QuestionMetric<J, K>;
  confidence: number;
  sample: HumanSample;
};

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function correctRuns<J, K>(inputs: RunsInputs<J, K>) {
  const { metric, confidence } = inputs;
  const questions = [...inputs.llm.keys()].sort(compareIds);
  // a question counts as labelled when people judged every pair of it the LLM judged
  const labelled = questions.filter((q) => {
    const people = inputs.human.get(q);
    if (people === undefined) return false;
    const theirs = new Set(metric.pairs(people));
    return [...metric.pairs(inputs.llm.get(q)!)].every((pair) => theirs.has(pair));
  });
  const isLabelled = new Set(labelled);
  const score = (run: RankedRun<K>, q: string, judgments: J) => {
    const ranking = run.get(q);
    return ranking ? metric.score(ranking, judgments) : 0;
  };
  const perQuestion = new Map(
    [...inputs.runs].map(([system, run]) => [
      system,
      {
        llm: questions.map((q) => score(run, q, inputs.llm.get(q)!)),
        human: labelled.map((q) => score(run, q, inputs.human.get(q)!)),
      },
    ]),
  );
  const withheld =
    labelled.length < 2
      ? `${labelled.length === 0 ? "no" : "one"} question with its whole pool judged by people: PPI needs at least two`
      : labelled.length === questions.length
        ? "people judged every question's whole pool: their scores are the answer"
        : inputs.sample.uniform
          ? null
          : inputs.sample.why;
  /** PPI over questions for per-question values (the metric, or a difference of two systems' metrics). */
  const estimate = (llm: number[], human: number[]) => {
    const yhat = questions.flatMap((q, i) => (isLabelled.has(q) ? [llm[i]!] : []));
    const yhatUnlabelled = questions.flatMap((q, i) => (isLabelled.has(q) ? [] : [llm[i]!]));
    const llmOnly = llm.length > 0 ? llm.reduce((s, v) => s + v, 0) / llm.length : null;
    const classical: Interval | null = human.length >= 2 ? classicalMean(human, confidence) : null;
    const ppi = withheld === null ? ppiMean({ y: human, yhat, yhatUnlabelled, confidence }) : null;
    return {
      llmOnly,
      classical,
      ppi: ppi && { estimate: ppi.estimate, low: ppi.low, high: ppi.high, lambda: ppi.lambda },
    };
  };
  const systems = [...perQuestion]
    .map(([system, values]) => ({ system, ...estimate(values.llm, values.human) }))
    .sort(
      (x, y) =>
        (y.ppi?.estimate ?? y.classical?.estimate ?? y.llmOnly ?? 0) -
          (x.ppi?.estimate ?? x.classical?.estimate ?? x.llmOnly ?? 0) || compareIds(x.system, y.system),
    );
  // each system against the next one down: PPI on the per-question differences; the order holds when 0 is outside
  const adjacent = systems.slice(1).map((lower, i) => {
    const upper = systems[i]!;
    const [a, b] = [perQuestion.get(upper.system)!, perQuestion.get(lower.system)!];
    const difference = estimate(
      a.llm.map((v, j) => v - b.llm[j]!),
      a.human.map((v, j) => v - b.human[j]!),
    );
    const interval = difference.ppi ?? difference.classical;
    return {
      upper: upper.system,
      lower: lower.system,
      ...difference,
      holds: interval === null ? null : interval.low > 0 || interval.high < 0,
    };
  });
  return { measure: metric.id, questions: questions.length, labelled: labelled.length, withheld, systems, adjacent };
}
