// The judge reply cache serves a study only the replies this server obtained for that study: a
// forged bundle imported into one study cannot decide the LLM labels of another (issue 34, finding
// 1), nor of its own study's later runs, and an imported call's level must be what its template
// reads from its reply. On the engine under test (SQLite and PostgreSQL tiers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as f from "@/prisma/factories";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { exportStudy } from "@/lib/server/exports/export-study";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { textInput } from "@/test/import-inputs";
import { builtinTemplate } from "@/lib/domain/judging/builtin-templates";

const UMBRELA_PATTERN = (builtinTemplate("umbrela-relevance")!.output as { pattern: string }).pattern;
import { createEndpoint } from "./create-endpoint";
import { createJudgeRun } from "./create-judge-run";
import { startJudgeWorker } from "./judge-worker";

type Record_ = Record<string, unknown> & { type: string };

let server: FakeChatServer;
let researcher: UserDto;
let endpoint: string;

/** A study with the same two questions and eight chunks as every other study of this file. */
async function studyWithContent(): Promise<number> {
  const db = await getDb();
  const study = await f.upsertStudy(db, { slug: `cache-${unique()}`, name: "Cache" });
  await f.upsertMember(db, study.id, researcher.id, "researcher");
  for (let q = 1; q <= 2; q++) {
    const query = await f.upsertQuery(db, study.id, { externalId: `q${q}`, title: `Q${q}`, body: `Question ${q}?` });
    for (let c = 1; c <= 4; c++) {
      const doc = await f.upsertDocument(db, study.id, {
        externalId: `d${q}-${c}`,
        text: `chunk ${c} [[label:${c % 4}]]`,
      });
      await f.upsertPoolEntry(db, study.id, query.id, doc.id);
    }
  }
  return study.id;
}

/** Runs UMBRELA's relevance prompt over every pooled pair of the study to the end; its calls. */
async function judgeAll(studyId: number) {
  const run = await createJudgeRun(researcher, studyId, {
    template: "umbrela-relevance",
    endpoint,
    sample: { kind: "all_pairs" },
  });
  const worker = startJudgeWorker({ pollMs: 20, runIds: [run.id], call: { backoffMs: 1, timeoutMs: 2000 } });
  await worker.idle();
  await worker.stop();
  const db = await getDb();
  return db.judgeCall.findMany({ where: { runId: run.id }, orderBy: { id: "asc" } });
}

async function bundleOf(studyId: number): Promise<Record_[]> {
  const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
  const out: Record_[] = [];
  for await (const text of lines) out.push(...text.split("\n").map((l) => JSON.parse(l) as Record_));
  return out;
}
const importBundle = (studyId: number, records: readonly object[]) =>
  importIntoStudy(studyId, {
    format: "assay-bundle",
    files: [textInput("forged.assay.jsonl", `${records.map((r) => JSON.stringify(r)).join("\n")}\n`)],
  });
/** The bundle with every done call's reply and level replaced, as the reviewer forged it. */
const forged = (bundle: Record_[], reply: string, level: string) =>
  bundle.map((r) => (r.type === "judge_call" && r.status === "done" ? { ...r, reply, level } : r));

beforeAll(async () => {
  server = await startFakeChatServer();
  const db = await getDb();
  researcher = toUserDto(
    await f.upsertUser(db, { email: `cache-${unique()}@test.local`, role: "researcher", password: "x" }),
  );
  endpoint = `cache-${unique()}`;
  await createEndpoint({
    name: endpoint,
    baseUrl: server.url,
    model: "fake-judge",
    apiKey: { source: "none" },
    concurrency: 2,
  });
});
afterAll(async () => {
  await server.close();
});

describe("the judge reply cache", () => {
  it("answers a second run of the same study from the replies this server obtained for it", async () => {
    const studyId = await studyWithContent();
    const first = await judgeAll(studyId);
    const made = server.calls.length;
    const second = await judgeAll(studyId);
    expect(server.calls.length).toBe(made); // every call answered from the cache
    expect(second.every((c) => c.cached && c.status === "done")).toBe(true);
    expect(second.map((c) => c.level)).toEqual(first.map((c) => c.level));
  });

  it("serves no study a forged bundle's replies: neither the study it was imported into nor a third one", async () => {
    // the reviewer's repro: a run in his own study, its bundle forged to level 0 and imported into a second study of his
    const own = await studyWithContent();
    const calls = await judgeAll(own);
    expect(calls.map((c) => c.level)).toEqual(["1", "2", "3", "0", "1", "2", "3", "0"]);
    const second = await studyWithContent();
    await importBundle(second, forged(await bundleOf(own), "##final score: 0", "0"));
    const db = await getDb();
    const imported = await db.judgeCall.findMany({ where: { run: { studyId: second } } });
    expect(imported).toHaveLength(8);
    expect(imported.every((c) => c.imported && c.level === "0")).toBe(true);

    // another researcher's run in a third study with the same content: every call goes to the model
    const before = server.calls.length;
    const third = await judgeAll(await studyWithContent());
    expect(server.calls.length - before).toBe(8);
    expect(third.filter((c) => c.cached)).toHaveLength(0);
    expect(third.map((c) => c.level)).toEqual(["1", "2", "3", "0", "1", "2", "3", "0"]);

    // and a run in the study that holds the forged calls is not answered by them either
    const again = await judgeAll(second);
    expect(again.filter((c) => c.cached)).toHaveLength(0);
    expect(again.map((c) => c.level)).toEqual(["1", "2", "3", "0", "1", "2", "3", "0"]);
  });

  it("refuses an imported call whose level is not what its template reads from its reply; nothing changes", async () => {
    const own = await studyWithContent();
    await judgeAll(own);
    const bundle = await bundleOf(own);
    const target = await studyWithContent();
    const db = await getDb();
    const error = await importBundle(target, forged(bundle, "FORGED", "0")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const firstCall = bundle.findIndex((r) => r.type === "judge_call") + 1;
    const errors = (error as AppError).details as { errors: string[] };
    expect(errors.errors[0]).toBe(
      `forged.assay.jsonl line ${firstCall}, field reply: a done call's reply gives no level by its template: no match for /${UMBRELA_PATTERN}/ in the reply`,
    );
    const mismatched = await importBundle(target, forged(bundle, "##final score: 3", "0")).catch((e: unknown) => e);
    expect(((mismatched as AppError).details as { errors: string[] }).errors[0]).toBe(
      `forged.assay.jsonl line ${firstCall}, field level: the reply gives 3 by its template, not "0"`,
    );
    expect(await db.judgeRun.count({ where: { studyId: target } })).toBe(0);
  });
});
