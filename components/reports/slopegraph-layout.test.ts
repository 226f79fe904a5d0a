import { describe, expect, it } from "vitest";
import { scoreDomain, spreadLabels } from "./slopegraph-layout";

describe("scoreDomain", () => {
  it.each([
    [
      [0.41, 0.45, 0.52],
      [0.3, 0.6],
    ],
    [
      [0.5, 0.5, 0.5],
      [0.4, 0.6],
    ], // a tie: a narrow axis around the score, never -1…3
    [
      [1, 1],
      [0.8, 1],
    ],
    [
      [0, 0],
      [0, 0.2],
    ],
    [
      [0, 1],
      [0, 1],
    ],
    [
      [0.02, 0.97],
      [0, 1],
    ],
    [[], [0, 1]],
  ])("%j -> %j", (values, domain) => expect(scoreDomain(values)).toEqual(domain));
});

describe("spreadLabels", () => {
  it("keeps labels that do not collide where they are", () => {
    expect(spreadLabels([10, 50, 90], 12, 0, 100)).toEqual([10, 50, 90]);
  });

  it("moves tied labels apart, in their order", () => {
    expect(spreadLabels([40, 40, 40], 12, 0, 100)).toEqual([40, 52, 64]);
  });

  it("keeps a stack inside the plot", () => {
    expect(spreadLabels([98, 99, 100], 12, 0, 100)).toEqual([76, 88, 100]);
    expect(spreadLabels([0, 0, 0], 12, 0, 100)).toEqual([0, 12, 24]);
  });
});
