// LLM judge runs in a study bundle: the saved template versions they used, each run with its
// provenance and every call with its reply, remapped to the importing study's rows. A running run
// arrives paused; it is linked to this server's endpoint of the same name and URL, or to none (and
// then cannot be resumed). Bad judging records are refused with file, line and field, and nothing
// changes. On the engine under test (SQLite and PostgreSQL tiers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as f from "@/prisma/factories";
import { getDb } from "@/lib/server/db/client";
import { claimCalls } from "@/lib/server/db/judge-calls";
import { studyCounts } from "@/lib/server/db/study-counts";
import { withBulkTransaction, withLeaseTransaction } from "@/lib/server/db/transactions";
import { AppError } from "@/lib/server/errors";
import { exportStudy } from "@/lib/server/exports/export-study";
import { createEndpoint } from "@/lib/server/judging/create-endpoint";
import { createJudgeRun } from "@/lib/server/judging/create-judge-run";
import { changeJudgeRun, getJudgeRun } from "@/lib/server/judging/judge-runs";
import { listTemplates, saveTemplate } from "@/lib/server/judging/judge-templates";
import { startJudgeWorker } from "@/lib/server/judging/judge-worker";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { textInput } from "@/test/import-inputs";
import type { JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { templateVersion } from "@/lib/server/judging/template-version";
import { importIntoStudy } from "./import-into-study";

type Record_ = Record<string, unknown> & { type: string };

let server: FakeChatServer;
let admin: UserDto;
let source: { id: number; done: number; running: number; endpoint: string; template: string };
let bundle: Record_[];

async function bundleOf(studyId: number): Promise<Record_[]> {
  const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
  const out: Record_[] = [];
  for await (const text of lines) out.push(...text.split("\n").map((l) => JSON.parse(l) as Record_));
  return out;
}
const freshStudy = async () => (await f.upsertStudy(await getDb(), { slug: `judged-${unique()}`, name: "Judged" })).id;
const importBundle = (studyId: number, records: readonly object[]) =>
  importIntoStudy(studyId, {
    format: "assay-bundle",
    files: [textInput("study.assay.jsonl", `${records.map((r) => JSON.stringify(r)).join("\n")}\n`)],
  });
const counts = (studyId: number) => withBulkTransaction((tx) => studyCounts(tx, studyId));
const labelsOf = async (studyId: number, judge: string) =>
  new Map(
    (
      await (await getDb()).label.findMany({ where: { studyId, judge: { name: judge } }, include: { document: true } })
    ).map((l) => [l.document!.externalId, l.value]),
  );

beforeAll(async () => {
  server = await startFakeChatServer();
  const db = await getDb();
  admin = toUserDto(
    await f.upsertUser(db, { email: `bundle-judge-${unique()}@test.local`, role: "admin", password: "x" }),
  );
  const study = await f.upsertStudy(db, { slug: `judging-${unique()}`, name: "Judging" });
  for (let q = 1; q <= 2; q++) {
    const query = await f.upsertQuery(db, study.id, { externalId: `q${q}`, title: `Q${q}`, body: `Question ${q}?` });
    for (let c = 1; c <= 4; c++) {
      const doc = await f.upsertDocument(db, study.id, {
        externalId: `d${q}-${c}`,
        text: `chunk ${c} [[label:${(q + c) % 4}]]`,
      });
      await f.upsertPoolEntry(db, study.id, query.id, doc.id);
    }
  }
  const endpoint = `bundled-${unique()}`;
  await createEndpoint({
    name: endpoint,
    baseUrl: server.url,
    model: "fake-judge",
    apiKey: { source: "none" },
    inputPricePerMillion: 2,
    outputPricePerMillion: 10,
    concurrency: 2,
    requestsPerMinute: null,
  });
  const template = `terse-${unique()}`;
  await saveTemplate(admin, study.id, {
    name: template,
    task: "relevance",
    scale: "trec-dl-0-3",
    system: "",
    prompt: "Question: {{question}}\nPassage: {{chunk}}\nEnd with ##final score: N",
    output: { kind: "regex", pattern: "##final score:\\s*([0-3])", ignoreCase: true, map: {} },
  });
  // a finished run of the saved template, one reply garbled; a run of the built-in one, not started, two calls held
  server.failNext(1, { kind: "garble" });
  const done = await createJudgeRun(admin, study.id, { template, endpoint, sample: { kind: "all_pairs" }, seed: 7 });
  const worker = startJudgeWorker({ pollMs: 20, runIds: [done.id], call: { backoffMs: 1, timeoutMs: 2000 } });
  await worker.idle();
  await worker.stop();
  const running = await createJudgeRun(admin, study.id, {
    template: "umbrela-relevance",
    endpoint,
    sample: { kind: "random_pairs", pairs: 3 },
  });
  await withLeaseTransaction((tx) =>
    claimCalls(tx, { runId: running.id, holder: "a-dead-process", now: new Date(), limit: 2 }),
  );
  source = { id: study.id, done: done.id, running: running.id, endpoint, template };
  bundle = await bundleOf(study.id);
});
afterAll(async () => {
  await server.close();
});

describe("LLM judge runs in a study bundle", () => {
  it("are written after everything they name: the saved version, the runs by number, their calls without leases", () => {
    const types = bundle.map((r) => r.type);
    expect(types.indexOf("judge_template")).toBeGreaterThan(types.lastIndexOf("label"));
    const templates = bundle.filter((r) => r.type === "judge_template");
    expect(templates).toHaveLength(1); // the built-in template is in every Assay
    expect(templates[0]).toMatchObject({ template: { name: source.template }, created_by: admin.email });
    const runs = bundle.filter((r) => r.type === "judge_run");
    expect(runs.map((r) => [r.number, r.status, r.endpoint])).toEqual([
      [1, "done", source.endpoint],
      [2, "running", source.endpoint],
    ]);
    expect(runs[0]).toMatchObject({
      seed: 7,
      base_url: server.url,
      model: "fake-judge",
      sample: { kind: "all_pairs" },
    });
    const calls = bundle.filter((r) => r.type === "judge_call");
    expect(calls).toHaveLength(11);
    expect(calls.filter((c) => c.run === 2).map((c) => c.status)).toEqual(["pending", "pending", "pending"]);
    expect(calls.filter((c) => c.run === 1 && c.status === "unparsed")).toHaveLength(1);
    expect(calls.find((c) => c.run === 1)).toMatchObject({
      query: expect.stringMatching(/^q[12]$/),
      nugget: null,
      systems: null,
      swapped: false,
    });
    expect(JSON.stringify(bundle)).not.toContain("a-dead-process");
  });

  it("arrive with their calls remapped, a running run paused, and a re-import adds nothing", async () => {
    const studyId = await freshStudy();
    const db = await getDb();
    const summary = await importBundle(studyId, bundle);
    expect(summary.added).toMatchObject({ judgeRuns: 2, judgeCalls: 11, labels: 7 });
    // the saved template comes with its version into this study (which, like any, had none of its own)
    const versions = () => db.judgeTemplateVersion.count({ where: { template: { studyId, name: source.template } } });
    expect(await versions()).toBe(1);

    const runs = await db.judgeRun.findMany({ where: { studyId }, orderBy: { id: "asc" } });
    const original = await getJudgeRun(admin, source.id, source.done);
    const moved = await getJudgeRun(admin, studyId, runs[0]!.id);
    const { id: _a, ...was } = original.run;
    const { id: _b, ...is } = moved.run;
    expect(is).toEqual(was);
    expect(moved.problems.map((p) => [p.status, p.reply])).toEqual(original.problems.map((p) => [p.status, p.reply]));
    const endpoint = await db.judgeEndpoint.findUniqueOrThrow({ where: { name: source.endpoint } });
    expect(runs.map((r) => [r.status, r.endpointId])).toEqual([
      ["done", endpoint.id],
      ["paused", endpoint.id],
    ]);

    // the paused run resumes here and labels the same chunks as the original would
    await changeJudgeRun(admin, studyId, runs[1]!.id, "resume");
    const worker = startJudgeWorker({ pollMs: 20, runIds: [runs[1]!.id], call: { backoffMs: 1, timeoutMs: 2000 } });
    await worker.idle();
    await worker.stop();
    const resumed = await getJudgeRun(admin, studyId, runs[1]!.id);
    expect(resumed.run).toMatchObject({ status: "done", calls: { done: 3 } });
    const judged = await labelsOf(studyId, resumed.run.judge);
    expect(judged.size).toBe(3);
    for (const [doc, level] of judged) expect(level).toBe(String((Number(doc[1]) + Number(doc[3])) % 4));

    const again = await importBundle(studyId, bundle);
    expect(again.added).toMatchObject({ judgeRuns: 0, judgeCalls: 0, labels: 0 });
    expect(await versions()).toBe(1);
  });

  it("link a run to no endpoint when this server's endpoint of that name calls another URL, and refuse to resume it", async () => {
    const studyId = await freshStudy();
    const elsewhere = bundle.map((r) => (r.type === "judge_run" ? { ...r, base_url: "http://127.0.0.1:9/v1" } : r));
    await importBundle(studyId, elsewhere);
    const db = await getDb();
    const runs = await db.judgeRun.findMany({ where: { studyId }, orderBy: { id: "asc" } });
    expect(runs.map((r) => [r.status, r.endpointId, r.baseUrl])).toEqual([
      ["done", null, "http://127.0.0.1:9/v1"],
      ["paused", null, "http://127.0.0.1:9/v1"],
    ]);
    const error = await changeJudgeRun(admin, studyId, runs[1]!.id, "resume").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(
      `this server has no endpoint "${source.endpoint}" at http://127.0.0.1:9/v1 (it was removed, or the run was imported): register one of that name and URL, or start a new run`,
    );
  });

  it("refuses a version that is not its template's hash, a call of an unknown run and a call without its chunk; nothing changes", async () => {
    const studyId = await freshStudy();
    const before = await counts(studyId);
    const at = (r: Record_ | undefined) => bundle.indexOf(r!) + 1;
    const template = bundle.find((r) => r.type === "judge_template")!;
    const run = bundle.find((r) => r.type === "judge_run" && r.number === 2)!;
    const call = bundle.find((r) => r.type === "judge_call" && r.run === 1)!;
    const changed = bundle.map((r) => {
      if (r === template)
        return { ...r, template: { ...(r.template as object), prompt: "Tampered: {{question}} {{chunk}}" } };
      if (r === run) return { ...r, template_version: "0".repeat(64) };
      if (r === call) return { ...r, doc: null };
      return r;
    });
    const error = await importBundle(studyId, changed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const line = (r: Record_) => `study.assay.jsonl line ${at(r)}`;
    const mismatch = "does not match its template: a version is the SHA-256 of the template's content";
    const run2calls = bundle.filter((r) => r.type === "judge_call" && r.run === 2);
    expect((error as AppError).details).toMatchObject({
      errors: [
        `${line(template)}, field version: ${mismatch}`,
        `${line(run)}, field template_version: ${mismatch}`,
        `${line(call)}, field doc: a call of a relevance run names its doc`,
        ...run2calls.map((c) => `${line(c)}, field run: judge run 2 (${line(run)}) was not imported`),
      ],
    });
    expect(await counts(studyId)).toEqual(before);
  });

  it("read a call's reply with a rule that backtracks exponentially elsewhere, (a+)+$, at once; refuse a rule RE2 cannot run", async () => {
    // the run of the saved template, its rule made (a+)+$ and its version recomputed, every reply 40 a's
    const withRule = (pattern: string, reply: (done: boolean) => string) => {
      const template = bundle.find((r) => r.type === "judge_template")!;
      const changed = {
        ...(template.template as JudgeTemplate),
        output: { kind: "regex", pattern, ignoreCase: true, map: { [A40]: "2" } },
      } as JudgeTemplate;
      const version = templateVersion(changed);
      return bundle.map((r) => {
        if (r === template) return { ...r, template: changed, version };
        if (r.type === "judge_run" && r.number === 1) return { ...r, template: changed, template_version: version };
        if (r.type === "judge_call" && r.run === 1 && r.reply !== null)
          return r.status === "done" ? { ...r, reply: reply(true), level: "2" } : { ...r, reply: reply(false) };
        return r;
      });
    };
    const A40 = "a".repeat(40);
    // a backtracking engine takes some 2^40 steps on each of these replies
    const cruel = withRule("(a+)+$", () => `${A40}!`);
    const studyId = await freshStudy();
    const before = await counts(studyId);
    const error = await importBundle(studyId, cruel).catch((e: unknown) => e);
    const firstDone = cruel.find((r) => r.type === "judge_call" && r.run === 1 && r.status === "done")!;
    expect((error as AppError).details).toMatchObject({
      errors: expect.arrayContaining([
        `study.assay.jsonl line ${cruel.indexOf(firstDone) + 1}, field reply: a done call's reply gives no level by its template: no match for /(a+)+$/ in the reply`,
      ]),
    });
    expect(await counts(studyId)).toEqual(before);
    // the same rule, replies it matches: imported
    expect(
      (
        await importBundle(
          studyId,
          withRule("(a+)+$", () => A40),
        )
      ).added,
    ).toMatchObject({ judgeRuns: 2 });
    // a backreference is no rule RE2 runs: refused at the template, with its field
    const backreference = withRule("(a)\\1", () => A40);
    const refused = await importBundle(await freshStudy(), backreference).catch((e: unknown) => e);
    const template = backreference.find((r) => r.type === "judge_template")!;
    expect(((refused as AppError).details as { errors: string[] }).errors[0]).toMatch(
      new RegExp(
        `^study\\.assay\\.jsonl line ${backreference.indexOf(template) + 1}, field template\\.output\\.pattern: not an expression Assay reads \\(RE2's syntax: no backreferences or lookarounds\\)`,
      ),
    );
  });

  it("refuses a template version under a name the study uses for another task", async () => {
    const taken = `taken-${unique()}`;
    const target = await freshStudy();
    await saveTemplate(admin, target, {
      name: taken,
      task: "support",
      scale: "binary",
      system: "",
      prompt: "Nugget: {{nugget}}\nPassage: {{chunk}}\nSupported? [[yes]] or [[no]]",
      output: { kind: "regex", pattern: "\\[\\[(yes|no)\\]\\]", ignoreCase: true, map: { yes: "1", no: "0" } },
    });
    const template = bundle.find((r) => r.type === "judge_template")!;
    const renamed = bundle.map((r) =>
      r === template ? { ...r, template: { ...(r.template as object), name: taken } } : r,
    );
    const error = await importBundle(target, renamed).catch((e: unknown) => e);
    expect((error as AppError).details).toMatchObject({
      errors: [
        `study.assay.jsonl line ${bundle.indexOf(template) + 1}, field template.task: the template "${taken}" is a support template of this study, this one relevance: rename one of them`,
      ],
    });
    // another study's template of that name is no concern of this one
    expect((await importBundle(await freshStudy(), renamed)).added).toMatchObject({ judgeRuns: 2 });
  });

  it("bring their saved template into the study that imports them, which alone sees it", async () => {
    const target = await freshStudy();
    await importBundle(target, bundle);
    const mine = await listTemplates(admin, target);
    expect(mine.map((t) => t.name)).toContain(source.template);
    expect((await listTemplates(admin, await freshStudy())).map((t) => t.name)).not.toContain(source.template);
  });
});
