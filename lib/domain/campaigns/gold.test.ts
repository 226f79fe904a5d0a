import { describe, expect, it } from "vitest";
import { goldSpecSchema, goldWanted, mixGold, parseGoldSettings } from "./gold";

describe("gold items", () => {
  it("asks for K items or a share of the sample, never both", () => {
    expect(goldSpecSchema.safeParse({ labelSet: "nist", count: 3 }).success).toBe(true);
    expect(goldSpecSchema.safeParse({ labelSet: "nist", share: 0.1 }).success).toBe(true);
    expect(goldSpecSchema.safeParse({ labelSet: "nist", count: 3, share: 0.1 }).success).toBe(false);
    expect(goldSpecSchema.safeParse({ labelSet: "nist" }).success).toBe(false);
    expect(goldSpecSchema.safeParse({ labelSet: "nist", share: 0 }).success).toBe(false);
    expect(goldWanted({ labelSet: "x", count: 4 }, 100)).toBe(4);
    expect(goldWanted({ labelSet: "x", share: 0.1 }, 45)).toBe(5); // 4.5 rounds up
    expect(goldWanted({ labelSet: "x", share: 0.01 }, 10)).toBe(1); // at least one
  });

  // items are "<question><kind><n>": a1 is question a's sampled pair 1, aG1 its gold candidate 1
  const question = (item: string) => item[0]!;
  const runs = (items: readonly string[]) => items.map(question).filter((q, i, all) => i === 0 || all[i - 1] !== q);

  it("mixes the gold inside its question's run, keeping the sample's order and every run whole", () => {
    const sample = ["a1", "a2", "a3", "b1", "b2", "c1"];
    const eligible = ["aG1", "bG1", "zG1", "zG2"];
    const mixed = mixGold(sample, eligible, 2, 7, question);
    expect(mixed).toHaveLength(8);
    expect(mixed.filter((x) => !x.includes("G"))).toEqual(sample);
    // the sampled questions' own pairs are taken first
    expect(mixed.filter((x) => x.includes("G")).sort()).toEqual(["aG1", "bG1"]);
    expect(runs(mixed)).toEqual(["a", "b", "c"]);
    expect(mixGold(sample, eligible, 2, 7, question)).toEqual(mixed); // seeded
    // over seeds, a gold pair lands everywhere inside its run, ends included
    const places = new Set<number>();
    for (let seed = 0; seed < 200; seed++)
      mixGold(sample, ["bG1"], 1, seed, question).forEach((x, i) => x === "bG1" && places.add(i));
    expect([...places].sort()).toEqual([3, 4, 5]);
  });

  it("puts a gold pair of another question between runs, beside the gold of its question", () => {
    const sample = ["a1", "a2", "b1", "b2"];
    for (let seed = 0; seed < 50; seed++) {
      const mixed = mixGold(sample, ["zG1", "zG2"], 2, seed, question);
      expect(runs(mixed)).toHaveLength(3); // a, b and one run of z, in some order
      expect(mixed.filter((x) => !x.includes("G"))).toEqual(sample);
    }
    const starts = new Set<number>();
    for (let seed = 0; seed < 200; seed++) starts.add(mixGold(sample, ["zG1"], 1, seed, question).indexOf("zG1"));
    expect([...starts].sort()).toEqual([0, 2, 4]);
  });

  it("takes what there is when fewer are eligible than wanted", () => {
    expect(mixGold(["s"], ["g1"], 5, 1, () => 1).sort()).toEqual(["g1", "s"]);
  });

  it("reads stored settings back", () => {
    expect(parseGoldSettings(null)).toBeNull();
    expect(parseGoldSettings(JSON.stringify({ labelSet: "nist", share: 0.2, items: 3 }))).toEqual({
      labelSet: "nist",
      share: 0.2,
      items: 3,
    });
  });
});
