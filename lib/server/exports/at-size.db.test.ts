// At any size (issue 57): with more than 40,000 rows behind them, the reads that once bound a list
// of ids per statement (Prisma's `in` with an order, raw SQL IN lists) still work on both engines:
// `assay judge export` and the study bundle (42,000 judge calls and their attempts), the labels
// export, a campaign plan over 42,000 pooled pairs, Impact's run loader (42,000 run entries) and
// the annotator quality loader (a campaign of 42,000 items); each as the small case where
// comparable. SQLite refused the first two ("The query parameter limit supported by your database
// is exceeded"). On the engine under test.
import { labelSet } from "@/test/label-set";
import { impactQuerySchema } from "@/lib/schemas/impact";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { templateContent, type JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { BUILTIN_TEMPLATES } from "@/lib/domain/judging/builtin-templates";
import { BUNDLE_VERSION } from "@/lib/formats/bundle";
import { getAnnotatorQuality } from "@/lib/server/annotator-quality/get-annotator-quality";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { planCampaign } from "@/lib/server/campaigns/plan-campaign";
import { fakeAnnotations } from "@/lib/server/db/bench-fixtures";
import { getDb } from "@/lib/server/db/client";
import { sqliteFileOf } from "@/lib/server/db/database-url.mjs";
import { withBulkTransaction } from "@/lib/server/db/transactions";
import { exportStudy } from "@/lib/server/exports/export-study";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { templateVersion } from "@/lib/server/judging/template-version";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { databaseUrlUnderTest, engineUnderTest, unique } from "@/test/db-tier";
import { runCliInProcess } from "@/test/run-cli";

const QUESTIONS = 200;
const PER_QUESTION = 210; // 42,000 pooled pairs, run entries, LLM labels and judge calls
const PAIRS = QUESTIONS * PER_QUESTION;
const q = (i: number) => `q${i}`;
const d = (i: number, j: number) => `d${i}-${j}`;
let studyId: number;
let slug: string;
let researcher: UserDto;
let annotators: number[];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-at-size-"));

/** Lines of a generated file, as an import reads them (a block at a time). */
function generated(name: string, line: (i: number, j: number) => string) {
  return {
    name,
    chunks: (async function* () {
      for (let i = 0; i < QUESTIONS; i++) {
        let block = "";
        for (let j = 0; j < PER_QUESTION; j++) block += `${line(i, j)}\n`;
        yield block;
      }
    })(),
  };
}

beforeAll(async () => {
  const db = await getDb();
  slug = `at-size-${unique()}`;
  studyId = (await f.upsertStudy(db, { slug, name: `At size ${slug}` })).id;
  researcher = toUserDto(await f.upsertUser(db, { email: `${slug}@test.local`, role: "researcher", password: "x" }));
  await f.upsertMember(db, studyId, researcher.id, "researcher");
  annotators = [];
  for (const n of [1, 2]) {
    const a = await f.upsertUser(db, { email: `${slug}-a${n}@test.local`, role: "annotator", password: "x" });
    await f.upsertMember(db, studyId, a.id, "annotator");
    annotators.push(a.id);
  }
  const importing = (format: string, file: ReturnType<typeof generated>, extra: object = {}) =>
    importIntoStudy(studyId, { format, files: [file], ...extra } as Parameters<typeof importIntoStudy>[1]);
  await importIntoStudy(studyId, {
    format: "beir-queries",
    files: [
      {
        name: "q.tsv",
        chunks: (async function* () {
          yield Array.from({ length: QUESTIONS }, (_, i) => `${q(i)}\tQuestion ${i}?\n`).join("");
        })(),
      },
    ],
  });
  await importing(
    "beir-corpus",
    generated("c.tsv", (i, j) => `${d(i, j)}\tPassage ${i} ${j}`),
  );
  const level = (i: number, j: number) => (i * 7 + j) % 3;
  await importing(
    "trec-qrels",
    generated("llm.qrels", (i, j) => `${q(i)} 0 ${d(i, j)} ${level(i, j)}`),
    {
      judge: "llm",
      scale: "relevance-3",
    },
  );
  await importing(
    "trec-qrels",
    generated("nist.qrels", (i, j) => `${q(i)} 0 ${d(i, j)} ${(level(i, j) + j) % 3}`),
    {
      judge: "nist",
      judgeKind: "human",
      scale: "relevance-3",
    },
  );
  await importing(
    "trec-run",
    generated("run.txt", (i, j) => `${q(i)} Q0 ${d(i, j)} ${j + 1} ${1000 - j} bm25`),
  );
  // a finished judge run of 42,000 calls, each with its one HTTP attempt, as a bundle brings it
  const template: JudgeTemplate = { ...BUILTIN_TEMPLATES[0]!, name: `umbrela-${slug}` };
  const version = templateVersion(template);
  expect(templateContent(template)).toContain("final score");
  const at = "2026-11-28T00:00:00.000Z";
  const lines = [
    { type: "bundle", version: BUNDLE_VERSION, study: { name: `At size ${slug}`, description: "" } },
    { type: "judge", name: "umbrela-judge", kind: "model", user: null },
    { type: "judge_template", version, template, created_by: null, created_at: at },
    {
      type: "judge_run",
      number: 1,
      judge: "umbrela-judge",
      endpoint: "gone",
      base_url: "http://127.0.0.1:9/v1",
      model: "m",
      template_version: version,
      template,
      sample: { kind: "all_pairs" },
      systems: null,
      criterion: null,
      temperature: 0,
      seed: null,
      status: "done",
      failure: null,
      created_by: null,
      created_at: at,
      finished_at: at,
    },
  ].map((r) => JSON.stringify(r));
  await importIntoStudy(studyId, {
    format: "assay-bundle",
    files: [
      {
        name: "judged.assay.jsonl",
        chunks: (async function* () {
          yield `${lines.join("\n")}\n`;
          let position = 0;
          for (let i = 0; i < QUESTIONS; i++) {
            let block = "";
            for (let j = 0; j < PER_QUESTION; j++) {
              const reply = `Reasoning.\n##final score: ${level(i, j)}`;
              block += `${JSON.stringify({
                type: "judge_call",
                run: 1,
                position: ++position,
                query: q(i),
                nugget: null,
                doc: d(i, j),
                systems: null,
                swapped: false,
                status: "done",
                attempts: 1,
                cache_key: null,
                cached: false,
                reply,
                level: String(level(i, j)),
                error: null,
                input_tokens: 10,
                output_tokens: 5,
                latency_ms: 50,
                cost: 0.001,
                finished_at: at,
                http_attempts: [
                  {
                    started_at: at,
                    latency_ms: 50,
                    http_status: 200,
                    reply,
                    error: null,
                    input_tokens: 10,
                    output_tokens: 5,
                    cost: 0.001,
                  },
                ],
              })}\n`;
            }
            yield block;
          }
        })(),
      },
    ],
  });
}, 300_000);
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** How many files this process has open on the SQLite database (its file, WAL and shared memory). */
function openFilesOfTheDatabase(): number {
  const file = fs.realpathSync(sqliteFileOf(databaseUrlUnderTest));
  const open = fs.readdirSync("/proc/self/fd").map((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      return ""; // closed meanwhile
    }
  });
  return open.filter((target) => target.startsWith(file)).length;
}

