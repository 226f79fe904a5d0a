import { holmAdjusted } from "./holm";
import { pairedTTestPValue } from "./paired-t-test";
import { randomizationPValues, RANDOMIZATION_DEFAULTS, type RandomizationOptions } from "./randomization-test";

/** Two runs compared on one measure over the same questions (p-values NaN where there is no test). */
export type PairTest = {
  a: string;
  b: string;
  questions: number;
  meanA: number;
  meanB: number;
  tP: number;
  tPHolm: number;
  randomizationP: number;
  randomizationPHolm: number;
  randomizationExact: boolean;
};

/**
 * Every pair of runs (by name, a before b) compared on one measure: the paired t-test and the
 * randomization test over the questions, each adjusted by Holm over the family of all pairs.
 * `runs` holds each run's value on every question, the same questions in the same order.
 */
export function pairwiseSignificance(
  runs: readonly { name: string; values: Float64Array }[],
  options: RandomizationOptions = RANDOMIZATION_DEFAULTS,
): PairTest[] {
  const sorted = [...runs].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  const pairs: [number, number][] = [];
  for (let i = 0; i < sorted.length; i++) for (let j = i + 1; j < sorted.length; j++) pairs.push([i, j]);
  const values = sorted.map((r) => r.values);
  const tP = pairs.map(([a, b]) => pairedTTestPValue(Array.from(values[a]!, (x, q) => x - values[b]![q]!)));
  const randomization = randomizationPValues(values, pairs, options);
  const [tHolm, randomizationHolm] = [holmAdjusted(tP), holmAdjusted(randomization.pValues)];
  const mean = (xs: Float64Array) => xs.reduce((s, x) => s + x, 0) / xs.length;
  return pairs.map(([a, b], i) => ({
    a: sorted[a]!.name,
    b: sorted[b]!.name,
    questions: values[a]!.length,
    meanA: mean(values[a]!),
    meanB: mean(values[b]!),
    tP: tP[i]!,
    tPHolm: tHolm[i]!,
    randomizationP: randomization.pValues[i]!,
    randomizationPHolm: randomizationHolm[i]!,
    randomizationExact: randomization.exact,
  }));
}
