import { numpyMean, numpySum, tTestLessPValue } from "../statistics/student-t";

/**
 * The Alternative Annotator Test (Calderon, Reichart and Dror, ACL 2025; docs/DOMAIN.md, "The
 * Alternative Annotator Test"), as the authors' `alt_test` computes it: may an LLM's labels replace
 * the annotators'?
 */

/** How close a label is to the other annotators' labels of the item: higher is closer. */
export type AltTestScoring = "accuracy" | "neg-rmse";

export type AltTestOptions = {
  scoring: AltTestScoring;
  /** The cost-benefit margin ε: 0.2 for experts, 0.15 skilled annotators, 0.1 crowd workers. */
  epsilon: number;
  /** The false discovery rate of the Benjamini-Yekutieli procedure (0.05). */
  q: number;
  /** An item counts with at least this many annotators' labels (2) and the LLM's. */
  minHumansPerItem: number;
  /** An annotator counts with at least this many such items (30). */
  minItemsPerHuman: number;
};

export const ALT_TEST_DEFAULTS: Omit<AltTestOptions, "scoring" | "epsilon"> = {
  q: 0.05,
  minHumansPerItem: 2,
  minItemsPerHuman: 30,
};

/** One left-out annotator: the items compared, the t-test's p-value (NaN when it has none), ρ_j, and whether the LLM won. */
export type AltTestAnnotator = {
  annotator: string;
  items: number;
  pValue: number;
  advantageProbability: number;
  won: boolean;
};

export type AltTestResult = {
  /** The share of annotators the LLM wins against (null: no annotator has enough items). */
  winningRate: number | null;
  /** ρ: the mean over annotators of the share of items where the LLM is as close as the annotator or closer. */
  advantageProbability: number | null;
  /** Whether the LLM passes: a winning rate of one half or more. */
  passed: boolean;
  annotators: AltTestAnnotator[];
  /** Why there is no winning rate, when there is none. */
  reason?: string;
};

/** Labels of one judge by item: text for accuracy, numbers for negative RMSE. */
export type ItemLabels = ReadonlyMap<string, string | number>;

/**
 * The test of one LLM against the annotators: for each annotator with enough items, left out in
 * turn, per item whether the LLM (and whether the annotator) is at least as close to the remaining
 * annotators as the other (a tie counts for both); a one-sided t-test of the annotator's indicator
 * minus the LLM's against ε; the Benjamini-Yekutieli procedure over the annotators (a NaN p-value
 * is never rejected but counts in their number); the LLM wins against the rejected ones.
 * Annotators are taken in the order given, as the authors' dictionary order.
 */
export function altTest(
  llm: ItemLabels,
  humans: ReadonlyMap<string, ItemLabels>,
  options: AltTestOptions,
): AltTestResult {
  const score = SCORING[options.scoring];
  // the annotators of each item the LLM labelled that enough annotators labelled
  const annotatorsOf = new Map<string, string[]>();
  for (const [human, labels] of humans)
    for (const item of labels.keys()) (annotatorsOf.get(item) ?? annotatorsOf.set(item, []).get(item)!).push(human);
  const kept = (item: string) => llm.has(item) && annotatorsOf.get(item)!.length >= options.minHumansPerItem;

  const annotators: Omit<AltTestAnnotator, "won">[] = [];
  for (const [excluded, labels] of humans) {
    const items = [...labels.keys()].filter(kept);
    if (items.length < options.minItemsPerHuman) continue;
    const llmWins: number[] = [];
    const difference: number[] = [];
    for (const item of items) {
      const remaining = annotatorsOf
        .get(item)!
        .filter((h) => h !== excluded)
        .map((h) => humans.get(h)!.get(item)!);
      const humanScore = score(labels.get(item)!, remaining);
      const llmScore = score(llm.get(item)!, remaining);
      const llmIndicator = llmScore >= humanScore ? 1 : 0;
      llmWins.push(llmIndicator);
      difference.push((humanScore >= llmScore ? 1 : 0) - llmIndicator);
    }
    annotators.push({
      annotator: excluded,
      items: items.length,
      pValue: tTestLessPValue(difference, options.epsilon),
      advantageProbability: numpyMean(llmWins),
    });
  }
  if (annotators.length === 0)
    return {
      winningRate: null,
      advantageProbability: null,
      passed: false,
      annotators: [],
      reason: `no annotator has ${options.minItemsPerHuman} items that the LLM and ${options.minHumansPerItem} or more annotators labelled`,
    };
  const rejected = benjaminiYekutieli(
    annotators.map((a) => a.pValue),
    options.q,
  );
  const winningRate = rejected.size / annotators.length;
  return {
    winningRate,
    advantageProbability: numpyMean(annotators.map((a) => a.advantageProbability)),
    passed: winningRate >= 0.5,
    annotators: annotators.map((a, i) => ({ ...a, won: rejected.has(i) })),
  };
}

/**
 * The hypotheses the Benjamini-Yekutieli procedure rejects at false discovery rate q, by index:
 * sorted ascending (NaN last, never rejected), the largest rank i with p(i) ≤ i / m · q / H_m and
 * every one before it, H_m = 1 + 1/2 + ... + 1/m (summed as numpy sums).
 */
export function benjaminiYekutieli(pValues: readonly number[], q: number): Set<number> {
  const m = pValues.length;
  const harmonic = numpySum(Array.from({ length: m }, (_, i) => 1 / (i + 1)));
  const order = pValues
    .map((p, i) => ({ p, i }))
    .sort((x, y) => (Number.isNaN(x.p) ? 1 : 0) - (Number.isNaN(y.p) ? 1 : 0) || x.p - y.p || x.i - y.i);
  let last = -1;
  for (const [rank, { p }] of order.entries()) if (p <= ((rank + 1) / m) * (q / harmonic)) last = rank;
  return new Set(order.slice(0, last + 1).map((o) => o.i));
}

const SCORING: Record<AltTestScoring, (label: string | number, others: (string | number)[]) => number> = {
  accuracy: (label, others) => numpyMean(others.map((o) => (o === label ? 1 : 0))),
  "neg-rmse": (label, others) => -Math.sqrt(numpyMean(others.map((o) => (Number(label) - Number(o)) ** 2))),
};
