// Impact's nugget-assignment family: a run's scores under each label set are nuggetizer's (its
// metrics.py on the generated fixture, test/fixtures/nuggetizer), on the answers both sets assigned
// in full; rankings compared as for the other families.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SetLabel } from "../label-sets/label-set";
import { nuggetAnswerKey } from "../targets";
import { impactCsv } from "@/lib/formats/reports/impact-csv";
import { buildImpactReport, type ImpactReport } from "./build-impact-report";

type Line = { qid: string; run_id: string; nuggets: { text: string; importance: string; assignment: string }[] };
const FIXTURES = path.resolve("test/fixtures/nuggetizer");
const lines = (file: string) =>
  fs
    .readFileSync(path.join(FIXTURES, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const assignments = lines("assignments.jsonl") as Line[];

// the fixture as a study: ids for questions, nuggets (by question and text) and systems
const questionIds = new Map([...new Set(assignments.map((l) => l.qid))].map((q, i) => [q, i + 1]));
const systemIds = new Map([...new Set(assignments.map((l) => l.run_id))].map((s, i) => [s, i + 1]));
const nuggets = new Map<string, { id: number; queryId: number; importance: string }>();
for (const l of assignments)
  for (const n of l.nuggets) {
    const key = `${l.qid}|${n.text}`;
    if (!nuggets.has(key))
      nuggets.set(key, { id: nuggets.size + 1, queryId: questionIds.get(l.qid)!, importance: n.importance });
  }
const answers = assignments.map((l) => ({
  systemId: systemIds.get(l.run_id)!,
  system: l.run_id,
  queryId: questionIds.get(l.qid)!,
}));

/** A label set of the fixture's assignments, each changed by `change` (undefined: left out). */
function labelSet(change: (l: Line, n: Line["nuggets"][number]) => string | undefined = (_, n) => n.assignment) {
  const out = new Map<string, SetLabel>();
  for (const l of assignments)
    for (const n of l.nuggets) {
      const value = change(l, n);
      if (value === undefined) continue;
      const nugget = nuggets.get(`${l.qid}|${n.text}`)!;
      const targetKey = nuggetAnswerKey(nugget.id, systemIds.get(l.run_id)!);
      out.set(targetKey, {
        targetKey,
        value,
        scale: "nugget-assignment",
        queryId: nugget.queryId,
        nuggetId: nugget.id,
        criterion: null,
      });
    }
  return out;
}

const report = (a: Map<string, SetLabel>, b: Map<string, SetLabel>) =>
  buildImpactReport({
    sets: { a: "nuggetizer", b: "people" },
    labels: { a, b },
    nuggets: [...nuggets.values()],
    answers,
    runs: new Map(),
    questionNames: new Map([...questionIds].map(([q, id]) => [String(id), q])),
    documentNames: new Map(),
  }) as ImpactReport;

describe("Impact on nugget assignments", () => {
  it("scores every run as nuggetizer's metrics.py does, to the last bit, and offers the family", () => {
    const r = report(labelSet(), labelSet());
    expect(r.family).toBe("answers");
    expect(r.families).toEqual(["answers"]);
    expect(r.metrics).toEqual(["all_score", "vital_score", "strict_all_score", "strict_vital_score"]);
    for (const expected of lines("expected-by-run.jsonl")) {
      const system = r.systems.find((s) => s.name === expected.run_id)!;
      for (const m of r.metrics) expect([m, system.scores[m]!.a]).toEqual([m, expected[m]]);
    }
    expect(r.kendallTauB.all_score).toBe(1);
    expect(r.questions).toBe(15);
    // and every answer, as nuggetizer scores it per record, by run then question
    expect(r.perAnswer!.map((x) => ({ run_id: x.system, qid: x.question, ...x.a }))).toEqual(
      lines("expected-by-answer.jsonl"),
    );
    const csv = impactCsv(r).trim().split("\n");
    const first = r.perAnswer![0]!;
    expect(csv).toContain(`${first.system},all_score@${first.question},${first.a.all_score},${first.b.all_score}`);
    // then 6 rows per pair of the 7 systems (21): the means and the four p-values of the tested measure
    expect(r.significance.pairs.a).toHaveLength(21);
    expect(csv).toHaveLength(1 + 7 * 4 + 2 * 4 + r.perAnswer!.length * 4 + 21 * 6);
  });

  it("compares both sets on the answers each assigned in full, and ranks the runs under both", () => {
    // B: run-A supports nothing (it falls to the bottom), and leaves one nugget of run-B's answers unassigned
    const first = assignments.find((l) => l.run_id === "run-B")!;
    const b = labelSet((l, n) =>
      l.run_id === "run-A" ? "not_support" : l === first && n === l.nuggets[0] ? undefined : n.assignment,
    );
    const r = report(labelSet(), b);
    const runA = r.systems.find((s) => s.name === "run-A")!;
    expect(runA.scores.all_score!.b).toBe(0);
    expect(runA.scores.all_score!.a).toBeGreaterThan(0);
    // run-B's partly assigned answer is out of both sides: its scores under A and B are equal again
    const runB = r.systems.find((s) => s.name === "run-B")!;
    expect(runB.scores.all_score!.a).toBe(runB.scores.all_score!.b);
    expect(runB.scores.all_score!.a).not.toBe(
      lines("expected-by-run.jsonl").find((e) => e.run_id === "run-B")!.all_score,
    );
    expect(r.swaps.all_score!.some((pair) => pair.includes("run-A"))).toBe(true);
    expect(r.kendallTauB.all_score).toBeLessThan(1);
  });

  it("says what is missing: no answers, or no assignments in common", () => {
    const none = buildImpactReport({
      sets: { a: "x", b: "y" },
      labels: { a: labelSet(), b: labelSet() },
      nuggets: [...nuggets.values()],
      answers: [],
      runs: new Map(),
      questionNames: new Map(),
      documentNames: new Map(),
    });
    expect(none).toBe("this study has no answers: import TREC RAG answers first");
    const onlyA = labelSet((l, n) => (l.run_id === "run-A" ? n.assignment : undefined));
    const onlyB = labelSet((l, n) => (l.run_id === "run-B" ? n.assignment : undefined));
    expect(report(onlyA, onlyB)).toBe("nuggetizer and people judged no question in common: nothing to compare");
  });

  it("names a campaign majority's ties when they leave no answer assigned in full, and the adjudicated set", () => {
    // the campaign's annotators tie on each answer's first nugget: its majority assigns no answer in full
    const tiedFirst = labelSet((l, n) => (n === l.nuggets[0] ? undefined : n.assignment));
    const tied = buildImpactReport({
      sets: { a: "nuggetizer", b: "campaign:2" },
      labels: { a: labelSet(), b: tiedFirst },
      decidedBy: ["adjudicated:2"],
      leftOut: [`campaign:2 leaves out ${answers.length} targets its members tie on`],
      nuggets: [...nuggets.values()],
      answers,
      runs: new Map(),
      questionNames: new Map(),
      documentNames: new Map(),
    });
    expect(tied).toBe(
      `nuggetizer and campaign:2 judged no question in common: campaign:2 leaves out ${answers.length} targets its members tie on (an answer with one of them is not assigned in full). Decide the ties in the campaign's adjudication and compare with adjudicated:2.`,
    );
    // tied on every nugget: the majority has no label at all
    const allTied = buildImpactReport({
      sets: { a: "nuggetizer", b: "campaign:2" },
      labels: { a: labelSet(), b: new Map() },
      decidedBy: ["adjudicated:2"],
      leftOut: ["campaign:2 leaves out 1 target its members tie on"],
      nuggets: [...nuggets.values()],
      answers,
      runs: new Map(),
      questionNames: new Map(),
      documentNames: new Map(),
    });
    expect(allTied).toMatch(
      /^nuggetizer and campaign:2 share no kind of label \(support, relevance, nugget assignment or citation support\): campaign:2 leaves out 1 target its members tie on .* compare with adjudicated:2\.$/,
    );
  });
});