/** Every line an export gives. */
async function exported(request: Parameters<typeof exportStudy>[1]): Promise<string[]> {
  const { lines } = await exportStudy(studyId, request);
  const out: string[] = [];
  for await (const block of lines) out.push(...block.split("\n").filter((l) => l !== ""));
  return out;
}

describe("at 42,000 rows", () => {
  it("`assay judge export --out` writes every call with its attempt, a file only once whole", async () => {
    const file = path.join(dir, "calls.jsonl");
    const run = await (await getDb()).judgeRun.findFirstOrThrow({ where: { studyId } });
    const result = await runCliInProcess(["judge", "export", "--study", slug, "--run", String(run.id), "--out", file]);
    expect(result.stderr).toContain(`wrote ${PAIRS} calls of 1 runs`);
    expect(result.status).toBe(0);
    const lines = fs.readFileSync(file, "utf8").trim().split("\n");
    expect(lines).toHaveLength(PAIRS);
    expect(lines.every((l) => (JSON.parse(l) as { attempts: unknown[] }).attempts.length === 1)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(["calls.jsonl"]); // nothing written aside is left
  });

  it("the study bundle carries every judge call with its attempt", async () => {
    const lines = await exported({ what: "study", format: "bundle" });
    const calls = lines.filter((l) => l.startsWith('{"type":"judge_call"'));
    expect(calls).toHaveLength(PAIRS);
    expect(calls.every((l) => (JSON.parse(l) as { http_attempts: unknown[] }).http_attempts.length === 1)).toBe(true);
  });

  it.runIf(engineUnderTest === "sqlite")(
    "the study bundle leaves the database's open files as it found them",
    async () => {
      // Prisma on libsql opened a connection per transaction (a page read with its relations is one)
      // and never closed it: every bundle of this study left hundreds of handles on the file.
      const before = openFilesOfTheDatabase();
      const lines = await exported({ what: "study", format: "bundle" });
      expect(lines.filter((l) => l.startsWith('{"type":"run"'))).toHaveLength(PAIRS);
      expect(openFilesOfTheDatabase()).toEqual(before);
    },
  );

  it("the labels export writes every label", async () => {
    expect(await exported({ what: "labels", format: "trec-qrels", judges: ["llm"].map(labelSet) })).toHaveLength(PAIRS);
  });

  it("a campaign plan draws from 42,000 pooled pairs, with gold from 42,000 reference labels", async () => {
    const plan = await planCampaign(await getDb(), studyId, {
      name: "At size",
      taskType: "relevance",
      scale: { kind: "builtin", id: "relevance-3" },
      guidelines: "",
      protocol: "blind",
      llmJudge: "llm",
      overlap: 1,
      annotatorIds: annotators,
      sample: { kind: "random_pairs", pairs: 1000 },
      gold: { labelSet: "nist", count: 50 },
      seed: 4,
    });
    expect(plan.items).toHaveLength(1050);
    expect(plan.items.filter((i) => i.goldLevel !== undefined)).toHaveLength(50);
  });

  it("Impact reads 42,000 run entries under two label sets", async () => {
    const report = await getImpactReport(researcher, studyId, impactQuerySchema.parse({ a: "llm", b: "nist" }));
    expect(report).toMatchObject({ questions: QUESTIONS, systems: [expect.objectContaining({ name: "bm25" })] });
  });

  it("Annotator quality reads a campaign of 42,000 items, two annotators each labelling all", async () => {
    const { id } = await createCampaign(researcher, studyId, {
      name: `Everything ${unique()}`,
      taskType: "relevance",
      scale: { kind: "builtin", id: "relevance-3" },
      guidelines: "",
      protocol: "blind",
      llmJudge: "llm",
      overlap: 2,
      annotatorIds: annotators,
      sample: { kind: "all_pairs" },
      seed: 1,
    });
    await withBulkTransaction((tx) => fakeAnnotations(tx, id, annotators));
    const report = await getAnnotatorQuality(researcher, studyId, id);
    expect(report.annotators.map((a) => a.labels)).toEqual([PAIRS, PAIRS]);
  });
});
