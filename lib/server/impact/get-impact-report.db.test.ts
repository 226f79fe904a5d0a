import { impactQuerySchema } from "@/lib/schemas/impact";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluateNuggetRun, parseNuggetMetric } from "@/lib/domain/impact/nugget-metrics";
import { getDb } from "@/lib/server/db/client";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { seedDemoStudy } from "@/prisma/demo/seed-demo-study";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { getImpactReport } from "./get-impact-report";
import { evaluateTrecRun, parseTrecMeasure } from "@/lib/domain/impact/trec-measures";
import { impactCsv } from "@/lib/formats/reports/impact-csv";
import { importIntoStudy, type ImportRequest } from "@/lib/server/imports/import-into-study";
import { textInput } from "@/test/import-inputs";

let studyId: number;
let researcher: UserDto;

beforeAll(async () => {
  const db = await getDb();
  studyId = (await seedDemoStudy(db, `impact-${unique()}`)).studyId; // this test adds human labels: its own copy
  researcher = toUserDto(await db.user.findUniqueOrThrow({ where: { email: "researcher@assay.local" } }));
}, 60_000);

/**
 * gpt-4o's positive labels as nugget qrels, with `rejected` target keys taken away, and the runs,
 * chunks named by their external ids as in the files: the reference computation.
 */
async function reference(rejected: Set<string>) {
  const db = await getDb();
  const nuggets = await db.nugget.findMany({ where: { studyId } });
  const qrels = new Map<string, { supports: Map<string, Set<string>>; nuggets: Set<string> }>();
  for (const n of nuggets)
    (
      qrels.get(String(n.queryId)) ??
      qrels.set(String(n.queryId), { supports: new Map(), nuggets: new Set() }).get(String(n.queryId))!
    ).nuggets.add(String(n.id));
  for (const l of await db.label.findMany({
    where: { studyId, judge: { name: "gpt-4o" }, value: "1", nuggetId: { not: null } },
    include: { document: true },
  })) {
    if (rejected.has(l.targetKey)) continue;
    const q = qrels.get(String(l.queryId))!;
    const doc = l.document!.externalId;
    q.supports.set(doc, (q.supports.get(doc) ?? new Set()).add(String(l.nuggetId)));
  }
  const runs = new Map<string, Map<string, { docId: string; score: number }[]>>();
  for (const r of await db.runEntry.findMany({
    where: { system: { studyId } },
    include: { system: true, document: true },
  })) {
    const run = runs.get(r.system.name) ?? runs.set(r.system.name, new Map()).get(r.system.name)!;
    (run.get(String(r.queryId)) ?? run.set(String(r.queryId), []).get(String(r.queryId))!).push({
      docId: r.document.externalId,
      score: r.score,
    });
  }
  const metric = parseNuggetMetric("alpha-ndcg@10")!;
  return new Map([...runs].map(([name, run]) => [name, evaluateNuggetRun(qrels, run, [metric])[metric.id]!]));
}

