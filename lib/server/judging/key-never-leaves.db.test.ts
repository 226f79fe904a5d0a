// A judge endpoint's key never leaves the server, even when the endpoint echoes it in its errors
// and replies (as OpenAI's 401 does): not in the run's problems a researcher reads, not in the
// study bundle, not in the database (issue 34, finding 2). On the engine under test.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as f from "@/prisma/factories";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import { toUserDto } from "@/lib/server/users/user-dto";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { createEndpoint } from "./create-endpoint";
import { callChatCompletions } from "./chat-completions";
import { createJudgeRun } from "./create-judge-run";
import { getJudgeRun } from "./judge-runs";
import { startJudgeWorker } from "./judge-worker";

const KEY = "sk-proj-Zq8rT4wX1nVb7Lc2Mf9Kd3";
/** Every form of the key a leak could take: whole, its first and last 12 characters, base64. */
const FORMS = [KEY, KEY.slice(0, 12), KEY.slice(-12), Buffer.from(KEY).toString("base64").slice(4, 24)];
const encryption = process.env.ASSAY_ENCRYPTION_KEY;
let server: FakeChatServer;

beforeAll(async () => {
  process.env.ASSAY_ENCRYPTION_KEY = crypto.randomBytes(32).toString("base64");
  // half the replies quote the key they were sent; every 401 quotes it whole, in part and encoded
  server = await startFakeChatServer({
    answer: (prompt) => `As ${KEY.slice(0, 14)} asked: ##final score: ${/\[\[label:(\d)\]\]/.exec(prompt)?.[1]}`,
  });
});
afterAll(async () => {
  process.env.ASSAY_ENCRYPTION_KEY = encryption;
  await server.close();
});

describe("an endpoint that echoes its key", () => {
  it("leaves no trace of it in the run's problems, its replies, the bundle or the database", async () => {
    const db = await getDb();
    const researcher = toUserDto(
      await f.upsertUser(db, { email: `leak-${unique()}@test.local`, role: "researcher", password: "x" }),
    );
    const study = await f.upsertStudy(db, { slug: `leak-${unique()}`, name: "Leak" });
    await f.upsertMember(db, study.id, researcher.id, "researcher");
    const query = await f.upsertQuery(db, study.id, { externalId: "q1", title: "Q1", body: "Question?" });
    for (let c = 1; c <= 4; c++) {
      const doc = await f.upsertDocument(db, study.id, { externalId: `d${c}`, text: `chunk [[label:${c % 4}]]` });
      await f.upsertPoolEntry(db, study.id, query.id, doc.id);
    }
    const endpoint = await createEndpoint({
      name: `echo-${unique()}`,
      baseUrl: server.url,
      model: "m",
      apiKey: { source: "stored", value: KEY },
      concurrency: 1,
    });
    server.failNext(2, {
      kind: "status",
      status: 401,
      body: (authorization) =>
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${authorization!.slice(7)} (${KEY.slice(0, 12)}…${KEY.slice(-12)}, ${Buffer.from(authorization!).toString("base64")})`,
          },
        }),
    });
    const run = await createJudgeRun(researcher, study.id, {
      template: "umbrela-relevance",
      endpoint: endpoint.name,
      sample: { kind: "all_pairs" },
    });
    const worker = startJudgeWorker({ pollMs: 20, runIds: [run.id], call: { backoffMs: 1, timeoutMs: 2000 } });
    await worker.idle();
    await worker.stop();
    expect(server.calls.every((c) => c.authorization === `Bearer ${KEY}`)).toBe(true);

    const detail = await getJudgeRun(researcher, study.id, run.id);
    expect(detail.run.calls).toMatchObject({ done: 2, failed: 2 });
    expect(detail.problems.map((p) => p.error)).toEqual(
      Array(2).fill(
        "the endpoint answered 401: Incorrect API key provided: [redacted] ([redacted]…[redacted], QmVhcmVyIH[redacted]w==)",
      ),
    );
    const { lines } = await exportStudy(study.id, { what: "study", format: "bundle" });
    let bundle = "";
    for await (const text of lines) bundle += text;
    const stored = JSON.stringify(await db.judgeCall.findMany({ where: { runId: run.id } }));
    expect(stored).toContain("As [redacted] asked");
    for (const text of [JSON.stringify(detail), bundle, stored])
      for (const form of FORMS) expect(text).not.toContain(form);
  });

  it("scrubs the key echoed in capitals, and scrubs an error before it is cut to 300 characters", async () => {
    // the key in capitals, then the key starting at character 290 of the message: a cut at 297 first
    // would keep its first 7 characters, which no scrub of runs of 8 could then find
    server.failNext(1, {
      kind: "status",
      status: 400,
      body: () => JSON.stringify({ error: { message: `BAD KEY ${KEY.toUpperCase()}` } }),
    });
    server.failNext(1, {
      kind: "status",
      status: 400,
      body: () => JSON.stringify({ error: { message: `${"x".repeat(290)}${KEY} was refused` } }),
    });
    const call = () =>
      callChatCompletions(
        { baseUrl: server.url, model: "m", apiKey: KEY },
        { messages: [{ role: "user", content: "hi" }], temperature: 0 },
        { maxAttempts: 1 },
      ).then(
        () => "answered",
        (error: Error) => error.message,
      );
    expect(await call()).toBe("the endpoint answered 400: BAD KEY [redacted]");
    const cut = await call();
    expect(cut).toBe(`the endpoint answered 400: ${"x".repeat(290)}[redact...`); // cut after the scrub
    for (const form of [...FORMS, KEY.slice(0, 7)]) expect(cut).not.toContain(form);
  });
});
