// PPI++ for a mean against ppi_py (bd90caa): the expected values come from a transcription of
// ppi_mean_pointestimate, ppi_mean_ci, _calc_lam_glm and classical_mean_ci in numpy with scipy's
// norm.ppf (run once while writing this test; no Python at test time), and the first case by hand.
import { describe, expect, it } from "vitest";
import { normalQuantile } from "./normal-quantile";
import { classicalMean, ppiMean, tunedLambda } from "./ppi-mean";

/** The same generator in the Python that made the expected values: truth in 0..3, the LLM right 60% of the time. */
function generated(seed: number, n: number, unlabelled: number) {
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647; // exact in doubles, as in Python
  const y: number[] = [];
  const yhat: number[] = [];
  const yhatUnlabelled: number[] = [];
  for (let i = 0; i < n + unlabelled; i++) {
    const truth = Math.floor(random() * 4);
    const llm = random() < 0.6 ? truth : Math.floor(random() * 4);
    if (i < n) {
      y.push(truth);
      yhat.push(llm);
    } else yhatUnlabelled.push(llm);
  }
  return { y, yhat, yhatUnlabelled };
}

const small = { y: [1, 0, 1, 1], yhat: [1, 0, 0, 1], yhatUnlabelled: [1, 1, 0, 0, 1, 0] };
const close = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(1e-9);

describe("the normal quantile (AS 241)", () => {
  it("matches scipy.stats.norm.ppf to double precision, tails included", () => {
    const cases: [number, number][] = [
      [0.95, 1.6448536269514722],
      [0.975, 1.959963984540054],
      [0.5, 0],
      [0.3, -0.5244005127080409],
      [0.001, -3.090232306167813],
      [1e-12, -7.034483825301131],
      [1e-100, -21.273453560965322],
    ];
    for (const [p, z] of cases) expect(Math.abs(normalQuantile(p) - z)).toBeLessThanOrEqual(Math.abs(z) * 1e-15);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

describe("PPI++ mean, as ppi_py", () => {
  it("tunes lambda as _calc_lam_glm does (by hand: Cov_n = 0.125, Var = 0.2778, n/N = 2/3 -> 0.27)", () => {
    const r = ppiMean({ ...small, confidence: 0.9 });
    close(r.lambda, 0.27);
    close(r.estimate, 0.75);
    close(r.low, 0.431077557661115);
    close(r.high, 1.068922442338885);
    close(r.classical.low, 0.39387874338826323);
    close(r.classical.high, 1.1061212566117367);
    expect(r.llmOnly.estimate).toBe(0.5);
    expect([r.labelled, r.unlabelled]).toEqual([4, 6]);
  });

  it("gives the classical interval at lambda 0 and plain PPI at lambda 1", () => {
    const zero = ppiMean({ ...small, confidence: 0.9, lambda: 0 });
    close(zero.low, 0.39387874338826323);
    close(zero.high, 1.1061212566117367);
    const one = ppiMean({ ...small, confidence: 0.9, lambda: 1 });
    close(one.low, 0.26055814782070585);
    close(one.high, 1.239441852179294);
  });

  it("works with two labelled items", () => {
    const r = ppiMean({ y: [0.3, 0.9], yhat: [0.5, 0.7], yhatUnlabelled: [0.2, 0.4, 0.9] });
    close(r.lambda, 0.24657534246575347);
    close(r.estimate, 0.5753424657534247);
    close(r.low, 0.18500362510943208);
    close(r.high, 0.9656813063974174);
    close(r.classical.low, 0.1842288526950966);
    close(r.llmOnly.estimate, 0.54);
  });

  it("matches on 200 labelled of 2,000 generated items, tuned and at a given lambda", () => {
    const data = generated(5, 200, 1800);
    const tuned = ppiMean(data);
    close(tuned.lambda, 0.41012279607692015);
    close(tuned.estimate, 1.5515688672197432);
    close(tuned.low, 1.414072145302527);
    close(tuned.high, 1.6890655891369595);
    close(tuned.classical.low, 1.3157282977224583);
    close(tuned.llmOnly.estimate, 1.549);
    const half = ppiMean({ ...data, confidence: 0.8, lambda: 0.5 });
    close(half.estimate, 1.5694444444444446);
    close(half.low, 1.4794339817254465);
    close(half.high, 1.6594549071634428);
    close(half.classical.low, 1.3691271558393405);
  });

  it("gives a constant judge lambda 0 and the classical interval", () => {
    const constant = { y: [1, 0, 0, 1, 1], yhat: [1, 1, 1, 1, 1], yhatUnlabelled: [1, 1, 1] };
    expect(tunedLambda(constant.y, constant.yhat, constant.yhatUnlabelled)).toBe(0);
    const r = ppiMean(constant);
    expect(r.lambda).toBe(0);
    expect([r.estimate, r.low, r.high]).toEqual([r.classical.estimate, r.classical.low, r.classical.high]);
    expect(classicalMean(constant.y).estimate).toBe(0.6);
  });

  it("refuses fewer than two labelled or no unlabelled items", () => {
    expect(() => ppiMean({ y: [1], yhat: [1], yhatUnlabelled: [0] })).toThrow("at least two labelled");
    expect(() => ppiMean({ y: [1, 0], yhat: [1, 0], yhatUnlabelled: [] })).toThrow("at least one unlabelled");
  });
});
