import { describe, expect, it } from "vitest";
import { buildDriftReport, type Snapshot } from "./build-drift-report";
import { documentSource } from "./document-source";
import { rankRun } from "../runs/run-ranking";

const entries = (...docs: string[]) => docs.map((docId, i) => ({ docId, score: docs.length - i }));
const run = (byQuestion: Record<string, string[]>) =>
  rankRun(new Map(Object.entries(byQuestion).map(([q, docs]) => [q, entries(...docs)])));
const nuggets = (byQuestion: Record<string, string[]>) =>
  new Map(Object.entries(byQuestion).map(([q, ids]) => [q, new Map(ids.map((n) => [n, `text of ${n}`]))]));
const supports = (byQuestion: Record<string, Record<string, string[]>>) =>
  new Map(
    Object.entries(byQuestion).map(([q, byNugget]) => [
      q,
      new Map(Object.entries(byNugget).map(([n, docs]) => [n, new Set(docs)])),
    ]),
  );
const sourcesOf = (...docs: string[]) =>
  new Map(docs.map((d) => [d, documentSource({ externalId: d, repo: null }, { by: "repository" })]));

// A: q1 and q2 fully supported, all from "lc" but one; B: q1's support moved to "ll" and q1_2 lost it.
const a: Snapshot = {
  studyId: 1,
  name: "2024",
  labels: "gpt-4o",
  nuggets: nuggets({ q1: ["q1_1", "q1_2"], q2: ["q2_1"], q3: ["q3_1"] }),
  supports: supports({ q1: { q1_1: ["lc/a_0", "lc/b_0"], q1_2: ["lc/a_0"] }, q2: { q2_1: ["lc/c_0", "ll/d_0"] } }),
  sources: sourcesOf("lc/a_0", "lc/b_0", "lc/c_0", "ll/d_0"),
  runs: new Map([
    ["s1", run({ q1: ["lc/a_0", "zz/z_0"], q2: ["lc/c_0", "ll/d_0"] })],
    ["s2", run({ q1: ["lc/a_0", "lc/b_0"] })],
    ["s3", run({ q1: ["lc/a_0"] })],
  ]),
};
const b: Snapshot = {
  studyId: 2,
  name: "2025",
  labels: "gpt-4o",
  nuggets: nuggets({ q1: ["q1_1", "q1_2"], q2: ["q2_1"], q4: ["q4_1"] }),
  supports: supports({ q1: { q1_1: ["ll/x_0"], q1_2: [] }, q2: { q2_1: ["lc/c_0", "ll/d_0", "ll/e_0"] } }),
  sources: sourcesOf("ll/x_0", "lc/c_0", "ll/d_0", "ll/e_0"),
  runs: new Map([
    ["s1", run({ q2: ["lc/c_0", "ll/d_0"] })],
    ["s2", run({ q1: ["ll/x_0"], q2: ["ll/e_0"] })],
    ["s4", run({ q1: ["ll/x_0"] })],
  ]),
};

