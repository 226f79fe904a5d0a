// Each run's metric corrected by people's labels (docs/DOMAIN.md, "Corrected estimates"): PPI over
// questions. Every question the LLM judged gives Ŷ = the run's metric under the LLM's labels; a
// question whose whole pool people judged also gives Y = the metric under theirs. Valid when those
// questions were drawn uniformly at random (a campaign of N random questions, whole pools).
import { alphaNdcg, type QueryJudgments } from "../impact/nugget-metrics";
import type { RankedRun, Ranking } from "../runs/run-ranking";
import { trecMeasure, type GradedJudgments, type TrecMeasure } from "../impact/trec-measures";
import { classicalMean, ppiMean, type Interval } from "../ppi/ppi-mean";
import { tooFewUnits } from "../reports/minimum-sample";
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
  /** Whether the questions people judged whole are a uniform random sample of the questions. */
  sample: HumanSample;
  /** The fewest labelled questions an interval, or a verdict on an order, is shown for. */
  minUnits: number;
};

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function correctRuns<J, K>(inputs: RunsInputs<J, K>) {
  const { metric, confidence, minUnits } = inputs;
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
  const withheld = withheldOf(labelled.length, questions.length, inputs.sample, minUnits);
  /** PPI over questions for per-question values (the metric, or a difference of two systems' metrics). */
  const estimate = (llm: number[], human: number[]) => {
    const yhat = questions.flatMap((q, i) => (isLabelled.has(q) ? [llm[i]!] : []));
    const yhatUnlabelled = questions.flatMap((q, i) => (isLabelled.has(q) ? [] : [llm[i]!]));
    const llmOnly = llm.length > 0 ? llm.reduce((s, v) => s + v, 0) / llm.length : null;
    const people = human.length > 0 ? human.reduce((s, v) => s + v, 0) / human.length : null;
    const classical: Interval | null = withheld.people === null ? classicalMean(human, confidence) : null;
    const ppi = withheld.ppi === null ? ppiMean({ y: human, yhat, yhatUnlabelled, confidence }) : null;
    return {
      llmOnly,
      people,
      classical,
      ppi: ppi && { estimate: ppi.estimate, low: ppi.low, high: ppi.high, lambda: ppi.lambda },
    };
  };
  const systems = [...perQuestion]
    .map(([system, values]) => ({ system, ...estimate(values.llm, values.human) }))
    .sort(
      (x, y) =>
        (y.ppi?.estimate ?? y.people ?? y.llmOnly ?? 0) - (x.ppi?.estimate ?? x.people ?? x.llmOnly ?? 0) ||
        compareIds(x.system, y.system),
    );
  // each system against the next one down: PPI on the per-question differences; the order holds when
  // 0 is outside the interval (no verdict without one: withheld.people says why)
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
  return {
    measure: metric.id,
    questions: questions.length,
    labelled: labelled.length,
    sample: inputs.sample,
    withheld,
    systems,
    adjacent,
  };
}

/**
 * Why the people's intervals (and with them the order's verdicts) and PPI are withheld, or null:
 * too few questions judged whole (minUnits), all of them, or a sample not drawn at random.
 */
function withheldOf(labelled: number, questions: number, sample: HumanSample, minUnits: number) {
  const tooFew = tooFewUnits(labelled, minUnits, "question", "with their whole pool judged by people");
  return {
    people: labelled === 0 ? "no question with its whole pool judged by people" : tooFew,
    ppi:
      labelled > 0 && labelled === questions
        ? "people judged every question's whole pool: their scores are the answer"
        : !sample.uniform
          ? sample.why
          : tooFew,
  };
}
