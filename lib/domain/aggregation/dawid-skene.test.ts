import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { majorityVote, type ItemAggregate, type Response } from "./aggregate";
import { dawidSkene } from "./dawid-skene";

// crowd-kit's outputs on the same responses (test/fixtures/crowdkit/generate.py made them, from
// Toloka/crowd-kit's source): missing labels, 1-1 ties, judges who label one item, labels text
// sorts otherwise than numbers, careless judges.
type Case = {
  name: string;
  responses: [string, string, string][];
  majority: ItemAggregate[];
  dawidSkene: {
    items: ItemAggregate[];
    judges: Record<string, Record<string, Record<string, number>>>;
    losses: number[];
  };
};
const cases = JSON.parse(fs.readFileSync("test/fixtures/crowdkit/cases.json", "utf8")) as Case[];
const responsesOf = (c: Case): Response[] => c.responses.map(([item, judge, label]) => ({ item, judge, label }));

/** Labels exactly; every number within 1e-9. */
function expectClose(actual: unknown, expected: unknown, path: string) {
  if (typeof expected === "number") {
    expect(typeof actual, path).toBe("number");
    expect(Math.abs((actual as number) - expected), `${path}: ${String(actual)} vs ${expected}`).toBeLessThan(1e-9);
  } else if (expected && typeof expected === "object") {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected))
      expectClose((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
  } else expect(actual, path).toEqual(expected);
}

describe("aggregation as crowd-kit computes it", () => {
  it.each(cases.map((c) => [c.name, c] as const))("majority vote: %s", (_, c) => {
    expectClose(majorityVote(responsesOf(c)), c.majority, "majority");
  });

  it.each(cases.map((c) => [c.name, c] as const))("Dawid-Skene: %s", (_, c) => {
    const result = dawidSkene(responsesOf(c));
    expect(result.losses).toHaveLength(c.dawidSkene.losses.length); // the same iterations
    expectClose(result, c.dawidSkene, "dawidSkene");
  });

  it("breaks a tie by the labels' text order, and starts from the majority's shares", () => {
    const tie = majorityVote([
      { item: "x", judge: "a", label: "2" },
      { item: "x", judge: "b", label: "10" },
    ]);
    expect(tie).toEqual([{ item: "x", label: "10", posteriors: { "10": 0.5, "2": 0.5 } }]);
    expect(dawidSkene([]).items).toEqual([]);
  });
});