describe("buildDriftReport", () => {
  const report = buildDriftReport(a, b, { by: "repository" });
  if (typeof report === "string") throw new Error(report);

  it("names each snapshot's study and label set, and how documents got their sources", () => {
    expect(report.snapshots).toEqual({
      a: { studyId: 1, name: "2024", labels: "gpt-4o" },
      b: { studyId: 2, name: "2025", labels: "gpt-4o" },
    });
    expect(report.source).toEqual({ by: "repository", delimiter: "/" });
    const byPrefix = buildDriftReport(a, b, { by: "prefix", delimiter: "_" });
    expect(typeof byPrefix !== "string" && byPrefix.source).toEqual({ by: "prefix", delimiter: "_" });
  });

  it("matches questions by id and lists those in one snapshot only", () => {
    expect(report.questions).toEqual({ matched: 2, onlyA: ["q3"], onlyB: ["q4"] });
  });

  it("lists the unsupported nuggets per snapshot and the ones that change", () => {
    expect(report.grounding.a).toEqual({
      nuggets: 3,
      supportedNuggets: 3,
      unsupportedNuggets: [],
      notFullySupported: [],
    });
    expect(report.grounding.b).toEqual({
      nuggets: 3,
      supportedNuggets: 2,
      unsupportedNuggets: [{ question: "q1", nugget: "q1_2", text: "text of q1_2" }],
      notFullySupported: [{ question: "q1", nuggets: 2, unsupported: 1 }],
    });
    expect(report.grounding.sharedNuggets).toBe(3);
    expect(report.grounding.lostSupport).toEqual([{ question: "q1", nugget: "q1_2", text: "text of q1_2" }]);
    expect(report.grounding.gainedSupport).toEqual([]);
    expect(report.grounding.lostFullSupport).toEqual(["q1"]);
    expect(report.grounding.regainedFullSupport).toEqual([]);
  });

  it("counts supporting documents per source, overall and per question, with the shift", () => {
    // A: q1 {lc/a, lc/b}, q2 {lc/c, ll/d} -> lc 3 of 4; B: q1 {ll/x}, q2 {lc/c, ll/d, ll/e} -> ll 3 of 4
    expect(report.sources.relevant).toEqual({ a: 4, b: 4 });
    expect(report.sources.bySource).toEqual([
      { source: "lc", a: { documents: 3, share: 0.75 }, b: { documents: 1, share: 0.25 } },
      { source: "ll", a: { documents: 1, share: 0.25 }, b: { documents: 3, share: 0.75 } },
    ]);
    const [q1, q2] = report.sources.perQuestion;
    expect(q1).toEqual({
      question: "q1",
      shift: 1,
      a: { relevant: 2, sources: [{ source: "lc", documents: 2, share: 1 }] },
      b: { relevant: 1, sources: [{ source: "ll", documents: 1, share: 1 }] },
    });
    expect(q2!.question).toBe("q2");
    expect(q2!.shift).toBeCloseTo(1 / 6, 12); // (|1/2 - 1/3| + |1/2 - 2/3|) / 2
    expect(q2!.b.sources).toEqual([
      { source: "ll", documents: 2, share: 2 / 3 },
      { source: "lc", documents: 1, share: 1 / 3 },
    ]);
  });

  it("scores the runs both snapshots have under each one's labels and finds the swaps", () => {
    expect(report.leaderboards.unmatched).toEqual({ a: ["s3"], b: ["s4"] });
    const s = Object.fromEntries(report.leaderboards.systems.map((x) => [x.system, x.scores]));
    // recall@50, A: s1 (1/2 + 2/2) / 2, s2 (2/2 + 0) / 2; B: s1 (0 + 2/3) / 2, s2 (1 + 1/3) / 2
    expect(s.s1!["recall@50"]).toEqual({ a: 0.75, b: 1 / 3 });
    expect(s.s2!["recall@50"]).toEqual({ a: 0.5, b: 2 / 3 });
    // coverage@20, A: s1 (2/2 + 1) / 2, s2 (2/2 + 0) / 2; B: s1 (0 + 1) / 2, s2 (1/2 + 1) / 2
    expect(s.s1!["coverage@20"]).toEqual({ a: 1, b: 0.5 });
    expect(s.s2!["coverage@20"]).toEqual({ a: 0.5, b: 0.75 });
    expect(report.leaderboards.kendallTauB["recall@50"]).toBe(-1);
    expect(report.leaderboards.spearmanRho["recall@50"]).toBe(-1);
    expect(report.leaderboards.swaps["recall@50"]).toEqual([["s1", "s2"]]);
  });

  it("refuses two snapshots without a question in common", () => {
    expect(buildDriftReport(a, { ...b, nuggets: nuggets({ q9: ["q9_1"] }) }, { by: "repository" })).toMatch(
      /share no question/,
    );
  });
});

describe("documentSource", () => {
  it("takes the repository, else the id up to the delimiter", () => {
    expect(documentSource({ externalId: "langchain/docs/a.md_0_10", repo: "langchain" }, { by: "repository" })).toBe(
      "langchain",
    );
    expect(documentSource({ externalId: "llama_index/x.py_0_9", repo: null }, { by: "repository" })).toBe(
      "llama_index",
    );
    expect(documentSource({ externalId: "msmarco_doc_00_1", repo: null }, { by: "prefix", delimiter: "_" })).toBe(
      "msmarco",
    );
    expect(documentSource({ externalId: "d1", repo: "r" }, { by: "prefix", delimiter: "_" })).toBe("(none)");
  });
});
