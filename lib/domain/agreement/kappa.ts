// Two-judge agreement: percent agreement, Cohen's kappa, weighted kappa, and FeB4RAG's legacy kappa.
import { confusionMatrix, marginals } from "./confusion-matrix";
import { chanceCorrected, defined, undefinedBecause, type PairedCodes, type Statistic } from "./statistic";

/** Percent agreement po = (items where both judges agree) / items. */
export function percentAgreement(pairs: PairedCodes): Statistic {
  const n = pairs.a.length;
  if (n === 0) return undefinedBecause("no items labelled by both judges");
  let agree = 0;
  for (let i = 0; i < n; i++) if (pairs.a[i] === pairs.b[i]) agree++;
  return defined(agree / n);
}

/**
 * Cohen's kappa κ = (po - pe) / (1 - pe), with pe = Σ_k pA(k)·pB(k) over every category
 * (Cohen 1960).
 */
export function cohenKappa(pairs: PairedCodes): Statistic {
  return weightedKappa(pairs, "none");
}

export type KappaWeights = "none" | "linear" | "quadratic";

/**
 * Weighted kappa κw = (po,w - pe,w) / (1 - pe,w) with agreement weights over ordered categories
 * w_ij = 1 - |i-j|/(k-1) (linear) or 1 - (i-j)²/(k-1)² (quadratic), po,w = Σ w_ij p_ij and
 * pe,w = Σ w_ij p_i. p_.j (Cohen 1968). With weights "none" (w_ij = [i = j]) it is Cohen's kappa.
 */
export function weightedKappa(pairs: PairedCodes, weights: KappaWeights): Statistic {
  if (pairs.a.length === 0) return undefinedBecause("no items labelled by both judges");
  return weightedKappaFromCounts(confusionMatrix(pairs), weights);
}

/** Weighted kappa (see weightedKappa) from a k x k confusion matrix of counts with at least one item. */
export function weightedKappaFromCounts(counts: readonly (readonly number[])[], weights: KappaWeights): Statistic {
  const k = counts.length;
  if (k < 2) return undefinedBecause("the scale has fewer than two categories");
  const { rows, columns, total: n } = marginals(counts);
  const weight = (i: number, j: number) =>
    weights === "none"
      ? i === j
        ? 1
        : 0
      : weights === "linear"
        ? 1 - Math.abs(i - j) / (k - 1)
        : 1 - ((i - j) / (k - 1)) ** 2;
  let po = 0;
  let pe = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      const w = weight(i, j);
      po += (w * counts[i]![j]!) / n;
      pe += (w * rows[i]! * columns[j]!) / (n * n);
    }
  }
  return chanceCorrected(po, pe);
}

/**
 * FeB4RAG's published kappa, kept only to reproduce their numbers: its chance term counts the
 * positive category alone, pe = pA(positive)·pB(positive), which inflates kappa (docs/DOMAIN.md, "Agreement").
 * Labels are binary codes (1 = positive). Use cohenKappa for the standard statistic.
 */
export function feb4ragLegacyKappa(pairs: PairedCodes): Statistic {
  const n = pairs.a.length;
  if (n === 0) return undefinedBecause("no items labelled by both judges");
  let agree = 0;
  let positiveA = 0;
  let positiveB = 0;
  for (let i = 0; i < n; i++) {
    if (pairs.a[i] === pairs.b[i]) agree++;
    if (pairs.a[i] === 1) positiveA++;
    if (pairs.b[i] === 1) positiveB++;
  }
  return chanceCorrected(agree / n, (positiveA / n) * (positiveB / n));
}