describe("benchmark impact", () => {
  it("scores the runs under an LLM and under the LLM corrected by humans, as the metrics compute them from the labels", async () => {
    const db = await getDb();
    const same = await getImpactReport(researcher, studyId, impactQuerySchema.parse({ a: "gpt-4o", b: "gpt-4o" }));
    expect(same.systems.length).toBeGreaterThan(1);
    expect(Object.values(same.swaps).flat()).toEqual([]);
    for (const s of same.systems) expect(s.scores["alpha-ndcg@10"]!.a).toBe(s.scores["alpha-ndcg@10"]!.b);

    // an expert rejects gpt-4o's first five supported pairs
    const expert = await f.upsertJudge(db, studyId, { name: `expert-${unique()}`, kind: "human" });
    const rejected = await db.label.findMany({
      where: { studyId, judge: { name: "gpt-4o" }, value: "1", nuggetId: { not: null } },
      orderBy: { id: "asc" },
      take: 5,
    });
    for (const l of rejected) {
      await db.label.create({
        data: {
          studyId,
          judgeId: expert.id,
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
    const report = await getImpactReport(
      researcher,
      studyId,
      impactQuerySchema.parse({ a: "gpt-4o", b: "corrected:gpt-4o" }),
    );
    const [before, after] = [await reference(new Set()), await reference(new Set(rejected.map((l) => l.targetKey)))];
    for (const s of report.systems) {
      expect(s.scores["alpha-ndcg@10"]!.a).toBeCloseTo(before.get(s.name)!, 12);
      expect(s.scores["alpha-ndcg@10"]!.b).toBeCloseTo(after.get(s.name)!, 12);
    }
    expect(report.family).toBe("nuggets");
    expect(report.filters!.nuggets).toBe(await db.nugget.count({ where: { studyId } }));
    expect(report.filters!.unsupportedNuggets.b).toBeGreaterThanOrEqual(report.filters!.unsupportedNuggets.a);
  });

  it("names a missing label set, and is not found for an annotator", async () => {
    await expect(
      getImpactReport(researcher, studyId, impactQuerySchema.parse({ a: "gpt-4o", b: "nobody" })),
    ).rejects.toThrow('no judge named "nobody" in this study');
    const db = await getDb();
    const annotator = toUserDto(
      await f.upsertUser(db, { email: `impact-ann-${unique()}@test.local`, role: "annotator", password: "x" }),
    );
    await f.upsertMember(db, studyId, annotator.id, "annotator");
    await expect(
      getImpactReport(annotator, studyId, impactQuerySchema.parse({ a: "gpt-4o", b: "gpt-4o" })),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

const ADMIN: UserDto = { id: 0, email: "cli", name: "cli", role: "admin" };

describe("Impact on relevance labels", () => {
  it("scores a relevance study's runs with trec_eval's measures, as `evaluate --qrels` does on the same files, and its CSV matches its JSON", async () => {
    const db = await getDb();
    const id = unique();
    const study = (await f.upsertStudy(db, { slug: `impact-relevance-${id}`, name: `Impact relevance ${id}` })).id;
    const put = (format: ImportRequest["format"], name: string, text: string, judge?: string) =>
      importIntoStudy(study, {
        format,
        files: [textInput(name, text)],
        ...(judge ? { judge, judgeKind: judge === "llm" ? "model" : "human", scale: "graded-0-2" } : {}),
      });
    await put("beir-queries", "q.tsv", "q1\tfirst\nq2\tsecond\nq3\tthird\n");
    await put("beir-corpus", "c.tsv", [10, 11, 12, 13, 14, 15, 16].map((d) => `c${d}\tpassage ${d}\n`).join(""));
    const assessors = "q1 0 c10 2\nq1 0 c11 0\nq1 0 c12 1\nq2 0 c13 0\nq2 0 c14 0\nq3 0 c15 1\n";
    const llm = "q1 0 c10 0\nq1 0 c11 2\nq1 0 c12 1\nq2 0 c13 1\n";
    await put("trec-qrels", "assessors.qrels", assessors, "assessors");
    await put("trec-qrels", "llm.qrels", llm, "llm");
    const runs =
      "q1 Q0 c10 1 3 bm25\nq1 Q0 c11 2 2 bm25\nq1 Q0 c12 3 2 bm25\nq1 Q0 c15 4 1 bm25\nq2 Q0 c13 1 1 bm25\nq2 Q0 c14 2 1 bm25\n" +
      "q1 Q0 c11 1 5 dense\nq1 Q0 c16 2 4 dense\nq1 Q0 c10 3 3 dense\nq2 Q0 c14 1 2 dense\n";
    await put("trec-run", "two.run", runs);

    for (const judgedOnly of [false, true]) {
      const report = await getImpactReport(
        ADMIN,
        study,
        impactQuerySchema.parse({
          a: "assessors",
          b: "llm",
          ...(judgedOnly ? { judged: "1" as const } : {}),
        }),
      );
      expect(report).toMatchObject({ family: "relevance", families: ["relevance"], questions: 2, questionsTotal: 3 });
      // the reference: the same files, on the questions both judged, as `evaluate --qrels` reads them
      const qrels = (text: string) => {
        const out = new Map<string, Map<string, number>>();
        for (const [q, , d, rel] of text
          .trim()
          .split("\n")
          .map((l) => l.split(" ")))
          if (q !== "q3") (out.get(q!) ?? out.set(q!, new Map()).get(q!)!).set(d!, Number(rel));
        return out;
      };
      const run = (tag: string) => {
        const out = new Map<string, { docId: string; score: number }[]>();
        for (const [q, , d, , score, t] of runs
          .trim()
          .split("\n")
          .map((l) => l.split(" ")))
          if (t === tag) out.set(q!, [...(out.get(q!) ?? []), { docId: d!, score: Number(score) }]);
        return out;
      };
      const measures = report.metrics.map((m) => parseTrecMeasure(m)!);
      for (const s of report.systems) {
        const expected = {
          a: evaluateTrecRun(qrels(assessors), run(s.name), measures, { judgedOnly }),
          b: evaluateTrecRun(qrels(llm), run(s.name), measures, { judgedOnly }),
        };
        for (const m of report.metrics)
          expect(s.scores[m], `${s.name} ${m}`).toEqual({ a: expected.a[m], b: expected.b[m] });
      }
      // what trec_eval 9.0.8 printed for these files (-m ndcg_cut.10 -m map -m P.10 -m Rprec -m recip_rank
      // -m recall.100, on q1 and q2, with -J for the second pass), to its four decimals
      const printed = (system: string, set: "a" | "b") =>
        Object.fromEntries(
          ["ndcg@10", "map", "p@10", "rprec", "mrr", "recall@100"].map((m) => [
            m,
            Number(report.systems.find((x) => x.name === system)!.scores[m]![set]!.toFixed(4)),
          ]),
        );
      const trecEval = judgedOnly
        ? { denseA: [0.2398, 0.125, 0.05, 0.25, 0.25, 0.25], bm25B: [0.81, 0.7917, 0.15, 0.75, 0.75, 1] }
        : { denseA: [0.19, 0.0833, 0.05, 0, 0.1667, 0.25], bm25B: [0.6254, 0.5417, 0.15, 0.25, 0.5, 1] };
      expect(Object.values(printed("dense", "a"))).toEqual(trecEval.denseA);
      expect(Object.values(printed("bm25", "b"))).toEqual(trecEval.bm25B);
      // the CSV: every system's score on every measure, as the JSON has them
      const csv = impactCsv(report)
        .trim()
        .split("\n")
        .map((l) => l.split(","));
      expect(csv[0]).toEqual(["system", "metric", "assessors", "llm"]);
      for (const s of report.systems)
        for (const m of report.metrics)
          expect(
            csv
              .find((r) => r[0] === s.name && r[1] === m)!
              .slice(2)
              .map(Number),
          ).toEqual([s.scores[m]!.a, s.scores[m]!.b]);
    }
  });
});
