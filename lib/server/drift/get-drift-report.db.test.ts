// Two generated FreshStack-like snapshots of one benchmark imported from their files, and the drift
// report checked against a computation from those files alone.
import { driftQuerySchema } from "@/lib/schemas/drift";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluateNuggetRun, parseNuggetMetric } from "@/lib/domain/impact/nugget-metrics";
import { kendallTauB } from "@/lib/domain/impact/rank-correlation";
import { getDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { driftCsv } from "@/lib/formats/reports/drift-csv";
import { getDriftReport } from "./get-drift-report";
import { listSnapshotStudies } from "./list-snapshot-studies";

/** A snapshot as its files say it: per question, per nugget, the supporting documents; the runs. */
type Files = {
  corpus: string[];
  support: Map<string, Map<string, string[]>>;
  runs: Map<string, Map<string, { doc: string; score: number }[]>>;
};

/** A small deterministic generator (an LCG), so both engines see the same snapshots. */
function random(seed: number) {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

const QUESTIONS = Array.from({ length: 8 }, (_, i) => `7${8100 + i}`);
const REPOS_2024 = ["langchain", "langchain", "langchain", "llama_index", "openai-python"];
const REPOS_2025 = ["langchain", "llama_index", "llama_index", "openai-python", "chroma", "transformers"];

/**
 * One snapshot: each question's three nuggets supported by documents of the snapshot's repositories
 * (in 2025 most moved out of langchain, and nugget 2 of the third question lost its support), some
 * documents that support nothing, and runs of 25 documents whose scores repeat (so ties break by
 * docno). five systems in both, bge in 2024 only, voyage in 2025 only; 2025 adds a question.
 */
function snapshot(year: 2024 | 2025): Files {
  const next = random(year);
  const repos = year === 2024 ? REPOS_2024 : REPOS_2025;
  const questions = year === 2024 ? QUESTIONS : [...QUESTIONS, "78999"];
  const corpus: string[] = [];
  const support = new Map<string, Map<string, string[]>>();
  const pools = new Map<string, string[]>();
  for (const q of questions) {
    const pool: string[] = [];
    const nuggets = new Map<string, string[]>();
    for (let n = 1; n <= 3; n++) {
      const docs: string[] = [];
      const count = q === QUESTIONS[2] && n === 2 && year === 2025 ? 0 : 1 + Math.floor(next() * 3);
      for (let k = 0; k < count; k++) {
        const repo = repos[Math.floor(next() * repos.length)]!;
        // a document may support two nuggets: sometimes reuse one of the question's
        const reuse = pool.length > 0 && next() < 0.25;
        const doc = reuse ? pool[Math.floor(next() * pool.length)]! : `${repo}/src/q${q}/n${n}k${k}.py_0_${100 + k}`;
        if (!reuse) pool.push(doc);
        if (!docs.includes(doc)) docs.push(doc);
      }
      nuggets.set(`${q}_${n}`, docs);
    }
    for (let k = 0; k < 4; k++) pool.push(`${repos[k % repos.length]}/docs/q${q}/noise${k}.md_0_50`);
    for (let k = 0; k < 20; k++) pool.push(`shared/noise/${year}/q${q}/${k}.md_0_10`);
    support.set(q, nuggets);
    pools.set(q, pool);
    corpus.push(...pool);
  }
  const systems = ["bm25", "e5-mistral", "qwen3-8b", "jina-v4", "fusion", year === 2024 ? "bge" : "voyage"];
  const runs = new Map(
    systems.map((system, s) => [
      system,
      new Map(
        questions.map((q) => {
          const pool = pools.get(q)!;
          const picked = pool.filter(() => next() < 0.85 - 0.1 * s).slice(0, 25);
          return [q, picked.map((doc) => ({ doc, score: Math.floor(next() * 6) / 2 }))];
        }),
      ),
    ]),
  );
  return { corpus: [...new Set(corpus)], support, runs };
}

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
const corpusFile = (s: Files) =>
  jsonl(s.corpus.map((id) => ({ _id: id, title: id, text: `text of ${id}`, metadata: {} })));
const queriesFile = (s: Files) =>
  jsonl(
    [...s.support].map(([q, nuggets]) => ({
      query_id: q,
      query_title: `Question ${q}`,
      query_text: `How does ${q} work?`,
      answer_text: "",
      nuggets: [...nuggets].map(([id, docs]) => ({ _id: id, text: `fact ${id}`, relevant_corpus_ids: docs })),
      metadata: {},
    })),
  );
const runFile = (system: string, run: Map<string, { doc: string; score: number }[]>) =>
  [...run]
    .flatMap(([q, entries]) => entries.map((e, i) => `${q} Q0 ${e.doc} ${i + 1} ${e.score} ${system}`))
    .join("\n") + "\n";

const files = { a: snapshot(2024), b: snapshot(2025) };
const repoOf = (doc: string) => doc.slice(0, doc.indexOf("/"));

let researcher: UserDto;
let outsider: UserDto;
const studies = { a: 0, b: 0 };

beforeAll(async () => {
  const db = await getDb();
  const id = unique();
  researcher = toUserDto(
    await f.upsertUser(db, {
      email: `drift-${id}@x.invalid`,
      role: "researcher",
      name: "R",
      password: "drift-password",
    }),
  );
  outsider = toUserDto(
    await f.upsertUser(db, {
      email: `drift-out-${id}@x.invalid`,
      role: "researcher",
      name: "O",
      password: "drift-password",
    }),
  );
  for (const side of ["a", "b"] as const) {
    const study = await f.upsertStudy(db, {
      slug: `drift-${side}-${id}`,
      name: `LangChain ${side === "a" ? 2024 : 2025}`,
    });
    studies[side] = study.id;
    await f.upsertMember(db, study.id, researcher.id, "researcher");
    const s = files[side];
    await importIntoStudy(study.id, { format: "freshstack-corpus", files: [textInput("corpus.jsonl", corpusFile(s))] });
    await importIntoStudy(study.id, {
      format: "freshstack-queries",
      files: [textInput("queries.jsonl", queriesFile(s))],
    });
    await importIntoStudy(study.id, {
      format: "trec-run",
      files: [...s.runs].map(([system, run]) => textInput(`${system}.run`, runFile(system, run))),
    });
  }
  await f.upsertMember(db, studies.a, outsider.id, "researcher"); // a member of A only
}, 60_000);

const query = () => ({ snapshot: studies.b, source: "repository" as const, delimiter: "/" });

describe("the drift report on two snapshots imported from files", () => {
  it("lists the unsupported nuggets and the changes, as the files say", async () => {
    const report = await getDriftReport(researcher, studies.a, driftQuerySchema.parse(query()));
    expect(report.snapshots.a).toEqual({ studyId: studies.a, name: "LangChain 2024", labels: "gpt-4o" });
    expect(report.questions).toEqual({ matched: QUESTIONS.length, onlyA: [], onlyB: ["78999"] });
    const unsupported = (s: Files) =>
      QUESTIONS.flatMap((q) => [...s.support.get(q)!].filter(([, docs]) => docs.length === 0).map(([n]) => n));
    expect(report.grounding.a.unsupportedNuggets.map((n) => n.nugget)).toEqual(unsupported(files.a));
    expect(report.grounding.b.unsupportedNuggets).toEqual([
      { question: QUESTIONS[2], nugget: `${QUESTIONS[2]}_2`, text: `fact ${QUESTIONS[2]}_2` },
    ]);
    expect(report.grounding.lostSupport.map((n) => n.nugget)).toEqual([`${QUESTIONS[2]}_2`]);
    expect(report.grounding.lostFullSupport).toEqual([QUESTIONS[2]]);
    expect(report.grounding.sharedNuggets).toBe(QUESTIONS.length * 3);
  });

  it("counts the supporting documents per repository, overall and per question, as the files say", async () => {
    const report = await getDriftReport(researcher, studies.a, driftQuerySchema.parse(query()));
    for (const side of ["a", "b"] as const) {
      const counts = new Map<string, number>();
      let total = 0;
      for (const q of QUESTIONS) {
        const relevant = new Set([...files[side].support.get(q)!.values()].flat());
        total += relevant.size;
        for (const d of relevant) counts.set(repoOf(d), (counts.get(repoOf(d)) ?? 0) + 1);
        const row = report.sources.perQuestion.find((p) => p.question === q)!;
        expect(row[side].relevant).toBe(relevant.size);
      }
      expect(report.sources.relevant[side]).toBe(total);
      expect(
        Object.fromEntries(
          report.sources.bySource.filter((s) => s[side].documents > 0).map((s) => [s.source, s[side].documents]),
        ),
      ).toEqual(Object.fromEntries(counts));
      for (const s of report.sources.bySource)
        expect(s[side].share).toBeCloseTo((counts.get(s.source) ?? 0) / total, 12);
    }
    expect(report.sources.bySource.find((s) => s.source === "langchain")!.a.share).toBeGreaterThan(
      report.sources.bySource.find((s) => s.source === "langchain")!.b.share,
    );
    const shifts = report.sources.perQuestion.map((p) => p.shift ?? -1);
    expect(shifts).toEqual([...shifts].sort((x, y) => y - x));
  });

  it("scores the runs both snapshots have, each under its own labels, and lists the others", async () => {
    const report = await getDriftReport(researcher, studies.a, driftQuerySchema.parse(query()));
    expect(report.leaderboards.unmatched).toEqual({ a: ["bge"], b: ["voyage"] });
    expect(report.leaderboards.systems.map((s) => s.system)).toEqual([
      "bm25",
      "e5-mistral",
      "fusion",
      "jina-v4",
      "qwen3-8b",
    ]);
    // independently from the files: ranked by score, ties by docno descending; recall@50 and coverage@20
    const ranked = (entries: { doc: string; score: number }[]) =>
      [...entries].sort((x, y) => y.score - x.score || (x.doc < y.doc ? 1 : -1)).map((e) => e.doc);
    const scores = (s: Files, system: string) => {
      let [recall, coverage] = [0, 0];
      for (const q of QUESTIONS) {
        const nuggets = s.support.get(q)!;
        const relevant = new Set([...nuggets.values()].flat());
        const docs = ranked(s.runs.get(system)!.get(q) ?? []);
        recall += relevant.size === 0 ? 0 : docs.slice(0, 50).filter((d) => relevant.has(d)).length / relevant.size;
        const top = new Set(docs.slice(0, 20));
        coverage += [...nuggets.values()].filter((ds) => ds.some((d) => top.has(d))).length / nuggets.size;
      }
      // alpha-nDCG@10 with the metric checked against ndeval, on qrels read from the files
      const qrels = new Map(
        QUESTIONS.map((q) => {
          const supports = new Map<string, Set<string>>();
          for (const [n, docs] of s.support.get(q)!)
            for (const d of docs) supports.set(d, (supports.get(d) ?? new Set()).add(n));
          return [q, { supports, nuggets: new Set(s.support.get(q)!.keys()) }];
        }),
      );
      const run = new Map(
        [...s.runs.get(system)!].map(([q, es]) => [q, es.map((e) => ({ docId: e.doc, score: e.score }))]),
      );
      const alpha = evaluateNuggetRun(qrels, run, [parseNuggetMetric("alpha-ndcg@10")!])["alpha-ndcg@10"]!;
      return {
        "alpha-ndcg@10": alpha,
        "coverage@20": coverage / QUESTIONS.length,
        "recall@50": recall / QUESTIONS.length,
      };
    };
    for (const { system, scores: got } of report.leaderboards.systems) {
      const [a, b] = [scores(files.a, system), scores(files.b, system)];
      for (const metric of report.leaderboards.metrics) {
        expect(got[metric]!.a, `${system} ${metric} A`).toBeCloseTo(a[metric as keyof typeof a], 12);
        expect(got[metric]!.b, `${system} ${metric} B`).toBeCloseTo(b[metric as keyof typeof b], 12);
      }
    }
    for (const metric of report.leaderboards.metrics) {
      const column = (side: "a" | "b") => report.leaderboards.systems.map((s) => s.scores[metric]![side]);
      expect(report.leaderboards.kendallTauB[metric]).toBe(kendallTauB(column("a"), column("b")));
    }
  });

  it("writes the same report as CSV", async () => {
    const csv = driftCsv(await getDriftReport(researcher, studies.a, driftQuerySchema.parse(query()))).split("\n");
    expect(csv[0]).toBe("part,question,item,measure,a,b");
    expect(csv).toContain(`nugget,${QUESTIONS[2]},${QUESTIONS[2]}_2,supported,1,0`);
    expect(csv).toContain("run,,bge,present,1,0");
    expect(csv).toContain("run,,voyage,present,0,1");
    expect(csv.filter((l) => l.startsWith("leaderboard,"))).toHaveLength(5 * 3);
  });

  it("is refused to a researcher of one of the two studies, and for the study itself", async () => {
    await expect(getDriftReport(outsider, studies.a, driftQuerySchema.parse(query()))).rejects.toThrow(
      `no study ${studies.b} that you may open as a researcher`,
    );
    await expect(
      getDriftReport(researcher, studies.a, driftQuerySchema.parse({ ...query(), snapshot: studies.a })),
    ).rejects.toThrow(/choose another study/);
    await expect(
      getDriftReport(researcher, studies.a, driftQuerySchema.parse({ ...query(), b: "nobody" })),
    ).rejects.toThrow(`LangChain 2025: no judge named "nobody" in this study`);
  });

  it("offers the studies sharing questions first, only those the caller may open", async () => {
    const offered = await listSnapshotStudies(researcher, studies.a);
    expect(offered[0]).toEqual({ id: studies.b, name: "LangChain 2025", sharedQuestions: QUESTIONS.length });
    expect((await listSnapshotStudies(outsider, studies.a)).map((s) => s.id)).not.toContain(studies.b);
  });
});
