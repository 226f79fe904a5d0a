import { describe, expect, it } from "vitest";
import { goldHiding, goldSpecSchema, goldWanted, mixGold, parseGoldSettings } from "./gold";
import { sampleCandidates, type Candidate, type SampleSpec } from "./sampling";

/** A pooled pair of question `q` (1, 2, ...) and chunk `doc`, with the LLM's binarized label and a group. */
const pair = (q: number, doc: string, llm: boolean | null = null, group = "all"): Candidate => ({
  queryKey: `q${q}`,
  queryId: q,
  nuggetId: null,
  nuggetPosition: null,
  documentKey: doc,
  documentId: q * 1000 + Number(doc.replace(/\D/g, "")),
  group,
  llm,
});
const name = (c: Candidate) => `${c.queryKey}/${c.documentKey}`;
const questionsOf = (items: readonly Candidate[]) =>
  items.map((c) => c.queryKey).filter((q, i, all) => i === 0 || all[i - 1] !== q);

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

  it("hides in the sample's questions, as questions of their own, or cannot hide, by design", () => {
    const designs: [SampleSpec, string][] = [
      [{ kind: "random_pairs", pairs: 10 }, "in-questions"],
      [{ kind: "targets", targetKeys: ["qd:1:2"] }, "in-questions"],
      [{ kind: "random_questions", questions: 2, cap: 10 }, "in-questions"],
      [{ kind: "all_pairs", cap: 10 }, "in-questions"],
      [{ kind: "llm_positive_per_question", questions: 3, judge: "gpt" }, "as-questions"],
      [{ kind: "feb4rag", judge: "gpt" }, "in-questions"],
      [{ kind: "random_questions", questions: 2 }, "visible"],
      [{ kind: "all_pairs" }, "visible"],
    ];
    for (const [sample, hiding] of designs) expect(goldHiding(sample), sample.kind).toBe(hiding);
  });

  it("in the sample's questions: more of their pairs, each in its place in its question's order, the LLM's labels in the sample's mix", () => {
    // question 1: chunks d1..d9, the LLM says yes to odd ones; question 2: d1..d9 likewise; question 3 not sampled
    const pool = [1, 2, 3].flatMap((q) => Array.from({ length: 9 }, (_, i) => pair(q, `d${i + 1}`, i % 2 === 0)));
    const sample: SampleSpec = { kind: "random_pairs", pairs: 4 };
    const sampled = sampleCandidates(
      pool.filter((c) => c.queryId !== 3),
      sample,
      5,
    );
    const eligible = pool.filter((c) => !sampled.includes(c));
    for (let seed = 0; seed < 30; seed++) {
      const { items, gold } = mixGold(sampled, eligible, 3, sample, seed);
      expect(gold).toHaveLength(3);
      expect(items.filter((c) => !gold.includes(c))).toEqual(sampled); // the sample's own order
      expect(gold.every((g) => sampled.some((s) => s.queryId === g.queryId))).toBe(true); // never question 3
      // every question one run, in chunk order: no gold item breaks the order an annotator sees
      expect(questionsOf(items)).toEqual(questionsOf(sampled));
      for (const q of new Set(items.map((c) => c.queryId))) {
        const docs = items.filter((c) => c.queryId === q).map((c) => c.documentKey);
        expect(docs).toEqual([...docs].sort());
      }
      expect(mixGold(sampled, eligible, 3, sample, seed)).toEqual({ items, gold }); // seeded
    }
    // the LLM's labels come in the sample's mix: a sample of LLM-positive pairs gets LLM-positive gold
    const positives = sampled.filter((c) => c.llm === true);
    for (let seed = 0; seed < 30; seed++)
      expect(mixGold(positives, eligible, 3, sample, seed).gold.every((g) => g.llm === true)).toBe(true);
  });

  it("as questions of their own: the design's unit of a question the sample does not hold, at a question boundary", () => {
    const pool = [1, 2, 3, 4, 5].flatMap((q) => [pair(q, "d1", false), pair(q, "d2", true), pair(q, "d3", true)]);
    const sample: SampleSpec = { kind: "llm_positive_per_question", questions: 2, judge: "gpt" };
    const sampled = sampleCandidates(pool, sample, 3);
    expect(sampled).toHaveLength(2);
    const eligible = pool.filter((c) => !sampled.includes(c));
    const starts = new Set<number>();
    for (let seed = 0; seed < 60; seed++) {
      const { items, gold } = mixGold(sampled, eligible, 2, sample, seed);
      // one LLM-positive pair each, of two questions the sample does not hold: like every sampled question
      expect(gold).toHaveLength(2);
      expect(gold.every((g) => g.llm === true && !sampled.some((s) => s.queryId === g.queryId))).toBe(true);
      expect(new Set(gold.map((g) => g.queryId)).size).toBe(2);
      expect(questionsOf(items)).toHaveLength(4);
      expect(items.filter((c) => !gold.includes(c))).toEqual(sampled);
      starts.add(items.indexOf(gold[0]!));
    }
    expect([...starts].sort()).toEqual([0, 1, 2, 3]);
  });

  it("FeB4RAG (every question): gold of the sampled questions, each of a sampled pair's group and LLM label", () => {
    const grouped = [1, 2, 3].flatMap((q) =>
      ["web", "news"].flatMap((g) =>
        [1, 2, 3].flatMap((i) => [pair(q, `d${g}${i}`, true, g), pair(q, `${g}n${i}`, false, g)]),
      ),
    );
    const feb: SampleSpec = { kind: "feb4rag", judge: "gpt" };
    const sampled = sampleCandidates(grouped, feb, 1);
    expect(sampled).toHaveLength(12); // 3 questions x 2 groups x (one positive, one negative)
    const eligible = grouped.filter((c) => !sampled.includes(c));
    for (let seed = 0; seed < 20; seed++) {
      const { items, gold } = mixGold(sampled, eligible, 6, feb, seed);
      expect(gold).toHaveLength(6);
      expect(questionsOf(items)).toEqual(questionsOf(sampled));
      expect(items.filter((c) => !gold.includes(c))).toEqual(sampled);
    }
    // over many draws the gold's groups and LLM labels come in the sample's mix: half and half
    const drawn = Array.from({ length: 200 }, (_, seed) => mixGold(sampled, eligible, 4, feb, seed).gold).flat();
    const share = (f: (c: Candidate) => boolean) => drawn.filter(f).length / drawn.length;
    expect(share((c) => c.llm === true)).toBeGreaterThan(0.4);
    expect(share((c) => c.llm === true)).toBeLessThan(0.6);
    expect(share((c) => c.group === "web")).toBeGreaterThan(0.4);
    expect(share((c) => c.group === "web")).toBeLessThan(0.6);
  });

  it("where the sample holds whole questions, takes pairs of other questions as runs between them", () => {
    const pool = [1, 2, 3].flatMap((q) => [pair(q, "d1"), pair(q, "d2")]);
    const sample: SampleSpec = { kind: "random_questions", questions: 2 };
    const sampled = sampleCandidates(pool, sample, 2);
    const eligible = pool.filter((c) => !sampled.includes(c));
    const { items, gold } = mixGold(sampled, eligible, 2, sample, 4);
    expect(gold.map(name).sort()).toEqual(eligible.map(name).sort());
    expect(questionsOf(items)).toHaveLength(3);
  });

  it("takes what there is when fewer can be drawn than wanted", () => {
    const sampled = [pair(1, "d1")];
    expect(mixGold(sampled, [pair(1, "d2")], 5, { kind: "random_pairs", pairs: 1 }, 1).gold).toHaveLength(1);
    expect(mixGold(sampled, [pair(2, "d2")], 5, { kind: "random_pairs", pairs: 1 }, 1).gold).toHaveLength(0);
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
