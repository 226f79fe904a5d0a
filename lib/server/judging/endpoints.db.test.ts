// Judge endpoints: what an admin registers, where the key is kept, and that it never comes back.
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { checkEndpoint } from "./check-endpoint";
import { createEndpoint } from "./create-endpoint";
import { deleteEndpoint } from "./delete-endpoint";
import { listEndpoints } from "./list-endpoints";
import { updateEndpoint } from "./update-endpoint";

const KEY = "sk-test-do-not-leak-4f2a";
const env = { encryption: process.env.ASSAY_ENCRYPTION_KEY, variable: process.env.ASSAY_TEST_JUDGE_KEY };
let server: FakeChatServer;

beforeAll(async () => {
  server = await startFakeChatServer({ answer: () => "OK" });
  process.env.ASSAY_ENCRYPTION_KEY = crypto.randomBytes(32).toString("base64");
});
afterEach(() => {
  delete process.env.ASSAY_TEST_JUDGE_KEY;
});
afterAll(async () => {
  process.env.ASSAY_ENCRYPTION_KEY = env.encryption;
  if (env.variable !== undefined) process.env.ASSAY_TEST_JUDGE_KEY = env.variable;
  await server.close();
  await closeDb();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.code}: ${e.message}` : String(e)),
  );
const named = (prefix: string) => `${prefix}-${unique()}`;

describe("judge endpoints", () => {
  it("keep a stored key sealed, send it on a call, and never show it", async () => {
    const name = named("stored");
    const created = await createEndpoint({
      name,
      baseUrl: server.url,
      model: "judge-7b",
      apiKey: { source: "stored", value: KEY },
      inputPricePerMillion: 0.15,
      outputPricePerMillion: 0.6,
      concurrency: 16,
      requestsPerMinute: 600,
    });
    expect(created).toMatchObject({
      name,
      baseUrl: server.url,
      model: "judge-7b",
      apiKey: { source: "stored" },
      inputPricePerMillion: 0.15,
      outputPricePerMillion: 0.6,
      concurrency: 16,
      requestsPerMinute: 600,
    });
    const row = await (await getDb()).judgeEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.apiKeySealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(JSON.stringify(await listEndpoints())).not.toContain(KEY);

    const calls = server.calls.length;
    expect(await checkEndpoint(created.id)).toMatchObject({ ok: true, reply: "OK", error: null });
    expect(server.calls.slice(calls)).toEqual([
      expect.objectContaining({ authorization: `Bearer ${KEY}`, body: expect.objectContaining({ model: "judge-7b" }) }),
    ]);
  });

  it("read a key named as a server variable when a call is made, and say when it is not set", async () => {
    const created = await createEndpoint({
      name: named("env"),
      baseUrl: server.url,
      model: "m",
      apiKey: { source: "env", variable: "ASSAY_TEST_JUDGE_KEY" },
    });
    expect(created.apiKey).toEqual({ source: "env", variable: "ASSAY_TEST_JUDGE_KEY", present: false });
    expect(created).toMatchObject({ concurrency: 4, requestsPerMinute: null, inputPricePerMillion: null });
    const check = await checkEndpoint(created.id);
    expect(check).toEqual({
      ok: false,
      latencyMs: null,
      reply: null,
      error: `${created.name}'s key is read from ASSAY_TEST_JUDGE_KEY, which is not set on this server`,
    });
    process.env.ASSAY_TEST_JUDGE_KEY = "from-the-environment";
    expect((await listEndpoints()).find((e) => e.id === created.id)!.apiKey).toMatchObject({ present: true });
    expect((await checkEndpoint(created.id)).ok).toBe(true);
    expect(server.calls.at(-1)!.authorization).toBe("Bearer from-the-environment");
  });

  it("change fields and keep the key unless a new one is given; a key made for another encryption key says so", async () => {
    const created = await createEndpoint({
      name: named("change"),
      baseUrl: server.url,
      model: "m",
      apiKey: { source: "stored", value: KEY },
    });
    const changed = await updateEndpoint(created.id, { model: "m2", requestsPerMinute: 60 });
    expect(changed).toMatchObject({ model: "m2", requestsPerMinute: 60, apiKey: { source: "stored" } });
    await checkEndpoint(created.id);
    expect(server.calls.at(-1)).toMatchObject({ authorization: `Bearer ${KEY}`, body: { model: "m2" } });

    const rotated = process.env.ASSAY_ENCRYPTION_KEY;
    process.env.ASSAY_ENCRYPTION_KEY = crypto.randomBytes(32).toString("hex");
    expect((await checkEndpoint(created.id)).error).toContain("cannot be opened with this ASSAY_ENCRYPTION_KEY");
    process.env.ASSAY_ENCRYPTION_KEY = rotated;

    expect((await updateEndpoint(created.id, { apiKey: { source: "none" } })).apiKey).toEqual({ source: "none" });
    await checkEndpoint(created.id);
    expect(server.calls.at(-1)!.authorization).toBeNull();
    expect(
      (await (await getDb()).judgeEndpoint.findUniqueOrThrow({ where: { id: created.id } })).apiKeySealed,
    ).toBeNull();
  });

  it("refuse what cannot be registered, and change nothing", async () => {
    const db = await getDb();
    const before = await db.judgeEndpoint.count();
    const name = named("dup");
    await createEndpoint({ name, baseUrl: server.url, model: "m", apiKey: { source: "none" } });
    expect(await refusal(createEndpoint({ name, baseUrl: server.url, model: "m", apiKey: { source: "none" } }))).toBe(
      `conflict: name: an endpoint named ${name} exists`,
    );
    const bad = (fields: object) =>
      refusal(
        createEndpoint({ name: named("bad"), baseUrl: server.url, model: "m", apiKey: { source: "none" }, ...fields }),
      );
    expect(await bad({ baseUrl: "ftp://example.org/v1" })).toContain("baseUrl: an http:// or https:// URL");
    expect(await bad({ baseUrl: "https://user:pw@example.org/v1" })).toContain("baseUrl: an http:// or https:// URL");
    expect(await bad({ apiKey: { source: "env", variable: "NOT A NAME" } })).toContain("apiKey.variable");
    expect(await bad({ concurrency: 0 })).toContain("concurrency: at least one call at a time");
    expect(await bad({ inputPricePerMillion: -1 })).toContain("inputPricePerMillion: a price is not negative");
    const encryption = process.env.ASSAY_ENCRYPTION_KEY;
    delete process.env.ASSAY_ENCRYPTION_KEY;
    expect(await bad({ apiKey: { source: "stored", value: KEY } })).toContain(
      "invalid: apiKey: this server cannot store keys (ASSAY_ENCRYPTION_KEY is not set)",
    );
    process.env.ASSAY_ENCRYPTION_KEY = encryption;
    expect(await refusal(updateEndpoint(0, { model: "x" }))).toBe("not_found: No such endpoint");
    expect(await refusal(updateEndpoint(1, {}))).toContain("change at least one field");
    expect(await db.judgeEndpoint.count()).toBe(before + 1);
  });

  it("are removed with their key", async () => {
    const created = await createEndpoint({
      name: named("gone"),
      baseUrl: server.url,
      model: "m",
      apiKey: { source: "none" },
    });
    expect(await deleteEndpoint(created.id)).toEqual({ deleted: created.id });
    expect((await listEndpoints()).some((e) => e.id === created.id)).toBe(false);
    expect(await refusal(deleteEndpoint(created.id))).toBe("not_found: No such endpoint");
    expect(await refusal(checkEndpoint(created.id))).toBe("not_found: No such endpoint");
  });
});
