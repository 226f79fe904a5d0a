// The explorer's disagreement page and per-question counts, computed by the database through each
// scale's positions (a CASE on the scale and the value), against the domain's own reading of the
// same labels: built-in and custom scales side by side, values that are no level of their scale,
// and targets of other types, which the explorer leaves out. On the engine under test.
import { beforeAll, describe, expect, it } from "vitest";
import { disagreement, labelPosition, type JudgeLabel } from "@/lib/domain/explorer/consensus";
import { customScale } from "@/lib/domain/scales";
import { nuggetKey, queryDocumentKey } from "@/lib/domain/targets";
import { getDb } from "@/lib/server/db/client";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { disagreementPage, judgedCounts } from "./explorer-counts";

let studyId: number;
const byTarget = new Map<string, { queryId: number; labels: JudgeLabel[] }>();
const CUSTOM = customScale(["no", "maybe", "yes", "certainly"], "yes").id;

/** Each judge's label on each (question, chunk) pair: undefined gives none; a value of no level is kept. */
const PLAN: { judge: string; kind: "human" | "model"; scale: string; values: (string | undefined)[] }[] = [
  { judge: "gpt", kind: "model", scale: "trec-dl-0-3", values: ["3", "0", "2", "1", "3", "0", "2", "1", "0"] },
  {
    judge: "claude",
    kind: "model",
    scale: "relevance-3",
    values: [
      "relevant",
      "partially_relevant",
      "non_relevant",
      "relevant",
      undefined,
      "relevant",
      "nonsense",
      "partially_relevant",
      "non_relevant",
    ],
  },
  {
    judge: "expert",
    kind: "human",
    scale: CUSTOM,
    values: ["no", "certainly", "maybe", "yes", "no", undefined, "bogus", "certainly", "bogus"],
  },
];

beforeAll(async () => {
  const db = await getDb();
  studyId = (await f.upsertStudy(db, { slug: `explorer-counts-${unique()}`, name: "explorer counts" })).id;
  const queries = [
    await f.upsertQuery(db, studyId, { externalId: "q1", title: "", body: "one" }),
    await f.upsertQuery(db, studyId, { externalId: "q2", title: "", body: "two" }),
  ];
  const judges = new Map<string, number>();
  for (const p of PLAN) judges.set(p.judge, (await f.upsertJudge(db, studyId, { name: p.judge, kind: p.kind })).id);
  for (let i = 0; i < PLAN[0]!.values.length; i++) {
    const query = queries[i % 2]!;
    const doc = await f.upsertDocument(db, studyId, { externalId: `d${i}`, text: `chunk ${i}` });
    await f.upsertPoolEntry(db, studyId, query.id, doc.id);
    const targetKey = queryDocumentKey(query.id, doc.id);
    const target = { queryId: query.id, labels: [] as JudgeLabel[] };
    byTarget.set(targetKey, target);
    for (const p of PLAN) {
      const value = p.values[i];
      if (value === undefined) continue;
      await db.label.create({
        data: {
          studyId,
          judgeId: judges.get(p.judge)!,
          targetType: "query_document",
          targetKey,
          queryId: query.id,
          documentId: doc.id,
          scale: p.scale,
          value,
        },
      });
      target.labels.push({ judge: p.judge, kind: p.kind, scale: p.scale, value });
    }
  }
  // a question's label on another target type, with a scale of positions: never a disagreement
  for (const [judge, value] of [
    ["gpt", "3"],
    ["expert", "no"],
  ] as const)
    await db.label.create({
      data: {
        studyId,
        judgeId: judges.get(judge)!,
        targetType: "nugget",
        targetKey: nuggetKey(999_999),
        queryId: queries[0]!.id,
        scale: judge === "gpt" ? "trec-dl-0-3" : CUSTOM,
        value,
      },
    });
});

describe("explorer counts", () => {
  it("finds the disagreeing pairs and their strength as the domain reads them", async () => {
    const expected = [...byTarget].filter(([, t]) => disagreement(t.labels) > 0);
    expect(expected.length).toBeGreaterThanOrEqual(4); // the plan has agreeing and disagreeing pairs
    expect(expected.length).toBeLessThan(byTarget.size);
    const page = await disagreementPage(studyId, 1, 50);
    expect(page.total).toBe(expected.length);
    expect(page.keys.map((k) => k.k).sort()).toEqual(expected.map(([k]) => k).sort());
    for (const { k, spread } of page.keys) expect(spread).toBeCloseTo(disagreement(byTarget.get(k)!.labels), 9);
    expect(page.keys.map((k) => k.spread)).toEqual(page.keys.map((k) => k.spread).toSorted((a, b) => b - a));
    // pages of two follow the same order; a page past the last says the total
    const paged = [
      ...(await disagreementPage(studyId, 1, 2)).keys,
      ...(await disagreementPage(studyId, 2, 2)).keys,
      ...(await disagreementPage(studyId, 3, 2)).keys,
    ];
    expect(paged.map((k) => k.k)).toEqual(page.keys.map((k) => k.k).slice(0, paged.length));
    expect(await disagreementPage(studyId, 99, 2)).toEqual({ total: expected.length, keys: [] });
  });

  it("counts LLM-positive, human-judged and disagreeing pairs per question, leaving out values of no level", async () => {
    const counts = await judgedCounts(studyId);
    const placed = (l: JudgeLabel) => labelPosition(l.scale, l.value);
    const questions = new Set([...byTarget.values()].map((t) => t.queryId));
    expect(counts.size).toBe(questions.size);
    for (const q of questions) {
      const targets = [...byTarget.values()].filter((t) => t.queryId === q);
      expect(counts.get(q)).toEqual({
        llmPositive: targets.filter((t) => t.labels.some((l) => l.kind === "model" && placed(l)?.positive)).length,
        humanJudged: targets.filter((t) => t.labels.some((l) => l.kind === "human" && placed(l))).length,
        disagreements: targets.filter((t) => disagreement(t.labels) > 0).length,
      });
    }
  });
});
