import { describe, expect, it } from "vitest";
import { averageRanks, kendallTauB, spearmanRho } from "./rank-correlation";

describe("Kendall's tau-b", () => {
  it("is 1 for the same order, -1 for the reverse, and handles ties (by hand)", () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    // x = 1,2,2,3 and y = 1,3,2,3: pairs 6; ties in x 1, in y 1; concordant 4, discordant 0
    expect(kendallTauB([1, 2, 2, 3], [1, 3, 2, 3])).toBeCloseTo(4 / Math.sqrt(5 * 5), 12);
    expect(kendallTauB([1, 1], [1, 2])).toBeNull();
  });
});

describe("Spearman's rho", () => {
  it("gives tied values the average of their ranks, as scipy's rankdata", () => {
    expect(averageRanks([5, 1, 3, 3, 3])).toEqual([5, 1, 3, 3, 3]);
    expect(averageRanks([0.2, 0.2, 0.1])).toEqual([2.5, 2.5, 1]);
  });

  it("matches scipy.stats.spearmanr, ties included", () => {
    // scipy 1.17.1: spearmanr([1,2,2,3,5], [2,1,4,4,4]).statistic = 0.6308932681440449
    expect(spearmanRho([1, 2, 2, 3, 5], [2, 1, 4, 4, 4])).toBeCloseTo(0.6308932681440449, 15);
    // spearmanr([0.3,0.1,0.2], [0.3,0.2,0.1]).statistic = 0.5
    expect(spearmanRho([0.3, 0.1, 0.2], [0.3, 0.2, 0.1])).toBeCloseTo(0.5, 15);
    expect(spearmanRho([1, 2, 3], [3, 2, 1])).toBe(-1);
  });

  it("is null when a scoring ties every system or there is one system", () => {
    expect(spearmanRho([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(spearmanRho([1], [1])).toBeNull();
  });
});
