import { beforeAll, describe, expect, it } from "vitest";
import { disagreement, type JudgeLabel } from "@/lib/domain/explorer/consensus";
import { questionListQuerySchema } from "@/lib/schemas/explorer";
import { getDb } from "@/lib/server/db/client";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { seedDemoStudy } from "@/prisma/demo/seed-demo-study";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { getQuestion } from "./get-question";
import { getQuestionPool } from "./get-question-pool";
import { listDisagreements } from "./list-disagreements";
import { listQuestions } from "./list-questions";
import { disagreementsCsv, questionsCsv } from "@/lib/formats/explorer-csv";

let studyId: number;
let researcher: UserDto;
let annotator: UserDto;
/** Every label of the study's pooled pairs by target, as the domain reads them: the reference the SQL is checked against. */
let byTarget: Map<string, { queryId: number; labels: JudgeLabel[] }>;

beforeAll(async () => {
  const db = await getDb();
  const id = unique();
  studyId = (await seedDemoStudy(db, `explorer-${id}`)).studyId; // this test adds a human judge: its own copy
  researcher = toUserDto(await db.user.findUniqueOrThrow({ where: { email: "researcher@assay.local" } }));
  annotator = toUserDto(
    await f.upsertUser(db, { email: `explorer-ann-${id}@test.local`, role: "annotator", password: "x" }),
  );
  await f.upsertMember(db, studyId, annotator.id, "annotator");
  // a human who rejects the first three pairs gpt-4o supports, on a three-level scale
  const human = await f.upsertJudge(db, studyId, { name: `expert-${id}`, kind: "human" });
  const supported = await db.label.findMany({
    where: { studyId, judge: { name: "gpt-4o" }, value: "1" },
    orderBy: { id: "asc" },
    take: 3,
  });
  for (const l of supported) {
    await db.label.create({
      data: {
        studyId,
        judgeId: human.id,
        targetType: l.targetType,
        targetKey: l.targetKey,
        queryId: l.queryId,
        nuggetId: l.nuggetId,
        documentId: l.documentId,
        scale: "relevance-3",
        value: "non_relevant",
      },
    });
  }
  const labels = await db.label.findMany({ where: { studyId }, include: { judge: true } });
  byTarget = new Map();
  for (const l of labels) {
    const entry =
      byTarget.get(l.targetKey) ?? byTarget.set(l.targetKey, { queryId: l.queryId!, labels: [] }).get(l.targetKey)!;
    entry.labels.push({
      judge: l.judge.name,
      kind: l.judge.kind === "human" ? "human" : "model",
      scale: l.scale,
      value: l.value,
    });
  }
}, 60_000);

const query = (over: Record<string, unknown> = {}) => questionListQuerySchema.parse(over);

