/**
 * Prediction-powered inference for a mean (Angelopoulos et al., Science 2023; PPI++ with a tuned
 * lambda, Angelopoulos, Duchi and Zrnic 2023), as ppi_py computes it (ppi_mean_pointestimate,
 * ppi_mean_ci, _calc_lam_glm and baselines.classical_mean_ci at commit bd90caa; docs/DOMAIN.md,
 * "Corrected estimates"). Every item has an LLM value Ŷ; n items, drawn uniformly at random, also
 * have a human value Y; the other N have only Ŷ.
 */
import { normalQuantile } from "./normal-quantile";

export type Interval = { estimate: number; low: number; high: number };

export type PpiInputs = {
  /** Human values of the labelled items. */
  y: readonly number[];
  /** LLM values of the same labelled items, in the same order. */
  yhat: readonly number[];
  /** LLM values of the unlabelled items. */
  yhatUnlabelled: readonly number[];
  /** The interval's coverage, in (0, 1); 0.95 by default. */
  confidence?: number;
  /** "auto" (PPI++'s tuned lambda, clipped to [0, 1]) or a given lambda: 1 is plain PPI, 0 the classical mean. */
  lambda?: "auto" | number;
};

export type PpiResult = Interval & {
  lambda: number;
  labelled: number;
  unlabelled: number;
  /** The humans alone: mean of Y with its CLT interval. */
  classical: Interval;
  /** The LLM alone: the mean of Ŷ over every item, labelled or not (no interval: it is biased). */
  llmOnly: { estimate: number };
};

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** Population standard deviation (divide by the count), numpy's default std. */
function std(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) * (x - m), 0) / xs.length);
}

/** z for a two-sided interval of the given coverage. */
export const zFor = (confidence: number) => normalQuantile(1 - (1 - confidence) / 2);

/**
 * PPI++'s tuned lambda for a mean: Cov_n(Y, Ŷ) / ((1 + n/N) Var(Ŷ)), the covariance over the n
 * labelled items (dividing by n), the variance of Ŷ over all n + N items (dividing by n + N - 1),
 * clipped to [0, 1]. 0 when Ŷ is constant: the estimate then does not depend on lambda.
 */
export function tunedLambda(y: readonly number[], yhat: readonly number[], yhatUnlabelled: readonly number[]): number {
  const n = y.length;
  const big = yhatUnlabelled.length;
  const [my, mh] = [mean(y), mean(yhat)];
  let cov = 0;
  for (let i = 0; i < n; i++) cov += (y[i]! - my) * (yhat[i]! - mh);
  cov /= n;
  const all = [...yhat, ...yhatUnlabelled];
  const ma = mean(all);
  const variance = all.reduce((s, x) => s + (x - ma) * (x - ma), 0) / (all.length - 1);
  if (variance === 0) return 0;
  const lambda = cov / ((1 + n / big) * variance);
  return Math.min(1, Math.max(0, lambda));
}

/** The classical CLT interval of a mean from its sample alone: mean ± z · std / sqrt(n) (ppi_py's classical_mean_ci). */
export function classicalMean(y: readonly number[], confidence = 0.95): Interval {
  const estimate = mean(y);
  const half = (zFor(confidence) * std(y)) / Math.sqrt(y.length);
  return { estimate, low: estimate - half, high: estimate + half };
}

/**
 * The PPI++ estimate θ = λ · mean_u(Ŷ) + mean_n(Y − λŶ) and its interval
 * θ ± z · sqrt(std_u(λŶ)² / N + std_n(Y − λŶ)² / n). Needs n >= 2 labelled and N >= 1 unlabelled items.
 */
export function ppiMean(inputs: PpiInputs): PpiResult {
  const { y, yhat, yhatUnlabelled } = inputs;
  const confidence = inputs.confidence ?? 0.95;
  if (y.length !== yhat.length) throw new RangeError("y and yhat must be of the same length");
  if (y.length < 2) throw new RangeError("PPI needs at least two labelled items");
  if (yhatUnlabelled.length < 1) throw new RangeError("PPI needs at least one unlabelled item");
  const lambda =
    inputs.lambda === undefined || inputs.lambda === "auto" ? tunedLambda(y, yhat, yhatUnlabelled) : inputs.lambda;
  const imputed = yhatUnlabelled.map((v) => lambda * v);
  const rectifier = y.map((v, i) => v - lambda * yhat[i]!);
  const estimate = mean(imputed) + mean(rectifier);
  const se = Math.sqrt(std(imputed) ** 2 / imputed.length + std(rectifier) ** 2 / rectifier.length);
  const half = zFor(confidence) * se;
  return {
    estimate,
    low: estimate - half,
    high: estimate + half,
    lambda,
    labelled: y.length,
    unlabelled: yhatUnlabelled.length,
    classical: classicalMean(y, confidence),
    llmOnly: { estimate: mean([...yhat, ...yhatUnlabelled]) },
  };
}
