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

  it("mixes the gold among the sample at seeded places, keeping the sample's order", () => {
    const sample = ["s1", "s2", "s3", "s4", "s5", "s6"];
    const eligible = ["g1", "g2", "g3", "g4"];
    const mixed = mixGold(sample, eligible, 2, 7);
    expect(mixed).toHaveLength(8);
    expect(mixed.filter((x) => x.startsWith("s"))).toEqual(sample);
    const gold = mixed.filter((x) => x.startsWith("g"));
    expect(gold).toHaveLength(2);
    expect(new Set(gold).size).toBe(2);
    expect(mixGold(sample, eligible, 2, 7)).toEqual(mixed); // seeded
    // over seeds, gold lands everywhere, not only at the ends
    const places = new Set<number>();
    for (let seed = 0; seed < 200; seed++)
      mixGold(sample, ["g"], 1, seed).forEach((x, i) => x === "g" && places.add(i));
    expect([...places].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("takes what there is when fewer are eligible than wanted", () => {
    expect(mixGold(["s"], ["g1"], 5, 1).sort()).toEqual(["g1", "s"]);
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
