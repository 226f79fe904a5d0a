// `assay judge templates | run | export` as a user runs them: real processes against the database
// of this run and the local OpenAI-compatible test server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as f from "@/prisma/factories";
import { BUILTIN_TEMPLATES } from "@/lib/domain/judging/builtin-templates";
import { closeDb, getDb } from "@/lib/server/db/client";
import { createEndpoint } from "@/lib/server/judging/create-endpoint";
import { saveTemplate } from "@/lib/server/judging/judge-templates";
import { templateVersion } from "@/lib/server/judging/template-version";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { runCli, runCliAsync } from "@/test/run-cli";

const KEY = "sk-cli-test-never-printed";
let server: FakeChatServer;

beforeAll(async () => {
  server = await startFakeChatServer();
});
afterAll(async () => {
  await server.close();
  await closeDb();
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
    expect(templates.slice(0, 2).map((t) => t.version)).toEqual(BUILTIN_TEMPLATES.map(templateVersion));
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
  });
});
