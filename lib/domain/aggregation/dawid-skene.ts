import { argmax, byText, voteShares, type ItemAggregate, type JudgeConfusion, type Response } from "./aggregate";

/** crowd-kit's floor for probabilities (`_EPS`). */
const EPS = 1e-10;

export type DawidSkeneOptions = { maxIterations?: number; tolerance?: number };

export type DawidSkeneResult = {
  items: ItemAggregate[];
  /** Each judge's estimated confusion, over the labels they gave. */
  judges: Record<string, JudgeConfusion>;
  /** The evidence lower bound per response after each iteration (crowd-kit's `loss_history_`). */
  losses: number[];
};

/** A judge's error matrix: for each label they gave, the probability of giving it under each true label. */
type Errors = Map<string, Map<string, number[]>>;

/**
 * Dawid and Skene's EM estimate of each item's true label and each judge's confusion (1979), as
 * crowd-kit's `DawidSkene` computes it (Toloka/crowd-kit, crowdkit/aggregation/classification/
 * dawid_skene.py; its defaults: 100 iterations at most, tolerance 1e-5): started from the majority
 * vote's shares; the M-step sums the posteriors of the items each judge gave each label, floors
 * them at 1e-10 and normalises each true label's column over the labels the judge gave; the
 * E-step works in log2, priors floored at 1e-10, each row shifted by its maximum; iterations stop
 * when the evidence lower bound per response gains less than the tolerance (crowd-kit's ELBO: the
 * log prior counted once per response, the entropy of posteriors floored at 1e-10, which floors
 * the posteriors it returns as well). The label is the most probable (a tie: the first in text
 * order). Labels and items are text.
 */
export function dawidSkene(responses: readonly Response[], options: DawidSkeneOptions = {}): DawidSkeneResult {
  const maxIterations = options.maxIterations ?? 100;
  const tolerance = options.tolerance ?? 1e-5;
  if (responses.length === 0) return { items: [], judges: {}, losses: [] };
  const { items, labels, shares } = voteShares(responses);
  const itemIndex = new Map(items.map((t, i) => [t, i]));
  const rows = responses.map((r) => ({ t: itemIndex.get(r.item)!, judge: r.judge, label: r.label }));
  let probas = shares;
  let priors = columnMeans(probas);
  let errors = mStep(rows, probas, labels.length);
  let loss = -Infinity;
  const losses: number[] = [];
  for (let i = 0; i < maxIterations; i++) {
    probas = eStep(rows, items.length, priors, errors);
    priors = columnMeans(probas);
    errors = mStep(rows, probas, labels.length);
    const next = evidenceLowerBound(rows, probas, priors, errors) / rows.length;
    losses.push(next);
    if (next - loss < tolerance) break;
    loss = next;
  }
  return {
    items: items.map((item, t) => ({
      item,
      label: argmax(labels, probas[t]!),
      posteriors: Object.fromEntries(labels.map((l, c) => [l, probas[t]![c]!])),
    })),
    judges: confusions(errors, labels),
    losses,
  };
}

const columnMeans = (probas: readonly number[][]): number[] =>
  probas[0]!.map((_, c) => probas.reduce((s, row) => s + row[c]!, 0) / probas.length);

function mStep(rows: readonly { t: number; judge: string; label: string }[], probas: number[][], k: number): Errors {
  const errors: Errors = new Map();
  for (const r of rows) {
    const judge = errors.get(r.judge) ?? errors.set(r.judge, new Map()).get(r.judge)!;
    const sums = judge.get(r.label) ?? judge.set(r.label, new Array<number>(k).fill(0)).get(r.label)!;
    for (let c = 0; c < k; c++) sums[c]! += probas[r.t]![c]!;
  }
  for (const judge of errors.values()) {
    for (const sums of judge.values()) for (let c = 0; c < k; c++) sums[c] = Math.max(sums[c]!, EPS);
    const totals = new Array<number>(k).fill(0);
    for (const sums of judge.values()) for (let c = 0; c < k; c++) totals[c]! += sums[c]!;
    for (const sums of judge.values()) for (let c = 0; c < k; c++) sums[c] = sums[c]! / totals[c]!;
  }
  return errors;
}

function eStep(
  rows: readonly { t: number; judge: string; label: string }[],
  n: number,
  priors: readonly number[],
  errors: Errors,
): number[][] {
  const logPriors = priors.map((p) => Math.log2(Math.max(p, EPS)));
  // as pandas does: each item's responses summed first, then the log prior added
  const sums = Array.from({ length: n }, () => logPriors.map(() => 0));
  for (const r of rows) {
    const e = errors.get(r.judge)!.get(r.label)!;
    for (let c = 0; c < e.length; c++) sums[r.t]![c]! += Math.log2(e[c]!);
  }
  return sums.map((row) => {
    const ll = row.map((sum, c) => logPriors[c]! + sum);
    const max = Math.max(...ll);
    const scaled = ll.map((x) => 2 ** (x - max));
    const total = scaled.reduce((s, x) => s + x, 0);
    return scaled.map((x) => x / total);
  });
}

/** crowd-kit's evidence lower bound; floors `probas` in place at 1e-10 (as crowd-kit does). */
function evidenceLowerBound(
  rows: readonly { t: number; judge: string; label: string }[],
  probas: number[][],
  priors: readonly number[],
  errors: Errors,
): number {
  const logPriors = priors.map((p) => Math.log(Math.max(p, EPS)));
  let joint = 0;
  for (const r of rows) {
    const e = errors.get(r.judge)!.get(r.label)!;
    for (let c = 0; c < e.length; c++) joint += probas[r.t]![c]! * (Math.log(e[c]!) + logPriors[c]!);
  }
  let entropy = 0;
  for (const row of probas)
    for (let c = 0; c < row.length; c++) {
      row[c] = Math.max(row[c]!, EPS);
      entropy -= Math.log(row[c]!) * row[c]!;
    }
  return joint + entropy;
}

function confusions(errors: Errors, labels: readonly string[]): Record<string, JudgeConfusion> {
  const out: Record<string, JudgeConfusion> = {};
  for (const judge of [...errors.keys()].sort(byText)) {
    const given = [...errors.get(judge)!.keys()].sort(byText);
    out[judge] = Object.fromEntries(
      labels.map((truth, c) => [truth, Object.fromEntries(given.map((g) => [g, errors.get(judge)!.get(g)![c]!]))]),
    );
  }
  return out;
}
