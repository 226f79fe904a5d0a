import { pairwiseSignificance, type PairTest } from "../significance/pairwise-significance";
import { RANDOMIZATION_DEFAULTS, type RandomizationOptions } from "../significance/randomization-test";
import { compareBytes } from "../runs/run-ranking";
import type { Family } from "./impact-family";

/** The tests Impact offers; the randomization test by default (it assumes nothing of the differences' distribution). */
export const SIGNIFICANCE_TESTS = ["randomization", "t"] as const;
export type SignificanceTest = (typeof SIGNIFICANCE_TESTS)[number];
/** Two runs differ when the chosen test's Holm-adjusted p-value is below it. */
export const SIGNIFICANCE_LEVEL = 0.05;

export type SignificanceOptions = RandomizationOptions & {
  /** The measure tested (default: the family's first). */
  measure?: string;
  test: SignificanceTest;
  /** The pair whose per-question differences are drawn (default: the first swap, else the first pair). */
  pair?: readonly [string, string];
};
export const SIGNIFICANCE_DEFAULTS: SignificanceOptions = { ...RANDOMIZATION_DEFAULTS, test: "randomization" };

const orNull = (p: number) => (Number.isNaN(p) ? null : p);
/** A pair's test as the report carries it: p-values null where there is no test. */
const pairRow = (t: PairTest) => ({
  a: t.a,
  b: t.b,
  meanA: t.meanA,
  meanB: t.meanB,
  tP: orNull(t.tP),
  tPHolm: orNull(t.tPHolm),
  randomizationP: orNull(t.randomizationP),
  randomizationPHolm: orNull(t.randomizationPHolm),
});
export type SignificancePair = ReturnType<typeof pairRow>;

/**
 * Paired significance on Impact (docs/DOMAIN.md, "Paired significance"): under each label set,
 * every pair of runs compared on one measure over the questions both sets judged (a run that
 * misses a question scores 0 on it, as trec_eval -c; a question no run can score, 0 for every run),
 * by the paired t-test and the randomization test, Holm-adjusted over the pairs; whether each swap's
 * two runs differ under A, under B, both or neither; each set's order of the runs by their mean;
 * and the per-question differences of one pair under both sets.
 */
export function impactSignificance<J>(
  f: Family<J>,
  judgments: { a: ReadonlyMap<string, J>; b: ReadonlyMap<string, J> },
  questions: readonly string[],
  questionNames: ReadonlyMap<string, string>,
  swaps: Record<string, [string, string][]>,
  options: SignificanceOptions = SIGNIFICANCE_DEFAULTS,
) {
  const measure = options.measure && f.measures.includes(options.measure) ? options.measure : f.measures[0]!;
  // in trec_eval's order (external id, byte by byte), as `assay significance` reads a qrels file, so
  // that the seeded draws fall on the same questions and the p-values are the command line's
  const questionName = (q: string) => questionNames.get(q) ?? q;
  const ordered = [...questions].sort((x, y) => compareBytes(questionName(x), questionName(y)));
  const valuesUnder = (set: ReadonlyMap<string, J>) =>
    f.systems.map((name) => ({
      name,
      values: Float64Array.from(ordered, (q) => {
        const judgment = set.get(q)!;
        return f.unscored?.(judgment) ? 0 : (f.score(new Map([[q, judgment]]), name, measure)[measure] ?? 0);
      }),
    }));
  const [runsA, runsB] = [valuesUnder(judgments.a), valuesUnder(judgments.b)];
  const [testsA, testsB] = [pairwiseSignificance(runsA, options), pairwiseSignificance(runsB, options)];
  const holm = (t: PairTest) => (options.test === "t" ? t.tPHolm : t.randomizationPHolm);
  const byPair = (tests: PairTest[]) => new Map(tests.map((t) => [`${t.a}\n${t.b}`, t]));
  const [pairsA, pairsB] = [byPair(testsA), byPair(testsB)];
  const differs = (tests: ReadonlyMap<string, PairTest>, x: string, y: string) => {
    const t = tests.get(x < y ? `${x}\n${y}` : `${y}\n${x}`);
    return t === undefined || Number.isNaN(holm(t)) ? null : holm(t) < SIGNIFICANCE_LEVEL;
  };
  const order = (runs: typeof runsA) =>
    runs
      .map((r) => ({ name: r.name, mean: r.values.reduce((s, v) => s + v, 0) / Math.max(1, r.values.length) }))
      .sort((x, y) => y.mean - x.mean || (x.name < y.name ? -1 : 1))
      .map((r) => r.name);
  const measureSwaps = swaps[measure] ?? [];
  const pair = choosePair(options.pair, measureSwaps, testsA);
  const index = new Map(f.systems.map((name, i) => [name, i]));
  return {
    measure,
    test: options.test,
    level: SIGNIFICANCE_LEVEL,
    questions: ordered.length,
    exact: testsA[0]?.randomizationExact ?? true,
    permutations: options.permutations,
    seed: options.seed,
    pairs: { a: testsA.map(pairRow), b: testsB.map(pairRow) },
    order: { a: order(runsA), b: order(runsB) },
    swaps: measureSwaps.map(([x, y]) => ({ x, y, a: differs(pairsA, x, y), b: differs(pairsB, x, y) })),
    differences: pair && {
      x: pair[0],
      y: pair[1],
      questions: ordered.map((q, k) => {
        const [i, j] = [index.get(pair[0])!, index.get(pair[1])!];
        return {
          question: questionName(q),
          a: runsA[i]!.values[k]! - runsA[j]!.values[k]!,
          b: runsB[i]!.values[k]! - runsB[j]!.values[k]!,
        };
      }),
    },
  };
}
export type ImpactSignificance = ReturnType<typeof impactSignificance>;

/** The pair drawn: the one asked for when both runs are in the family, else the first swap, else the first pair. */
function choosePair(
  asked: readonly [string, string] | undefined,
  swaps: readonly [string, string][],
  tests: readonly PairTest[],
): readonly [string, string] | null {
  const known = new Set(tests.flatMap((t) => [t.a, t.b]));
  if (asked && asked[0] !== asked[1] && known.has(asked[0]) && known.has(asked[1])) return asked;
  if (swaps[0]) return swaps[0];
  return tests[0] ? [tests[0].a, tests[0].b] : null;
}
