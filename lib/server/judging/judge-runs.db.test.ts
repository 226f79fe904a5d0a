// Judge runs against the local OpenAI-compatible test server: exactly one label per item, the
// cache, resumption after a stop or a dead process, the endpoint's limits, costs, unparsed replies
// and their retry, pause and cancel. On the engine under test (SQLite and PostgreSQL tiers).
import { calibrationQuerySchema, fewShotRequestSchema } from "@/lib/schemas/judging";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { labelSet } from "@/test/label-set";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as f from "@/prisma/factories";
import { getDb } from "@/lib/server/db/client";
import { claimCalls } from "@/lib/server/db/judge-calls";
import { withLeaseTransaction } from "@/lib/server/db/transactions";
import { AppError } from "@/lib/server/errors";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { createEndpoint } from "./create-endpoint";
import { listEndpoints } from "./list-endpoints";
import { updateEndpoint } from "./update-endpoint";
import { createJudgeRun } from "./create-judge-run";
import { changeJudgeRun, getJudgeRun } from "./judge-runs";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { fewShotVersion } from "./few-shot-version";
import { getCalibration } from "./get-calibration";
import { saveTemplate } from "./judge-templates";
import { startJudgeWorker, type JudgeWorkerOptions } from "./judge-worker";

const FAST: JudgeWorkerOptions = { pollMs: 20, call: { backoffMs: 1, timeoutMs: 2000 } };
let server: FakeChatServer;
let slow: FakeChatServer;
let admin: UserDto;

type Study = { id: number; labels: Map<string, string> };

/** A study with `questions` questions of `chunks` pooled chunks each; each chunk's text carries the label the test server answers. */
async function study(questions = 2, chunks = 5): Promise<Study> {
  const db = await getDb();
  const id = unique();
  const s = await f.upsertStudy(db, { slug: `judge-${id}`, name: `Judge ${id}` });
  const labels = new Map<string, string>();
  for (let q = 1; q <= questions; q++) {
    const query = await f.upsertQuery(db, s.id, { externalId: `q${q}`, title: `Q${q}`, body: `Question ${q}?` });
    for (let c = 1; c <= chunks; c++) {
      const label = String((q + c) % 4);
      const doc = await f.upsertDocument(db, s.id, { externalId: `d${q}-${c}`, text: `chunk ${c} [[label:${label}]]` });
      await f.upsertPoolEntry(db, s.id, query.id, doc.id);
      labels.set(`qd:${query.id}:${doc.id}`, label);
    }
  }
  return { id: s.id, labels };
}

async function endpoint(url: string, fields: { concurrency?: number; requestsPerMinute?: number | null } = {}) {
  const name = `fake-${unique()}`;
  await createEndpoint({
    name,
    baseUrl: url,
    model: "fake-judge",
    apiKey: { source: "none" },
    inputPricePerMillion: 2,
    outputPricePerMillion: 10,
    concurrency: fields.concurrency ?? 4,
    requestsPerMinute: fields.requestsPerMinute ?? null,
  });
  return name;
}

async function labelsOf(studyId: number, judge: string) {
  const db = await getDb();
  const rows = await db.label.findMany({ where: { studyId, judge: { name: judge } } });
  return new Map(rows.map((l) => [l.targetKey, l.value]));
}

async function runToEnd(runId: number, options: JudgeWorkerOptions = {}) {
  const worker = startJudgeWorker({ ...FAST, ...options, runIds: [runId] });
  await worker.idle();
  await worker.stop();
}

const calls = (s: FakeChatServer) => s.calls.length;

beforeAll(async () => {
  server = await startFakeChatServer();
  slow = await startFakeChatServer({ delayMs: 60 });
  const db = await getDb();
  admin = toUserDto(
    await f.upsertUser(db, { email: `judge-admin-${unique()}@test.local`, role: "admin", password: "x" }),
  );
});
afterAll(async () => {
  await server.close();
  await slow.close();
});