describe("question list", () => {
  it("counts nuggets, pooled chunks, LLM-positive, human-judged and disagreeing pairs per question", async () => {
    const db = await getDb();
    const list = await listQuestions(researcher, studyId, query());
    expect(list.total).toBe(10);
    for (const row of list.rows) {
      const targets = [...byTarget.values()].filter((t) => t.queryId === row.id);
      expect(row.nuggets).toBe(await db.nugget.count({ where: { queryId: row.id } }));
      expect(row.pooled).toBe(await db.poolEntry.count({ where: { queryId: row.id } }));
      expect(row.llmPositive).toBe(
        targets.filter((t) => t.labels.some((l) => l.kind === "model" && l.value === "1")).length,
      );
      expect(row.humanJudged).toBe(targets.filter((t) => t.labels.some((l) => l.kind === "human")).length);
      expect(row.disagreements).toBe(targets.filter((t) => disagreement(t.labels) > 0).length);
    }
    expect(list.rows.reduce((s, r) => s + r.humanJudged, 0)).toBe(3);
  });

  it("searches id and text case-insensitively, filters by tag, sorts and pages", async () => {
    expect(
      (await listQuestions(researcher, studyId, query({ q: "EXPONENTIAL backoff" }))).rows.map((r) => r.externalId),
    ).toEqual(["hq-101"]);
    // _ is a character, not LIKE's any-character wildcard
    const db = await getDb();
    const withUnderscore = (await db.query.findMany({ where: { studyId } })).filter((q) =>
      [q.externalId, q.title, q.body].some((t) => t.includes("_")),
    );
    expect(withUnderscore.length).toBeGreaterThan(0);
    expect(withUnderscore.length).toBeLessThan(10);
    expect((await listQuestions(researcher, studyId, query({ q: "_" }))).total).toBe(withUnderscore.length);
    const tagged = await listQuestions(researcher, studyId, query({ tag: "typescript" }));
    expect(tagged.total).toBeGreaterThan(0);
    expect(tagged.rows.every((r) => r.tags.includes("typescript"))).toBe(true);
    const sorted = (await listQuestions(researcher, studyId, query({ sort: "disagreements", dir: "desc" }))).rows.map(
      (r) => r.disagreements,
    );
    expect(sorted).toEqual(sorted.toSorted((a, b) => b - a));
    expect((await listQuestions(researcher, studyId, query({ page: 2 }))).rows).toEqual([]);
  });

  it("exports every question the search and tag list as CSV, in the page's order", async () => {
    const tagged = await listQuestions(researcher, studyId, query({ tag: "typescript", sort: "pooled", dir: "desc" }));
    const whole = await listQuestions(
      researcher,
      studyId,
      query({ tag: "typescript", sort: "pooled", dir: "desc", format: "csv" }),
    );
    expect(whole.rows.map((r) => r.externalId)).toEqual(tagged.rows.map((r) => r.externalId)); // fewer than a page
    expect(whole.total).toBe(whole.rows.length);
    const lines = questionsCsv(whole).trimEnd().split("\n");
    expect(lines[0]).toBe("question,title,tags,nuggets,pooled,llm_positive,human_judged,disagreements");
    expect(lines).toHaveLength(1 + whole.total);
    const first = whole.rows[0]!;
    expect(lines[1]!.startsWith(`${first.externalId},`)).toBe(true);
    expect(
      lines[1]!.endsWith(
        `,${first.nuggets},${first.pooled},${first.llmPositive},${first.humanJudged},${first.disagreements}`,
      ),
    ).toBe(true);
  });

  it("is not found for an annotator of the study", async () => {
    await expect(listQuestions(annotator, studyId, query())).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("question page", () => {
  it("shows every judge's label in the grid, the disagreements and a rendered chunk", async () => {
    const db = await getDb();
    const hq101 = await db.query.findFirstOrThrow({ where: { studyId, externalId: "hq-101" } });
    const pool = await getQuestionPool(researcher, studyId, hq101.id);
    const nuggets = await db.nugget.count({ where: { queryId: hq101.id } });
    expect(pool.columns).toHaveLength(nuggets);
    expect(pool.chunks).toHaveLength(await db.poolEntry.count({ where: { queryId: hq101.id } }));
    for (const chunk of pool.chunks) {
      for (const cell of chunk.cells.filter((c) => c !== null)) {
        const expected = byTarget.get(cell.targetKey)!.labels;
        expect(cell.labels.map((l) => `${l.judge}=${l.value}`).sort()).toEqual(
          expected.map((l) => `${l.judge}=${l.value}`).sort(),
        );
        expect(cell.disagreement).toBe(disagreement(expected));
        if (expected.filter((l) => l.kind === "model").length === 2) expect(cell.fused).not.toBeNull();
      }
      expect(chunk.disagreements).toBe(chunk.cells.filter((c) => c && c.disagreement > 0).length);
    }
    const withChunk = await getQuestionPool(researcher, studyId, hq101.id, pool.chunks[0]!.documentId);
    expect(withChunk.chunk).toMatchObject({ documentId: pool.chunks[0]!.documentId });
    expect(withChunk.chunk!.html).toContain("<pre");
  });

  it("says which runs retrieved each chunk and at what rank, and lists the best-ranked chunks first", async () => {
    const db = await getDb();
    const hq101 = await db.query.findFirstOrThrow({ where: { studyId, externalId: "hq-101" } });
    const runs = await db.runEntry.findMany({ where: { queryId: hq101.id }, include: { system: true } });
    expect(runs.length).toBeGreaterThan(0);
    const pool = await getQuestionPool(researcher, studyId, hq101.id);
    for (const chunk of pool.chunks) {
      const expected = runs
        .filter((r) => r.documentId === chunk.documentId)
        .map((r) => ({ system: r.system.name, rank: r.rank }))
        .sort((a, b) => a.rank - b.rank || a.system.localeCompare(b.system));
      expect(chunk.sources).toEqual(expected);
    }
    const best = pool.chunks.map((c) => Math.min(Infinity, ...c.sources.map((s) => s.rank)));
    expect(best).toEqual(best.toSorted((a, b) => a - b));
    expect(best[0]).toBe(1);
  });

  it("calls a question without a title by the first line of its text, and has no nugget columns without nuggets", async () => {
    const db = await getDb();
    const bare = await f.upsertQuery(db, studyId, {
      externalId: `bare-${unique()}`,
      title: "",
      body: "What is the screen resolution of vision pro?\nMore text.",
    });
    const pool = await getQuestionPool(researcher, studyId, bare.id);
    expect(pool.question.title).toBe("What is the screen resolution of vision pro?");
    expect(pool.columns).toEqual([]);
    const listed = await listQuestions(researcher, studyId, query({ q: bare.externalId }));
    expect(listed.rows.map((r) => r.title)).toEqual(["What is the screen resolution of vision pro?"]);
    await db.query.delete({ where: { id: bare.id } });
  });

  it("is not found for a question or a chunk of another study", async () => {
    const db = await getDb();
    const otherStudy = await f.upsertStudy(db, { slug: `explorer-other-${unique()}`, name: "Another study" });
    const other = await f.upsertQuery(db, otherStudy.id, { externalId: "q1", title: "Elsewhere", body: "" });
    await expect(getQuestionPool(researcher, studyId, other.id)).rejects.toMatchObject({ code: "not_found" });
    const mine = await db.query.findFirstOrThrow({ where: { studyId } });
    const foreignChunk = await f.upsertDocument(db, otherStudy.id, { externalId: "d1", text: "Elsewhere" });
    await expect(getQuestionPool(researcher, studyId, mine.id, foreignChunk.id)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("answers the API by the question's own id only: the database's number, which the page redirects, is not found", async () => {
    const db = await getDb();
    const mine = await db.query.findFirstOrThrow({ where: { studyId }, orderBy: { id: "asc" } });
    const byOwnId = await getQuestion(researcher, studyId, mine.externalId);
    expect(byOwnId).toEqual(await getQuestionPool(researcher, studyId, mine.id));
    if (!(await db.query.findFirst({ where: { studyId, externalId: String(mine.id) } })))
      await expect(getQuestion(researcher, studyId, String(mine.id))).rejects.toMatchObject({ code: "not_found" });
    await expect(getQuestion(annotator, studyId, mine.externalId)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("disagreement queue", () => {
  it("lists every disagreeing pair once, the strongest first", async () => {
    const expected = [...byTarget.entries()].filter(([, t]) => disagreement(t.labels) > 0);
    const first = await listDisagreements(researcher, studyId, 1);
    expect(first.total).toBe(expected.length);
    const all = [...first.rows];
    for (let page = 2; (page - 1) * first.pageSize < first.total; page++)
      all.push(...(await listDisagreements(researcher, studyId, page)).rows);
    expect(all.map((r) => r.targetKey).sort()).toEqual(expected.map(([k]) => k).sort());
    // a page past the last is empty and still says how many there are
    expect(await listDisagreements(researcher, studyId, 999)).toMatchObject({ total: expected.length, rows: [] });
    expect(all.map((r) => r.strength)).toEqual(all.map((r) => r.strength).toSorted((a, b) => b - a));
    for (const r of all) expect(r.strength).toBeCloseTo(disagreement(byTarget.get(r.targetKey)!.labels), 9);
    expect(all.find((r) => r.labels.some((l) => l.kind === "human"))?.labels.length).toBeGreaterThanOrEqual(3);
    // the export: every page at once, in the same order, a CSV row per label
    const whole = await listDisagreements(researcher, studyId, 1, true);
    expect(whole.rows).toEqual(all);
    const lines = disagreementsCsv(whole).trimEnd().split("\n");
    expect(lines[0]).toBe("question,nugget_position,nugget,chunk,strength,judge,judge_kind,label,positive");
    expect(lines).toHaveLength(1 + all.reduce((n, r) => n + r.labels.length, 0));
  });
});
