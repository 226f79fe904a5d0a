import { describe, expect, it } from "vitest";
import { sampleCandidates, sampleSpecSchema, targetKeyOf, type Candidate } from "./sampling";

/** 6 questions x 2 nuggets x 3 chunks; the LLM says positive for chunk c1 of nugget 1 and chunk c2 of q1..q3's nugget 2. */
function pool(): Candidate[] {
  const out: Candidate[] = [];
  let id = 0;
  for (let q = 1; q <= 6; q++) {
    for (let n = 1; n <= 2; n++) {
      for (let c = 1; c <= 3; c++) {
        out.push({
          queryKey: `q${q}`,
          queryId: q,
          nuggetId: q * 10 + n,
          nuggetPosition: n,
          documentKey: `q${q}-c${c}`,
          documentId: ++id,
          group: c === 3 ? "docs" : "code",
          llm: q === 6 ? false : (n === 1 && c === 1) || (n === 2 && c === 2 && q <= 3),
        });
      }
    }
  }
  return out;
}
const key = (c: Candidate) => `${c.nuggetId}:${c.documentKey}`;

describe("sampling", () => {
  it("is reproducible from the seed and independent of the order of the rows", () => {
    const spec = { kind: "random_questions", questions: 2 } as const;
    const a = sampleCandidates(pool(), spec, 42).map(key);
    const b = sampleCandidates(pool().reverse(), spec, 42).map(key);
    expect(a).toEqual(b);
    expect(a).toHaveLength(12); // two questions, all six pairs each
    const others = [43, 44, 45].map((seed) => sampleCandidates(pool(), spec, seed).map(key));
    expect(others.some((o) => o.join() !== a.join())).toBe(true);
  });

  it("takes every pair, grouped by question in a random order of questions", () => {
    const all = sampleCandidates(pool(), { kind: "all_pairs" }, 1);
    expect(all).toHaveLength(36);
    const questionOrder = [...new Set(all.map((c) => c.queryKey))];
    expect(questionOrder.toSorted()).toEqual(["q1", "q2", "q3", "q4", "q5", "q6"]);
    expect(questionOrder).not.toEqual(["q1", "q2", "q3", "q4", "q5", "q6"]);
  });

  it("draws N pairs uniformly at random for corrected estimates: every pair equally likely", () => {
    const picked = sampleCandidates(pool(), { kind: "random_pairs", pairs: 10 }, 5);
    expect(picked).toHaveLength(10);
    expect(new Set(picked.map(key)).size).toBe(10);
    expect(sampleCandidates(pool(), { kind: "random_pairs", pairs: 100 }, 5)).toHaveLength(36);
    // over 3,000 seeds each of the 36 pairs is drawn about 3,000 · 10/36 = 833 times (binomial sd ≈ 24)
    const counts = new Map<string, number>();
    for (let seed = 1; seed <= 3000; seed++)
      for (const c of sampleCandidates(pool(), { kind: "random_pairs", pairs: 10 }, seed))
        counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
    expect(counts.size).toBe(36);
    for (const n of counts.values()) expect(Math.abs(n - 833)).toBeLessThan(110); // beyond 4.5 sd
  });

  it("follows FreshStack: N questions with an LLM-positive pair, one such pair each", () => {
    const picked = sampleCandidates(pool(), { kind: "llm_positive_per_question", questions: 4, judge: "gpt-4o" }, 7);
    expect(picked).toHaveLength(4);
    expect(new Set(picked.map((c) => c.queryKey)).size).toBe(4);
    expect(picked.every((c) => c.llm === true)).toBe(true);
    expect(picked.map((c) => c.queryKey)).not.toContain("q6"); // q6 has no positive pair
    // asking for more questions than have positives yields what exists
    expect(
      sampleCandidates(pool(), { kind: "llm_positive_per_question", questions: 50, judge: "gpt-4o" }, 7),
    ).toHaveLength(5);
  });

  it("follows FeB4RAG: one LLM-positive and one LLM-negative pair per question and group", () => {
    const picked = sampleCandidates(pool(), { kind: "feb4rag", judge: "gpt-4o" }, 3);
    // q1..q5: "code" has both kinds, "docs" only negatives -> 3 each; q6: only negatives -> 2
    expect(picked).toHaveLength(5 * 3 + 2);
    for (const q of ["q1", "q2", "q3", "q4", "q5"]) {
      const code = picked.filter((c) => c.queryKey === q && c.group === "code");
      expect(code.map((c) => c.llm).toSorted()).toEqual([false, true]);
    }
  });

  it("caps the sample with a seeded subset that keeps the order", () => {
    const all = sampleCandidates(pool(), { kind: "all_pairs" }, 5).map(key);
    const capped = sampleCandidates(pool(), { kind: "all_pairs", cap: 10 }, 5).map(key);
    expect(capped).toHaveLength(10);
    expect(capped).toEqual(all.filter((k) => capped.includes(k)));
  });

  it("yields nothing from an empty pool", () => {
    expect(sampleCandidates([], { kind: "llm_positive_per_question", questions: 3, judge: "x" }, 1)).toEqual([]);
  });

  it("takes exactly the chosen pairs, whatever their order, and ignores keys of other pairs", () => {
    const chosen = ["nd:52:29", "nd:11:1", "nd:11:3", "qd:1:1", "nd:99:999"];
    const picked = sampleCandidates(pool(), { kind: "targets", targetKeys: chosen }, 3).map(targetKeyOf);
    expect(picked.toSorted()).toEqual(["nd:11:1", "nd:11:3", "nd:52:29"]);
    expect(
      sampleCandidates(pool().reverse(), { kind: "targets", targetKeys: chosen.toReversed() }, 3).map(targetKeyOf),
    ).toEqual(picked);
    expect(sampleSpecSchema.safeParse({ kind: "targets", targetKeys: ["nd:1"] }).success).toBe(false);
  });
});