describe("judge runs", () => {
  it("store exactly one label per item, sum tokens and costs, and cost nothing when run again", async () => {
    const s = await study();
    const name = await endpoint(server.url);
    const before = calls(server);
    const run = await createJudgeRun(admin, s.id, {
      template: "umbrela-relevance",
      endpoint: name,
      sample: { kind: "all_pairs" },
    });
    expect(run.calls).toBe(10);
    await runToEnd(run.id);
    expect(calls(server) - before).toBe(10);
    expect(await labelsOf(s.id, run.judge)).toEqual(s.labels);
    const db = await getDb();
    expect(await db.label.count({ where: { studyId: s.id } })).toBe(10);

    const { run: done, problems } = await getJudgeRun(admin, s.id, run.id);
    expect(problems).toEqual([]);
    expect(done).toMatchObject({ status: "done", total: 10, cachedCalls: 0, calls: { done: 10, pending: 0 } });
    // the fake server counts a prompt's characters as its input tokens and the reply's as its output tokens
    const stored = await db.judgeCall.findMany({ where: { runId: run.id } });
    const inputTokens = stored.reduce((sum, c) => sum + c.inputTokens!, 0);
    const outputTokens = stored.reduce((sum, c) => sum + c.outputTokens!, 0);
    expect(done.inputTokens).toBe(inputTokens);
    expect(done.outputTokens).toBe(outputTokens);
    expect(done.cost.unknownCalls).toBe(0);
    expect(done.cost.known).toBeCloseTo((inputTokens * 2 + outputTokens * 10) / 1e6, 12);
    for (const c of stored) expect(c.cost).toBeCloseTo((c.inputTokens! * 2 + c.outputTokens! * 10) / 1e6, 12);

    // the same template, endpoint, inputs and settings: every reply from the cache, the same judge
    const again = await createJudgeRun(admin, s.id, {
      template: "umbrela-relevance",
      endpoint: name,
      sample: { kind: "all_pairs" },
    });
    expect(again.judge).toBe(run.judge);
    const made = calls(server);
    await runToEnd(again.id);
    expect(calls(server)).toBe(made);
    const rerun = (await getJudgeRun(admin, s.id, again.id)).run;
    expect(rerun).toMatchObject({ status: "done", cachedCalls: 10, cost: { known: 0, unknownCalls: 0 } });
    expect(await db.label.count({ where: { studyId: s.id } })).toBe(10);
  });

  it("retries 429 and 500 and still stores one label per item; a reply without usage has an unknown cost", async () => {
    const s = await study(1, 4);
    const name = await endpoint(server.url, { concurrency: 1 });
    const run = await createJudgeRun(admin, s.id, {
      template: "umbrela-relevance",
      endpoint: name,
      sample: { kind: "all_pairs" },
      seed: 7,
    });
    // an admin changes the endpoint's model after the run started: the run calls the model it recorded
    const registered = (await listEndpoints()).find((e) => e.name === name)!;
    await updateEndpoint(registered.id, { model: "another-model" });
    const before = calls(server);
    server.failNext(1, { kind: "status", status: 429 });
    server.failNext(1, { kind: "status", status: 500 });
    server.omitUsage();
    try {
      await runToEnd(run.id);
    } finally {
      server.omitUsage(false);
    }
    expect(calls(server) - before).toBe(6);
    expect(server.calls.slice(before).map((c) => c.body.model)).toEqual(Array(6).fill("fake-judge"));
    expect(await labelsOf(s.id, run.judge)).toEqual(s.labels);
    const { run: done } = await getJudgeRun(admin, s.id, run.id);
    expect(done.cost).toEqual({ known: 0, unknownCalls: 4 });
    expect(done.inputTokens).toBe(0);
  });

  it("lists a reply that does not parse, stores no label for it, and calls again on retry", async () => {
    const s = await study(1, 3);
    const name = await endpoint(server.url, { concurrency: 1 });
    const run = await createJudgeRun(admin, s.id, {
      template: "umbrela-relevance",
      endpoint: name,
      sample: { kind: "all_pairs" },
      seed: 8,
    });
    server.failNext(1, { kind: "garble" });
    await runToEnd(run.id);
    const { run: done, problems } = await getJudgeRun(admin, s.id, run.id);
    expect(done).toMatchObject({ status: "done", calls: { done: 2, unparsed: 1 } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ status: "unparsed", reply: "I would rather not say." });
    expect(problems[0]!.error).toMatch(/##\\s\*final score/);
    const labels = await labelsOf(s.id, run.judge);
    expect(labels.size).toBe(2);
    expect(labels.has(problems[0]!.targetKey)).toBe(false);

    const before = calls(server);
    const retried = await changeJudgeRun(admin, s.id, run.id, "retry");
    expect(retried.run.status).toBe("running");
    await runToEnd(run.id);
    expect(calls(server) - before).toBe(1);
    expect(await labelsOf(s.id, run.judge)).toEqual(s.labels);
    expect((await getJudgeRun(admin, s.id, run.id)).problems).toEqual([]);
  });

  it("read a reply with a rule that backtracks exponentially elsewhere, (a+)+$, without stalling", async () => {
    const s = await study(1, 2);
    // a reply of 40 a's and a "!" takes a backtracking engine some 2^40 steps: the run would never end
    const cruel = await startFakeChatServer({ answer: () => `${"a".repeat(40)}!` });
    const matching = await startFakeChatServer({ answer: () => `${"a".repeat(40)}` });
    try {
      const template = {
        name: `cruel-${unique()}`,
        task: "relevance" as const,
        scale: "trec-dl-0-3",
        system: "",
        prompt: "Question: {{question}}\nPassage: {{chunk}}",
        output: { kind: "regex" as const, pattern: "(a+)+$", ignoreCase: true, map: { [`${"a".repeat(40)}`]: "2" } },
      };
      await saveTemplate(admin, s.id, template);
      const unparsed = await createJudgeRun(admin, s.id, {
        template: template.name,
        endpoint: await endpoint(cruel.url),
        sample: { kind: "all_pairs" },
      });
      await runToEnd(unparsed.id);
      const read = await getJudgeRun(admin, s.id, unparsed.id);
      expect(read.run.calls).toMatchObject({ done: 0, unparsed: 2 });
      expect(read.problems[0]!.error).toBe("no match for /(a+)+$/ in the reply");
      // the same rule reads a reply it matches
      const parsed = await createJudgeRun(admin, s.id, {
        template: template.name,
        endpoint: await endpoint(matching.url),
        sample: { kind: "all_pairs" },
      });
      await runToEnd(parsed.id);
      expect((await getJudgeRun(admin, s.id, parsed.id)).run.calls).toMatchObject({ done: 2, unparsed: 0 });
      expect([...(await labelsOf(s.id, parsed.judge)).values()]).toEqual(["2", "2"]);
    } finally {
      await cruel.close();
      await matching.close();
    }
  });

  it("count a 200 whose body cannot be read as a call of unknown cost, never as free", async () => {
    const s = await study(1, 2);
    const name = await endpoint(server.url, { concurrency: 1 });
    const run = await createJudgeRun(admin, s.id, {
      template: "umbrela-relevance",
      endpoint: name,
      sample: { kind: "all_pairs" },
    });
    server.failNext(1, { kind: "broken" });
    await runToEnd(run.id);
    const { run: done, problems } = await getJudgeRun(admin, s.id, run.id);
    expect(done.calls).toMatchObject({ done: 1, failed: 1 });
    expect(problems[0]!.error).toMatch(/^the endpoint's answer is not JSON/);
    expect(done.cost.unknownCalls).toBe(1);
    const db = await getDb();
    const broken = await db.judgeCall.findFirstOrThrow({ where: { runId: run.id, status: "failed" } });
    expect(broken.cost).toBeNull();
  });

  it("resumes after a stop and after a dead process, with no second call for a stored reply", async () => {
    const s = await study(2, 10);
    const name = await endpoint(slow.url, { concurrency: 2 });
    const run = await createJudgeRun(admin, s.id, {
      template: "umbrela-relevance",
      endpoint: name,
      sample: { kind: "all_pairs" },
      seed: 9,
    });
    const before = calls(slow);
    const first = startJudgeWorker({ ...FAST, runIds: [run.id] });
    while (calls(slow) - before < 6) await new Promise((r) => setTimeout(r, 10));
    await first.stop();
    const db = await getDb();
    // a stop abandons the calls in flight (at most the endpoint's concurrency) and gives them back
    const stored = await db.judgeCall.count({ where: { runId: run.id, status: "done" } });
    const abandoned = calls(slow) - before - stored;
    expect(stored).toBeGreaterThanOrEqual(4);
    expect(abandoned).toBeGreaterThanOrEqual(0);
    expect(abandoned).toBeLessThanOrEqual(2);
    expect(await db.judgeCall.count({ where: { runId: run.id, status: "leased" } })).toBe(0);

    // a process that claimed three calls and died: its leases have expired when the next one looks
    const dead = await withLeaseTransaction((tx) =>
      claimCalls(tx, { runId: run.id, holder: "dead-process", now: new Date(Date.now() - 10 * 60_000), limit: 3 }),
    );
    expect(dead).toHaveLength(3);
    await runToEnd(run.id);
    expect(calls(slow) - before).toBe(20 + abandoned);
    expect(await labelsOf(s.id, run.judge)).toEqual(s.labels);
    const all = await db.judgeCall.findMany({ where: { runId: run.id } });
    expect(all.every((c) => c.status === "done")).toBe(true);
    // the three the dead process held were claimed twice
    expect(
      all
        .filter((c) => c.attempts === 2)
        .map((c) => c.id)
        .sort(),
    ).toEqual(dead.map((c) => c.id).sort());
  });

  it("keeps an endpoint's concurrency across processes and paces its requests per minute", async () => {
    const s = await study(2, 6);
    const limited = await startFakeChatServer({ delayMs: 40 });
    try {
      const name = await endpoint(limited.url, { concurrency: 3 });
      const run = await createJudgeRun(admin, s.id, {
        template: "umbrela-relevance",
        endpoint: name,
        sample: { kind: "all_pairs" },
        seed: 10,
      });
      // two "processes" (holders) on one database, claiming one call at a time so that both get some
      const a = startJudgeWorker({ ...FAST, holder: "process-a", runIds: [run.id], batch: 1 });
      const b = startJudgeWorker({ ...FAST, holder: "process-b", runIds: [run.id], batch: 1 });
      await Promise.all([a.idle(), b.idle()]);
      await Promise.all([a.stop(), b.stop()]);
      expect(limited.calls).toHaveLength(12);
      expect(limited.maxInFlight()).toBe(3);
      expect(await labelsOf(s.id, run.judge)).toEqual(s.labels);

      const paced = await endpoint(limited.url, { concurrency: 4, requestsPerMinute: 600 });
      const pacedRun = await createJudgeRun(admin, s.id, {
        template: "umbrela-relevance",
        endpoint: paced,
        sample: { kind: "random_pairs", pairs: 6 },
        seed: 11,
      });
      const from = limited.calls.length;
      await runToEnd(pacedRun.id);
      const starts = limited.calls
        .slice(from)
        .map((c) => c.receivedAt)
        .sort((x, y) => x - y);
      expect(starts).toHaveLength(6);
      // 600 a minute: the i-th call starts no sooner than i x 100 ms after the first, whatever the
      // concurrency (each arrives after its reserved start; 30 ms for the first one's way to the server)
      for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[0]!).toBeGreaterThanOrEqual(i * 100 - 30);
      // and without a limit the same six calls would all have started at once (concurrency 4 + 2)
      expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(470);
    } finally {
      await limited.close();
    }
  });

  it("pauses, resumes and cancels; refuses what a run's status does not allow", async () => {
    const s = await study(1, 8);
    const name = await endpoint(slow.url, { concurrency: 1 });
    const run = await createJudgeRun(admin, s.id, {
      template: "umbrela-relevance",
      endpoint: name,
      sample: { kind: "all_pairs" },
      seed: 12,
    });
    await changeJudgeRun(admin, s.id, run.id, "pause");
    const before = calls(slow);
    const worker = startJudgeWorker({ ...FAST, runIds: [run.id] });
    await worker.idle(); // nothing to do while paused
    await worker.stop();
    expect(calls(slow)).toBe(before);
    const refusal = await changeJudgeRun(admin, s.id, run.id, "pause").catch((e: AppError) => e.message);
    expect(refusal).toBe("a paused run cannot be paused");

    await changeJudgeRun(admin, s.id, run.id, "resume");
    const resumed = startJudgeWorker({ ...FAST, runIds: [run.id] });
    while (calls(slow) - before < 3) await new Promise((r) => setTimeout(r, 10));
    await changeJudgeRun(admin, s.id, run.id, "cancel");
    await resumed.idle();
    await resumed.stop();
    const { run: cancelled } = await getJudgeRun(admin, s.id, run.id);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.calls.pending).toBeGreaterThan(0);
    expect(cancelled.calls.leased).toBe(0);
    const made = calls(slow) - before;
    expect(made).toBeLessThan(8);
    expect(cancelled.calls.done).toBe(made);
    expect((await labelsOf(s.id, run.judge)).size).toBe(made);
  });

  it("runs the saved template version it names, and skips an item that lacks a field the prompt names", async () => {
    const s = await study(1, 3);
    const db = await getDb();
    // a question with a gold answer for one of the two: the other cannot fill {{answer}}
    const [q] = await db.query.findMany({ where: { studyId: s.id } });
    const name = await endpoint(server.url);
    const template = {
      name: `with-answer-${unique()}`,
      task: "relevance" as const,
      scale: "trec-dl-0-3",
      system: "",
      prompt: "Question: {{question}}\nGold answer: {{answer}}\nPassage: {{chunk}}\nEnd with ##final score: N",
      output: { kind: "regex" as const, pattern: "##final score:\\s*([0-3])", ignoreCase: true, map: {} },
    };
    const first = await saveTemplate(admin, s.id, template);
    expect(first.created).toBe(true);
    expect((await saveTemplate(admin, s.id, template)).created).toBe(false);
    const changed = await saveTemplate(admin, s.id, { ...template, prompt: `${template.prompt}\n` + "Be brief." });
    expect(changed.created).toBe(true);
    expect(changed.version.version).not.toBe(first.version.version);

    const run = await createJudgeRun(admin, s.id, {
      template: `${template.name}@${first.version.version.slice(0, 8)}`,
      endpoint: name,
      sample: { kind: "all_pairs" },
    });
    await runToEnd(run.id);
    const { run: done, problems } = await getJudgeRun(admin, s.id, run.id);
    // no call was answered: the run failed, with the first reason
    expect(done).toMatchObject({
      templateVersion: first.version.version,
      status: "failed",
      failure: "the item has no answer, which the prompt names",
      calls: { skipped: 3 },
    });
    expect(problems.map((p) => p.error)).toEqual(Array(3).fill("the item has no answer, which the prompt names"));

    await db.query.update({ where: { id: q!.id }, data: { answer: "Like this." } });
    const again = await createJudgeRun(admin, s.id, {
      template: template.name,
      endpoint: name,
      sample: { kind: "all_pairs" },
    });
    await runToEnd(again.id);
    expect((await getJudgeRun(admin, s.id, again.id)).run).toMatchObject({
      templateVersion: changed.version.version,
      calls: { done: 3 },
    });
    expect(await labelsOf(s.id, again.judge)).toEqual(s.labels);
  });

  it("judge a preference both ways: agreeing orders give the label, disagreeing ones are counted and give none", async () => {
    const db = await getDb();
    const id = unique();
    const st = await f.upsertStudy(db, { slug: `pref-${id}`, name: `Pref ${id}` });
    const [alpha, beta] = [await f.upsertSystem(db, st.id, "alpha"), await f.upsertSystem(db, st.id, "beta")];
    const better = new Map<string, string>(); // pair key -> the better side
    for (let q = 1; q <= 4; q++) {
      const query = await f.upsertQuery(db, st.id, { externalId: `q${q}`, title: `Q${q}`, body: `Request ${q}?` });
      // alpha answers the odd requests better, beta the even ones
      const best = q % 2 === 1 ? alpha : beta;
      for (const system of [alpha, beta])
        await f.upsertResponse(db, {
          studyId: st.id,
          systemId: system.id,
          queryId: query.id,
          text: `${system.name}'s answer${system.id === best.id ? " [[best]]" : ""}`,
          citations: [],
        });
      better.set(`sp:${query.id}:${alpha.id}:${beta.id}:overall`, best === alpha ? "a" : "b");
    }
    const template = {
      name: `pairwise-${id}`,
      task: "preference" as const,
      scale: "preference",
      system: "",
      prompt: "Request: {{question}}\nAnswer A: {{answer_a}}\nAnswer B: {{answer_b}}\nReply [[A]], [[B]] or [[tie]].",
      output: {
        kind: "regex" as const,
        pattern: "\\[\\[(A|B|tie)\\]\\]",
        ignoreCase: false,
        map: { A: "a", B: "b", tie: "none" },
      },
    };
    await saveTemplate(admin, st.id, template);
    // a fair judge: picks the answer with the marker, whichever side it is shown on
    const fair = await startFakeChatServer({
      answer: (prompt) => (/Answer B: [^\n]*\[\[best\]\]/.test(prompt) ? "[[B]]" : "[[A]]"),
    });
    // a position-biased judge: always the first answer
    const biased = await startFakeChatServer({ answer: () => "[[A]]" });
    try {
      const run = await createJudgeRun(admin, st.id, {
        template: template.name,
        endpoint: await endpoint(fair.url),
        sample: { kind: "all_pairs" },
        systems: ["beta", "alpha"],
      });
      expect(run.calls).toBe(8);
      await runToEnd(run.id);
      expect(fair.calls).toHaveLength(8);
      // each pair was shown both ways
      const shown = fair.calls.map((c) => c.body.messages.at(-1)!.content);
      expect(shown.filter((t) => /Answer A: alpha/.test(t))).toHaveLength(4);
      expect(shown.filter((t) => /Answer A: beta/.test(t))).toHaveLength(4);
      const labels = await db.label.findMany({ where: { studyId: st.id, judge: { name: run.judge } } });
      expect(new Map(labels.map((l) => [l.targetKey, l.value]))).toEqual(better);
      expect(
        labels.every((l) => l.targetType === "system_pair" && l.criterion === "overall" && l.scale === "preference"),
      ).toBe(true);
      expect((await getJudgeRun(admin, st.id, run.id)).run).toMatchObject({
        status: "done",
        systems: ["alpha", "beta"],
        criterion: "overall",
        inconsistentPairs: 0,
      });

      const biasedEndpoint = await endpoint(biased.url);
      const skewed = await createJudgeRun(admin, st.id, {
        template: template.name,
        endpoint: biasedEndpoint,
        sample: { kind: "all_pairs" },
        systems: ["alpha", "beta"],
        criterion: "clarity",
      });
      await runToEnd(skewed.id);
      expect((await getJudgeRun(admin, st.id, skewed.id)).run).toMatchObject({
        calls: { done: 8 },
        inconsistentPairs: 4,
      });
      // the same template and model name through another server: another judge, named after its
      // endpoint, whose clarity labels are none
      expect(skewed.judge).toBe(`${run.judge} · via ${biasedEndpoint}`);
      expect(
        await db.label.count({ where: { studyId: st.id, judge: { name: skewed.judge }, criterion: "clarity" } }),
      ).toBe(0);
      // the calibration reads each judge's position consistency over its runs
      const person = await f.upsertJudge(db, st.id, { name: `reader-${unique()}`, kind: "human" });
      const [key, value] = [...better][0]!;
      const [, queryId, systemAId, systemBId] = key.split(":").map(Number);
      await db.label.create({
        data: {
          studyId: st.id,
          judgeId: person.id,
          targetType: "system_pair",
          targetKey: key,
          queryId,
          systemAId,
          systemBId,
          criterion: "overall",
          scale: "preference",
          value,
        },
      });
      const calibration = await getCalibration(admin, st.id, labelSet(person.name));
      const row = calibration.judges.find((j) => j.judge === run.judge)!;
      expect(row).toMatchObject({ runs: 1, items: 1, positionConsistency: { pairs: 4, inconsistent: 0, share: 1 } });
      expect(row.positionConsistency!.low).toBeCloseTo(0.5101, 4); // Wilson's 95% interval for 4 of 4
      expect(row.positionConsistency!.high).toBeCloseTo(1, 4);

      const refused = await createJudgeRun(admin, st.id, {
        template: template.name,
        endpoint: await endpoint(fair.url),
        sample: { kind: "all_pairs" },
        systems: ["alpha"],
      }).catch((e: AppError) => e.message);
      expect(refused).toBe("systems: a preference template compares two systems' answers (or more, every pair)");
    } finally {
      await fair.close();
      await biased.close();
    }
  });

  it("calibrate: every judge a run wrote against people's labels, with its cost per 1,000 labels and its disagreements", async () => {
    const s = await study(1, 8);
    const db = await getDb();
    // a person labels six of the eight pairs: four as the test server will, two otherwise
    const person = await f.upsertJudge(db, s.id, { name: `expert-${unique()}`, kind: "human" });
    const targets = [...s.labels.entries()].slice(0, 6);
    for (const [i, [targetKey, label]] of targets.entries()) {
      const [, queryId, documentId] = targetKey.split(":").map(Number);
      await db.label.create({
        data: {
          studyId: s.id,
          judgeId: person.id,
          targetType: "query_document",
          targetKey,
          queryId,
          documentId,
          scale: "trec-dl-0-3",
          value: i < 4 ? label : String((Number(label) + 1) % 4),
        },
      });
    }
    const run = await createJudgeRun(admin, s.id, {
      template: "umbrela-relevance",
      endpoint: await endpoint(server.url),
      sample: { kind: "all_pairs" },
      seed: 21,
    });
    await runToEnd(run.id);
    const calibration = await getCalibration(admin, s.id, labelSet(person.name));
    expect(calibration.judges).toHaveLength(1);
    const [judge] = calibration.judges;
    expect(judge).toMatchObject({ judge: run.judge, runs: 1, labels: 8, items: 6, disagreementCount: 2 });
    expect(judge!.statistics.find((x) => x.metric === "percent-agreement")!.value).toBeCloseTo(4 / 6, 12);
    expect(judge!.confusion.flat().reduce((a, b) => a + b, 0)).toBe(6);
    const { run: done } = await getJudgeRun(admin, s.id, run.id);
    expect(judge!.costPer1000).toBeCloseTo((done.cost.known / 8) * 1000, 12);
    expect(judge!.disagreements.map((d) => d.targetKey).sort()).toEqual(
      targets
        .slice(4)
        .map(([k]) => k)
        .sort(),
    );
    for (const d of judge!.disagreements) expect(d.reply).toMatch(new RegExp(`##final score: ${d.judge}$`));

    // the two disagreements as few-shot examples of a new version, with the person's levels
    const keys = judge!.disagreements.map((d) => d.targetKey);
    const draft = await fewShotVersion(
      admin,
      s.id,
      fewShotRequestSchema.parse({ judge: run.judge, human: person.name, targetKeys: keys }),
    );
    const docs = await db.document.findMany({ where: { id: { in: keys.map((k) => Number(k.split(":")[2])) } } });
    for (const [i, d] of judge!.disagreements.entries()) {
      const text = docs.find((doc) => doc.id === Number(d.targetKey.split(":")[2]))!.text;
      expect(draft.prompt).toContain(
        `Example ${i + 1}:\nQuestion:\nQuestion 1?\nTitle:\n\nPassage:\n${text}\nExpert judgment: ${d.human}`,
      );
    }
    // an ensemble of the run's judge and two others that copy the person: the lower median of three
    // ordinal levels is the person's wherever two of the three agree with them
    const copies: string[] = [];
    for (const name of ["copy-1", "copy-2"]) {
      const other = await f.upsertJudge(db, s.id, { name: `${name}-${unique()}`, kind: "model" });
      const own = await db.label.findMany({ where: { judgeId: person.id } });
      await db.label.createMany({ data: own.map(({ id: _, ...l }) => ({ ...l, judgeId: other.id })) });
      copies.push(other.name);
    }
    const ensemble = `ensemble:${[run.judge, ...copies].join("+")}`;
    const report = await getAgreementReport(
      admin,
      s.id,
      agreementQuerySchema.parse({ a: ensemble, b: person.name, group: "none" }),
    );
    expect(report.items).toBe(6);
    expect(report.statistics.find((x) => x.metric === "percent-agreement")!.value).toBe(1);

    // the calibration scores an ensemble of run judges beside them: here three that agree, at their summed cost
    const others = [];
    for (const seed of [22, 23]) {
      const more = await createJudgeRun(admin, s.id, {
        template: "umbrela-relevance",
        endpoint: await endpoint(server.url),
        sample: { kind: "all_pairs" },
        seed,
      });
      await runToEnd(more.id);
      others.push(more.judge);
    }
    const trio = `ensemble:${[run.judge, ...others].join("+")}`;
    const withEnsemble = await getCalibration(admin, s.id, labelSet(person.name), labelSet(trio));
    const row = withEnsemble.judges.find((j) => j.judge === trio)!;
    expect(row).toMatchObject({ runs: 3, labels: 8, ties: 0, items: 6, disagreementCount: 2 });
    const members = withEnsemble.judges.filter((j) => j.judge !== trio);
    expect(row.costPer1000).toBeCloseTo(
      members.reduce((sum, j) => sum + j.costPer1000!, 0),
      12,
    );
    expect(row.disagreements.every((d) => /##final score/.test(d.reply!))).toBe(true);
    await expect(
      getCalibration(admin, s.id, labelSet(person.name), labelSet(`ensemble:${run.judge}+nobody`)),
    ).rejects.toThrow("ensemble: an ensemble here is");
    // or two of them fused as FeB4RAG does (the level closest to their mean): a row of its own
    const pair = `fused:${run.judge}+${others[0]}`;
    const withFusion = await getCalibration(admin, s.id, labelSet(person.name), labelSet(pair));
    expect(withFusion.judges.find((j) => j.judge === pair)).toMatchObject({
      templateName: "FeB4RAG fusion",
      runs: 2,
      labels: 8,
      ties: 0,
      items: 6,
      disagreementCount: 2,
    });
    // a fusion of three is no name: refused where the request comes in
    const three = calibrationQuerySchema.safeParse({
      human: person.name,
      ensemble: `fused:${[run.judge, ...others].join("+")}`,
    });
    expect(three.error?.issues[0]).toMatchObject({
      path: ["ensemble"],
      message: expect.stringContaining('a fused label set is named "fused:<judge>+<judge>"'),
    });

    const saved = await saveTemplate(admin, s.id, { ...draft, name: `umbrela-examples-${unique()}` });
    expect(saved.created).toBe(true);
    const refused = await fewShotVersion(
      admin,
      s.id,
      fewShotRequestSchema.parse({
        judge: run.judge,
        human: person.name,
        targetKeys: ["qd:0:0"],
      }),
    ).catch((e: AppError) => e.message);
    expect(refused).toBe(`targetKeys: the newest run of "${run.judge}" did not judge qd:0:0`);
  });

  it("fail every call with the reason when the endpoint's key cannot be read, and make them on retry once it can", async () => {
    const s = await study(1, 3);
    const name = `keyed-${unique()}`;
    await createEndpoint({
      name,
      baseUrl: server.url,
      model: "fake-judge",
      apiKey: { source: "env", variable: "ASSAY_JUDGE_KEY_TEST_RUN" },
    });
    delete process.env.ASSAY_JUDGE_KEY_TEST_RUN;
    const run = await createJudgeRun(admin, s.id, {
      template: "umbrela-relevance",
      endpoint: name,
      sample: { kind: "all_pairs" },
      seed: 31,
    });
    const before = calls(server);
    await runToEnd(run.id);
    expect(calls(server)).toBe(before);
    const { run: failed, problems } = await getJudgeRun(admin, s.id, run.id);
    expect(failed).toMatchObject({
      status: "failed",
      failure: `no call made: ${name}'s key is read from ASSAY_JUDGE_KEY_TEST_RUN, which is not set on this server`,
      calls: { failed: 3 },
    });
    expect(problems.map((p) => p.error)).toEqual(
      Array(3).fill(
        `no call made: ${name}'s key is read from ASSAY_JUDGE_KEY_TEST_RUN, which is not set on this server`,
      ),
    );
    process.env.ASSAY_JUDGE_KEY_TEST_RUN = "sk-now-set";
    try {
      await changeJudgeRun(admin, s.id, run.id, "retry");
      await runToEnd(run.id);
    } finally {
      delete process.env.ASSAY_JUDGE_KEY_TEST_RUN;
    }
    expect(calls(server) - before).toBe(3);
    expect(server.calls.at(-1)!.authorization).toBe("Bearer sk-now-set");
    expect(await labelsOf(s.id, run.judge)).toEqual(s.labels);
  });

  it("keep every attempt, and sum the tokens and cost of all of them, across a retry of the problems", async () => {
    const s = await study(1, 3);
    const flaky = await startFakeChatServer();
    try {
      const name = await endpoint(flaky.url);
      const run = await createJudgeRun(admin, s.id, {
        template: "umbrela-relevance",
        endpoint: name,
        sample: { kind: "all_pairs" },
        seed: 41,
      });
      // the first call: a 429, a 500, then a reply that does not parse; the others answer at once
      flaky.failNext(1, { kind: "status", status: 429 });
      flaky.failNext(1, { kind: "status", status: 500 });
      flaky.failNext(1, { kind: "garble" });
      await runToEnd(run.id, { batch: 3 });
      const db = await getDb();
      const first = await db.judgeCall.findFirstOrThrow({ where: { runId: run.id, position: 1 } });
      expect(first.status).toBe("unparsed");
      const attempts = await db.judgeAttempt.findMany({ where: { callId: first.id }, orderBy: { id: "asc" } });
      expect(attempts.map((a) => [a.httpStatus, a.reply, a.cost === null])).toEqual([
        [429, null, true],
        [500, null, true],
        [200, "I would rather not say.", false],
      ]);
      expect(attempts[0]!.error).toBe("the endpoint answered 429: fake 429");
      const garbled = attempts[2]!;
      expect(first).toMatchObject({ inputTokens: garbled.inputTokens, outputTokens: garbled.outputTokens });
      expect(first.cost).toBeCloseTo(garbled.cost!, 12);

      // retry the problem: a new attempt, whose tokens and cost add to the first ones
      await changeJudgeRun(admin, s.id, run.id, "retry");
      await runToEnd(run.id);
      const again = await db.judgeCall.findUniqueOrThrow({ where: { id: first.id } });
      expect(again.status).toBe("done");
      const all = await db.judgeAttempt.findMany({ where: { callId: first.id }, orderBy: { id: "asc" } });
      expect(all).toHaveLength(4);
      const sum = (pick: (a: (typeof all)[number]) => number | null) => all.reduce((t, a) => t + (pick(a) ?? 0), 0);
      expect(again.inputTokens).toBe(sum((a) => a.inputTokens));
      expect(again.outputTokens).toBe(sum((a) => a.outputTokens));
      expect(again.cost).toBeCloseTo(
        sum((a) => a.cost),
        12,
      );
      // the run's totals are the sums over every attempt of every call: what the server billed
      const { run: done } = await getJudgeRun(admin, s.id, run.id);
      const every = await db.judgeAttempt.findMany({ where: { call: { runId: run.id } } });
      expect(flaky.calls).toHaveLength(6); // 3 for the first call, 1 each for the others, 1 for the retry
      expect(every).toHaveLength(6);
      expect(done.inputTokens).toBe(every.reduce((t, a) => t + (a.inputTokens ?? 0), 0));
      expect(done.cost.known).toBeCloseTo(
        every.reduce((t, a) => t + ((a.inputTokens ?? 0) * 2 + (a.outputTokens ?? 0) * 10) / 1e6, 0),
        12,
      );
    } finally {
      await flaky.close();
    }
  });

  it("run a small run's calls all at once, as many as the endpoint's concurrency allows", async () => {
    const s = await study(1, 4);
    const wide = await startFakeChatServer({ delayMs: 300 });
    try {
      for (const [pairs, concurrency] of [
        [2, 2],
        [4, 4],
        [3, 8],
      ] as const) {
        const run = await createJudgeRun(admin, s.id, {
          template: "umbrela-relevance",
          endpoint: await endpoint(wide.url, { concurrency }),
          sample: { kind: "random_pairs", pairs },
          seed: 50 + pairs,
        });
        const before = wide.calls.length;
        const start = wide.maxInFlight();
        await runToEnd(run.id);
        expect(wide.calls.length - before).toBe(pairs);
        // the server saw every call in flight together (its high-water mark only grows)
        expect(Math.max(start, pairs)).toBe(wide.maxInFlight());
      }
    } finally {
      await wide.close();
    }
  });

  it("refuse a sample larger than the pool, naming its size", async () => {
    const s = await study(2, 3);
    const name = await endpoint(server.url);
    const refusal = (
      sample: { kind: "random_pairs"; pairs: number } | { kind: "random_questions"; questions: number },
    ) =>
      createJudgeRun(admin, s.id, { template: "umbrela-relevance", endpoint: name, sample }).catch(
        (e: AppError) => e.message,
      );
    expect(await refusal({ kind: "random_pairs", pairs: 7 })).toBe(
      "sample.pairs: 7 is more than the study's 6 pooled (question, chunk) pairs",
    );
    expect(await refusal({ kind: "random_questions", questions: 3 })).toBe(
      "sample.questions: 3 is more than the 2 questions with pooled (question, chunk) pairs",
    );
    expect(await refusal({ kind: "random_pairs", pairs: 6 })).toMatchObject({ calls: 6 });
  });

  it("name a run's judge after its endpoint when another server serves the same model name", async () => {
    const s = await study(1, 2);
    const other = await startFakeChatServer();
    try {
      const first = await endpoint(server.url);
      const second = await endpoint(other.url);
      const a = await createJudgeRun(admin, s.id, {
        template: "umbrela-relevance",
        endpoint: first,
        sample: { kind: "all_pairs" },
      });
      const b = await createJudgeRun(admin, s.id, {
        template: "umbrela-relevance",
        endpoint: second,
        sample: { kind: "all_pairs" },
      });
      const again = await createJudgeRun(admin, s.id, {
        template: "umbrela-relevance",
        endpoint: first,
        sample: { kind: "all_pairs" },
      });
      expect(b.judge).toBe(`${a.judge} · via ${second}`);
      expect(again.judge).toBe(a.judge); // the first server's judge keeps its name
      for (const r of [a, b, again]) await changeJudgeRun(admin, s.id, r.id, "cancel");
    } finally {
      await other.close();
    }
  });
});
