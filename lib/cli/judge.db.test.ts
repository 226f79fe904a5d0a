// `assay judge templates | run | export` as a user runs them: real processes against the database
// of this run and the local OpenAI-compatible test server.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as f from "@/prisma/factories";
import { BUILTIN_TEMPLATES } from "@/lib/domain/judging/builtin-templates";
import { getDb } from "@/lib/server/db/client";
import { createEndpoint } from "@/lib/server/judging/create-endpoint";
import { saveTemplate } from "@/lib/server/judging/judge-templates";
import { templateVersion } from "@/lib/server/judging/template-version";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { runCli, runCliAsync, runCliInProcess, spawnCli } from "@/test/run-cli";

const KEY = "sk-cli-test-never-printed";
let server: FakeChatServer;

beforeAll(async () => {
  server = await startFakeChatServer();
});
afterAll(async () => {
  await server.close();
});

describe("assay judge", () => {
  it("templates: the built-in ones and the study's saved ones, each version with its hash, as a table or with their whole text", async () => {
    const name = `cli-template-${unique()}`;
    const db = await getDb();
    const study = await db.study.create({
      data: { slug: `cli-templates-${unique()}`, name: `CLI templates ${unique()}` },
    });
    const other = await db.study.create({ data: { slug: `cli-other-${unique()}`, name: `CLI other ${unique()}` } });
    const author = { id: 0, email: "r@test.local", name: "R", role: "admin" as const };
    const saved = await saveTemplate(author, study.id, {
      ...BUILTIN_TEMPLATES[0]!,
      name,
      prompt: `${BUILTIN_TEMPLATES[0]!.prompt}\nBe brief.`,
    });
    expect(runCli(["judge", "templates"]).stderr).toContain("--study is required");
    expect(runCli(["judge", "templates", "--study", other.slug]).stdout).not.toContain(name);
    const table = runCli(["judge", "templates", "--study", study.slug]);
    expect(table.status, table.stderr).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+VERSION\s+TASK\s+SCALE\s+READS$/);
    expect(lines.slice(1, 3).map((l) => l.split(/\s+/).slice(0, 4))).toEqual([
      ["umbrela-relevance", templateVersion(BUILTIN_TEMPLATES[0]!).slice(0, 12), "relevance", "trec-dl-0-3"],
      ["freshstack-support", templateVersion(BUILTIN_TEMPLATES[1]!).slice(0, 12), "support", "binary"],
    ]);
    expect(lines[2]).toMatch(/JSON field supported$/);
    expect(lines.some((l) => l.startsWith(`${name} `) && l.includes(saved.version.version.slice(0, 12)))).toBe(true);

    const json = runCli(["judge", "templates", "--study", study.slug, "--format", "json"]);
    const { templates } = JSON.parse(json.stdout) as {
      templates: { name: string; version: string; prompt: string; builtin: boolean; createdBy: string | null }[];
    };
    expect(templates.slice(0, BUILTIN_TEMPLATES.length).map((t) => t.version)).toEqual(
      BUILTIN_TEMPLATES.map(templateVersion),
    );
    expect(templates[0]!.version).toMatch(/^[0-9a-f]{64}$/);
    expect(templates[1]!.prompt).toBe(BUILTIN_TEMPLATES[1]!.prompt);
    expect(templates.find((t) => t.name === name)).toMatchObject({
      builtin: false,
      createdBy: "r@test.local",
      version: saved.version.version,
    });
  });

  it("run: makes a study's calls with progress as JSON lines, then export writes every call with its provenance and no key", async () => {
    const db = await getDb();
    const id = unique();
    const study = await f.upsertStudy(db, { slug: `cli-judge-${id}`, name: `CLI judge ${id}` });
    const query = await f.upsertQuery(db, study.id, { externalId: "q1", title: "Q1", body: "What?" });
    for (let c = 0; c < 6; c++) {
      const doc = await f.upsertDocument(db, study.id, { externalId: `d${c}`, text: `chunk ${c} [[label:${c % 4}]]` });
      await f.upsertPoolEntry(db, study.id, query.id, doc.id);
    }
    const endpoint = `cli-fake-${id}`;
    await createEndpoint({
      name: endpoint,
      baseUrl: server.url,
      model: "fake-judge",
      apiKey: { source: "env", variable: "ASSAY_JUDGE_KEY_CLI_TEST" },
      concurrency: 2,
    });
    const env = { ASSAY_JUDGE_KEY_CLI_TEST: KEY };
    const before = server.calls.length;
    const run = await runCliAsync(
      [
        "judge",
        "run",
        "--study",
        study.slug,
        "--template",
        "umbrela-relevance",
        "--endpoint",
        endpoint,
        "--sample",
        "pairs:4",
        "--seed",
        "3",
      ],
      { env },
    );
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const final = lines.at(-1)!;
    expect(final).toMatchObject({ final: true, status: "done", finished: 4, total: 4, calls: { done: 4 } });
    expect(final.judge).toBe(
      `umbrela-relevance@${templateVersion(BUILTIN_TEMPLATES[0]!).slice(0, 8)} · fake-judge · seed=3`,
    );
    expect(server.calls.length - before).toBe(4);
    expect(server.calls.slice(before).every((c) => c.authorization === `Bearer ${KEY}`)).toBe(true);
    expect(await db.label.count({ where: { studyId: study.id, judge: { name: final.judge as string } } })).toBe(4);

    const bad = runCli(
      ["judge", "run", "--study", study.slug, "--template", "umbrela-relevance", "--endpoint", "nowhere"],
      { env },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('assay: endpoint: there is no endpoint named "nowhere" (an admin registers them)');

    const exported = runCli(["judge", "export", "--study", study.slug], { env });
    expect(exported.status, exported.stderr).toBe(0);
    expect(exported.stdout).not.toContain(KEY);
    const calls = exported.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(calls).toHaveLength(4);
    for (const c of calls)
      expect(c).toMatchObject({
        run: final.run,
        judge: final.judge,
        endpoint,
        baseUrl: server.url,
        model: "fake-judge",
        template: "umbrela-relevance",
        templateVersion: templateVersion(BUILTIN_TEMPLATES[0]!),
        temperature: 0,
        seed: 3,
        status: "done",
        cached: false,
      });
    expect(calls.map((c) => c.level)).toEqual(calls.map((c) => /final score: (\d)/.exec(c.reply as string)![1]));
    // each call with its one attempt: the HTTP status, the reply, tokens and cost
    for (const c of calls)
      expect(c.attempts).toEqual([
        expect.objectContaining({
          httpStatus: 200,
          reply: c.reply,
          error: null,
          inputTokens: c.inputTokens,
          outputTokens: c.outputTokens,
        }),
      ]);

    // --sample takes decimal whole numbers, no larger than the pool
    for (const [sample, message] of [
      ["pairs:1e1", 'assay: --sample: "pairs:1e1" is not all, pairs:N, questions:N'],
      ["pairs:0x3", 'assay: --sample: "pairs:0x3" is not all'],
      ["pairs: 2", 'assay: --sample: "pairs: 2" is not all'],
      ["pairs:0", 'assay: --sample: "pairs:0" is not all'],
      ["pairs:5000", "assay: sample.pairs: 5000 is more than the study's 6 pooled (question, chunk) pairs"],
    ]) {
      const refused = runCli(
        [
          "judge",
          "run",
          "--study",
          study.slug,
          "--template",
          "umbrela-relevance",
          "--endpoint",
          endpoint,
          "--sample",
          sample!,
        ],
        { env },
      );
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain(message);
    }
  });

  it("endpoints: add with the key as a variable's name or sealed from standard input, list, check, remove", async () => {
    const id = unique();
    // the key this server seals stored keys with (every command below runs with it)
    const sealing = { ASSAY_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64") };
    const added = runCli([
      "judge",
      "endpoints",
      "add",
      "--name",
      `cli-env-${id}`,
      "--base-url",
      server.url,
      "--model",
      "fake-judge",
      "--key-env",
      "ASSAY_JUDGE_KEY_CLI_ENDPOINT",
      "--concurrency",
      "3",
      "--input-price",
      "0.15",
      "--output-price",
      "0.6",
    ]);
    expect(added.status, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      created: { name: `cli-env-${id}`, concurrency: 3, inputPricePerMillion: 0.15, apiKey: { source: "env" } },
    });
    const sealed = runCli(
      [
        "judge",
        "endpoints",
        "add",
        "--name",
        `cli-sealed-${id}`,
        "--base-url",
        server.url,
        "--model",
        "fake-judge",
        "--key-stdin",
      ],
      { input: `${KEY}\n`, env: sealing },
    );
    expect(sealed.status, sealed.stderr).toBe(0);
    expect(sealed.stdout).not.toContain(KEY);
    const db = await getDb();
    const row = await db.judgeEndpoint.findUniqueOrThrow({ where: { name: `cli-sealed-${id}` } });
    expect(row.apiKeySealed).not.toBeNull();
    expect(row.apiKeySealed).not.toContain(KEY);
    // never from the command line
    const onArgv = runCli([
      "judge",
      "endpoints",
      "add",
      "--name",
      "x",
      "--base-url",
      server.url,
      "--model",
      "m",
      "--key",
      KEY,
    ]);
    expect(onArgv.status).toBe(2);
    expect(onArgv.stderr).toContain("Unknown option '--key'");

    const list = runCli(["judge", "endpoints", "list"], { env: { ASSAY_JUDGE_KEY_CLI_ENDPOINT: KEY } });
    expect(list.stdout).not.toContain(KEY);
    const listed = list.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { name: string; apiKey: unknown });
    expect(listed.find((e) => e.name === `cli-env-${id}`)!.apiKey).toEqual({
      source: "env",
      variable: "ASSAY_JUDGE_KEY_CLI_ENDPOINT",
      present: true,
    });
    expect(listed.find((e) => e.name === `cli-sealed-${id}`)!.apiKey).toEqual({ source: "stored" });

    // the check makes one call with the key; a failing one exits 1 with the reason
    const before = server.calls.length;
    const checked = await runCliAsync(["judge", "endpoints", "check", "--name", `cli-sealed-${id}`], { env: sealing });
    expect(checked.status, checked.stderr).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({ endpoint: `cli-sealed-${id}`, ok: true });
    expect(server.calls.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
    expect(server.calls.length - before).toBe(1);
    const unset = await runCliAsync(["judge", "endpoints", "check", "--name", `cli-env-${id}`]);
    expect(unset.status).toBe(1);
    expect(unset.stderr).toContain("ASSAY_JUDGE_KEY_CLI_ENDPOINT, which is not set on this server");

    const removed = runCli(["judge", "endpoints", "remove", "--name", `cli-env-${id}`]);
    expect(removed.status, removed.stderr).toBe(0);
    expect(await db.judgeEndpoint.findUnique({ where: { name: `cli-env-${id}` } })).toBeNull();
    const again = runCli(["judge", "endpoints", "remove", "--name", `cli-env-${id}`]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(`there is no endpoint named "cli-env-${id}"`);
  });

  it("pause, resume, cancel and retry a run; exit 130 on SIGINT, 143 on SIGTERM, 1 when no call was answered", async () => {
    const db = await getDb();
    const id = unique();
    const study = await f.upsertStudy(db, { slug: `cli-control-${id}`, name: `CLI control ${id}` });
    const query = await f.upsertQuery(db, study.id, { externalId: "q1", title: "Q1", body: "Which?" });
    for (let c = 0; c < 4; c++) {
      const doc = await f.upsertDocument(db, study.id, {
        externalId: `d${c}`,
        text: `passage ${c} [[label:${c % 4}]]`,
      });
      await f.upsertPoolEntry(db, study.id, query.id, doc.id);
    }
    const slow = await startFakeChatServer({ delayMs: 60_000 });
    try {
      const endpoint = `cli-slow-${id}`;
      await createEndpoint({
        name: endpoint,
        baseUrl: slow.url,
        model: "slow",
        apiKey: { source: "none" },
        concurrency: 4,
      });
      for (const [signal, code] of [
        ["SIGINT", 130],
        ["SIGTERM", 143],
      ] as const) {
        const child = spawnCli([
          "judge",
          "run",
          "--study",
          study.slug,
          "--template",
          "umbrela-relevance",
          "--endpoint",
          endpoint,
        ]);
        let stdout = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
        const exited = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
        const before = slow.calls.length;
        while (slow.calls.length - before < 4) await new Promise((r) => setTimeout(r, 20));
        child.kill(signal);
        expect(await exited).toBe(code);
        // the calls in flight were given back: the run waits for `--run ID`
        const final = JSON.parse(stdout.trim().split("\n").at(-1)!) as { run: number; status: string; calls: object };
        expect(final).toMatchObject({ status: "running", calls: { pending: 4, leased: 0 } });
        const control = (action: string) => runCli(["judge", action, "--run", String(final.run)]);
        expect(JSON.parse(control("pause").stdout)).toMatchObject({ run: final.run, status: "paused" });
        const refused = control("pause");
        expect(refused.status).toBe(2);
        expect(refused.stderr.trim()).toBe("assay: a paused run cannot be paused");
        expect(JSON.parse(control("resume").stdout)).toMatchObject({ status: "running" });
        expect(JSON.parse(control("cancel").stdout)).toMatchObject({ status: "cancelled" });
      }
      expect(runCli(["judge", "pause", "--run", "999999999"]).stderr).toContain("there is no judge run 999999999");

      // an endpoint whose key variable is not set: every call fails, the run fails, exit 1 with the reason
      const keyless = `cli-keyless-${id}`;
      await createEndpoint({
        name: keyless,
        baseUrl: server.url,
        model: "fake-judge",
        apiKey: { source: "env", variable: "ASSAY_JUDGE_KEY_CLI_UNSET" },
      });
      const failed = await runCliAsync([
        "judge",
        "run",
        "--study",
        study.slug,
        "--template",
        "umbrela-relevance",
        "--endpoint",
        keyless,
      ]);
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain("failed: no call was answered; the first reason: no call made:");
      const last = JSON.parse(failed.stdout.trim().split("\n").at(-1)!) as {
        run: number;
        status: string;
        failure: string;
      };
      expect(last).toMatchObject({ status: "failed", failure: expect.stringContaining("ASSAY_JUDGE_KEY_CLI_UNSET") });
      // retried once the key is set: it runs again and ends done
      const retried = runCli(["judge", "retry", "--run", String(last.run), "--study", study.slug]);
      expect(JSON.parse(retried.stdout)).toMatchObject({ status: "running" });
      const resumed = await runCliAsync(["judge", "run", "--study", study.slug, "--run", String(last.run)], {
        env: { ASSAY_JUDGE_KEY_CLI_UNSET: "sk-set-now" },
      });
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(JSON.parse(resumed.stdout.trim().split("\n").at(-1)!)).toMatchObject({
        status: "done",
        calls: { done: 4 },
      });
    } finally {
      await slow.close();
    }
  });

  it("says how a run stands: 3 paused and 4 cancelled from another terminal, 1 when its endpoint was removed, 5 when it cannot go on", async () => {
    const db = await getDb();
    const id = unique();
    const study = await f.upsertStudy(db, { slug: `cli-ends-${id}`, name: `CLI ends ${id}` });
    const query = await f.upsertQuery(db, study.id, { externalId: "q1", title: "Q1", body: "Which?" });
    for (let c = 0; c < 12; c++) {
      const doc = await f.upsertDocument(db, study.id, {
        externalId: `d${c}`,
        text: `passage ${c} [[label:${c % 4}]]`,
      });
      await f.upsertPoolEntry(db, study.id, query.id, doc.id);
    }
    // a model that answers in a second, two calls at a time: the run lasts six seconds
    const slowish = await startFakeChatServer({ delayMs: 1000 });
    const endpoint = `cli-ends-${id}`;
    const register = () =>
      createEndpoint({ name: endpoint, baseUrl: slowish.url, model: "m", apiKey: { source: "none" }, concurrency: 2 });
    await register();
    try {
      const start = () =>
        runCliAsync(["judge", "run", "--study", study.slug, "--template", "umbrela-relevance", "--endpoint", endpoint]);
      const runOf = async () =>
        (await db.judgeRun.findFirstOrThrow({ where: { studyId: study.id }, orderBy: { id: "desc" } })).id;
      const once = async (action: string, runId: number) => {
        while (slowish.calls.length === 0 || (await db.judgeCall.count({ where: { runId, status: "done" } })) === 0)
          await new Promise((r) => setTimeout(r, 50));
        return runCli(["judge", action, "--run", String(runId)]);
      };
      for (const [action, code, says] of [
        ["pause", 3, /is paused with \d+ of 12 calls left: `judge resume --run \d+`/],
        ["cancel", 4, /was cancelled with \d+ of 12 calls left/],
      ] as const) {
        const running = start();
        let runId: number | undefined;
        while (runId === undefined) {
          await new Promise((r) => setTimeout(r, 50));
          runId = await db.judgeRun.findFirst({ where: { studyId: study.id, status: "running" } }).then((r) => r?.id);
        }
        expect((await once(action, runId)).status).toBe(0);
        const ended = await running;
        expect(ended.status, ended.stderr).toBe(code);
        expect(ended.stderr).toMatch(says);
        // and at once when asked to work a run that stands so
        const again = await runCliAsync(["judge", "run", "--study", study.slug, "--run", String(runId)]);
        expect(again.status).toBe(code);
      }

      // an endpoint that a running run uses is not removed, unless forced: then the run fails, with the reason
      await db.judgeRun.updateMany({ where: { studyId: study.id, status: "paused" }, data: { status: "cancelled" } });
      const before = await runOf();
      const running = start();
      let runId = before;
      while (runId === before || (await db.judgeCall.count({ where: { runId, status: "done" } })) === 0) {
        await new Promise((r) => setTimeout(r, 50));
        runId = await runOf();
      }
      const refused = runCli(["judge", "endpoints", "remove", "--name", endpoint]);
      expect(refused.status).toBe(2);
      expect(refused.stderr).toMatch(
        new RegExp(
          `endpoint "${endpoint}" is used by 1 running or paused judge run \\(${runId}\\): cancel it first, or remove it anyway`,
        ),
      );
      const forced = runCli(["judge", "endpoints", "remove", "--name", endpoint, "--force"]);
      expect(forced.status, forced.stderr).toBe(0);
      expect(JSON.parse(forced.stdout)).toEqual({ removed: endpoint, failedRuns: [runId] });
      const ended = await running;
      expect(ended.status).toBe(1);
      expect(ended.stderr).toContain(`its endpoint "${endpoint}" was removed while the run was running`);
      expect(runCli(["judge", "retry", "--run", String(runId)]).stderr).toContain(
        `this server has no endpoint "${endpoint}"`,
      );
      // registered again (the same name and URL), the run is retried and finished
      await register();
      expect(JSON.parse(runCli(["judge", "retry", "--run", String(runId)]).stdout)).toMatchObject({
        status: "running",
      });
      const finished = await runCliAsync(["judge", "run", "--study", study.slug, "--run", String(runId)]);
      expect(finished.status, finished.stderr).toBe(0);
      expect(JSON.parse(finished.stdout.trim().split("\n").at(-1)!)).toMatchObject({
        status: "done",
        calls: { done: 12 },
      });

      // a running run with no endpoint here (one removed before removals were refused): 5, and why
      const stranded = await db.judgeRun.create({
        data: {
          ...(await db.judgeRun.findUniqueOrThrow({ where: { id: runId } })),
          id: undefined,
          status: "running",
          endpointId: null,
          finishedAt: null,
        },
      });
      const cannot = await runCliAsync(["judge", "run", "--study", study.slug, "--run", String(stranded.id)]);
      expect(cannot.status).toBe(5);
      expect(cannot.stderr).toContain(`cannot go on here: this server has no endpoint "${endpoint}" any more`);
    } finally {
      await slowish.close();
    }
  });

  it("reads every number of an option strictly, with the same message everywhere", async () => {
    const db = await getDb();
    const study = await f.upsertStudy(db, { slug: `cli-numbers-${unique()}`, name: `CLI numbers ${unique()}` });
    const base = ["judge", "run", "--study", study.slug, "--template", "umbrela-relevance", "--endpoint", "none"];
    for (const [option, value, says] of [
      ["--seed", "", '--seed must be a whole number from -2147483648 to 2147483647, in decimal digits (not "")'],
      ["--seed", "1e3", '(not "1e3")'],
      ["--seed", "0x10", '(not "0x10")'],
      ["--temperature", "", '--temperature must be a number from 0 to 2, such as 0.7 (not "")'],
      ["--temperature", "3", '(not "3")'],
    ] as const) {
      const result = await runCliInProcess([...base, option, value]);
      expect(result.status, `${option} ${value}`).toBe(2);
      expect(result.stderr).toContain(says);
    }
    for (const run of ["1e1", "0x3", " 3", "0", ""]) {
      for (const command of [
        ["judge", "run", "--study", study.slug, "--run", run],
        ["judge", "export", "--study", study.slug, "--run", run],
        ["judge", "pause", "--run", run],
      ]) {
        const result = await runCliInProcess(command);
        expect(result.status, command.join(" ")).toBe(2);
        expect(result.stderr).toContain(
          `--run must be a run's id: a whole number from 1, in decimal digits (not "${run}")`,
        );
      }
    }
  });
});
