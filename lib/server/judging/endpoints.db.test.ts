// Judge endpoints: what an admin registers, where the key is kept, and that it never comes back.
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { checkEndpoint } from "./check-endpoint";
import { createEndpoint } from "./create-endpoint";
import { deleteEndpoint } from "./delete-endpoint";
import { listEndpoints } from "./list-endpoints";
import { updateEndpoint } from "./update-endpoint";

const KEY = "sk-test-do-not-leak-4f2a";
const env = { encryption: process.env.ASSAY_ENCRYPTION_KEY, variable: process.env.ASSAY_JUDGE_KEY_TEST };
let server: FakeChatServer;

beforeAll(async () => {
  server = await startFakeChatServer({ answer: () => "OK" });
  process.env.ASSAY_ENCRYPTION_KEY = crypto.randomBytes(32).toString("base64");
});
afterEach(() => {
  delete process.env.ASSAY_JUDGE_KEY_TEST;
});
afterAll(async () => {
  process.env.ASSAY_ENCRYPTION_KEY = env.encryption;
  if (env.variable !== undefined) process.env.ASSAY_JUDGE_KEY_TEST = env.variable;
  await server.close();
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
      apiKey: { source: "env", variable: "ASSAY_JUDGE_KEY_TEST" },
    });
    expect(created.apiKey).toEqual({ source: "env", variable: "ASSAY_JUDGE_KEY_TEST", present: false });
    expect(created).toMatchObject({ concurrency: 4, requestsPerMinute: null, inputPricePerMillion: null });
    const check = await checkEndpoint(created.id);
    expect(check).toEqual({
      ok: false,
      latencyMs: null,
      reply: null,
      error: `${created.name}'s key is read from ASSAY_JUDGE_KEY_TEST, which is not set on this server`,
    });
    process.env.ASSAY_JUDGE_KEY_TEST = "from-the-environment";
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
    expect(await deleteEndpoint(created.id)).toEqual({ deleted: created.id, failedRuns: [] });
    expect((await listEndpoints()).some((e) => e.id === created.id)).toBe(false);
    expect(await refusal(deleteEndpoint(created.id))).toBe("not_found: No such endpoint");
    expect(await refusal(checkEndpoint(created.id))).toBe("not_found: No such endpoint");
  });

  it("send only judge key variables: never the server's secrets nor any other variable, not even from an older row", async () => {
    const made = server.calls.length;
    for (const variable of ["NEXTAUTH_SECRET", "ASSAY_ENCRYPTION_KEY", "DATABASE_URL", "HOME", "OPENAI_API_KEY"])
      expect(
        await refusal(
          createEndpoint({ name: named("env"), baseUrl: server.url, model: "m", apiKey: { source: "env", variable } }),
        ),
      ).toMatch(
        new RegExp(`^invalid: apiKey.variable: ${variable} is (one of Assay's own secrets|not a judge key variable)`),
      );
    // an endpoint registered before the rule, reading the session secret: no call is made with it
    const db = await getDb();
    const old = await db.judgeEndpoint.create({
      data: { name: named("old"), baseUrl: server.url, model: "m", apiKeyEnv: "NEXTAUTH_SECRET" },
    });
    process.env.NEXTAUTH_SECRET ??= "a-secret-that-must-stay-here";
    expect((await checkEndpoint(old.id)).error).toBe(
      `${old.name}'s key is not read: NEXTAUTH_SECRET is one of Assay's own secrets, never a judge key`,
    );
    expect((await listEndpoints()).find((e) => e.id === old.id)!.apiKey).toMatchObject({ present: false });
    expect(server.calls.length).toBe(made);

    // a prefix the admin lists when starting the server
    process.env.ASSAY_JUDGE_KEY_PREFIXES = "OPENAI_API_KEY, OPENROUTER_";
    process.env.OPENAI_API_KEY = "sk-from-a-listed-prefix";
    try {
      const listed = await createEndpoint({
        name: named("listed"),
        baseUrl: server.url,
        model: "m",
        apiKey: { source: "env", variable: "OPENAI_API_KEY" },
      });
      expect((await checkEndpoint(listed.id)).ok).toBe(true);
      expect(server.calls.at(-1)!.authorization).toBe("Bearer sk-from-a-listed-prefix");
      process.env.ASSAY_JUDGE_KEY_PREFIXES = "NEXTAUTH_";
      expect(
        await refusal(
          createEndpoint({
            name: named("env"),
            baseUrl: server.url,
            model: "m",
            apiKey: { source: "env", variable: "NEXTAUTH_SECRET" },
          }),
        ),
      ).toContain("NEXTAUTH_SECRET is one of Assay's own secrets");
    } finally {
      delete process.env.ASSAY_JUDGE_KEY_PREFIXES;
      delete process.env.OPENAI_API_KEY;
    }
  });

  it("send a variable's key only to the origins the operator bound it to (ASSAY_JUDGE_ORIGINS), or to loopback", async () => {
    process.env.ASSAY_JUDGE_KEY_TEST = KEY;
    const env = { source: "env" as const, variable: "ASSAY_JUDGE_KEY_TEST" };
    const at = (baseUrl: string, apiKey: Parameters<typeof createEndpoint>[0]["apiKey"] = env) =>
      createEndpoint({ name: named("bound"), baseUrl, model: "m", apiKey });
    try {
      // unbound: this machine's servers only
      expect(await refusal(at("https://api.openai.com/v1"))).toBe(
        "invalid: apiKey.variable: ASSAY_JUDGE_KEY_TEST is bound to no origin, so its key goes to this machine's own servers only: bind it with ASSAY_JUDGE_ORIGINS=ASSAY_JUDGE_KEY_TEST=https://api.openai.com when starting the server to send it to https://api.openai.com",
      );
      expect(await refusal(at(server.url))).toBeNull();
      expect(await refusal(at("http://localhost:11434/v1"))).toBeNull();
      // bound: there and nowhere else, whatever its path
      process.env.ASSAY_JUDGE_ORIGINS =
        "ASSAY_JUDGE_KEY_TEST=https://api.openai.com, ASSAY_JUDGE_KEY_OTHER=https://openrouter.ai";
      const openai = await at("https://api.openai.com/v1");
      expect(await refusal(at("https://attacker.example/v1"))).toBe(
        "invalid: apiKey.variable: ASSAY_JUDGE_KEY_TEST may be sent to https://api.openai.com only (ASSAY_JUDGE_ORIGINS), not to https://attacker.example",
      );
      expect(
        await refusal(updateEndpoint(openai.id, { baseUrl: "https://openrouter.ai/api/v1", apiKey: env })),
      ).toMatch(/^invalid: apiKey.variable: ASSAY_JUDGE_KEY_TEST may be sent to https:\/\/api.openai.com only/);
      // a key the admin typed is theirs to send anywhere
      expect(await refusal(at("https://attacker.example/v1", { source: "stored", value: "sk-typed" }))).toBeNull();
      // the binding is read at each use: taken away, the key is not sent (no call is made)
      delete process.env.ASSAY_JUDGE_ORIGINS;
      const made = server.calls.length;
      expect((await checkEndpoint(openai.id)).error).toBe(
        `${openai.name}'s key is not read: ASSAY_JUDGE_KEY_TEST is bound to no origin, so its key goes to this machine's own servers only: bind it with ASSAY_JUDGE_ORIGINS=ASSAY_JUDGE_KEY_TEST=https://api.openai.com when starting the server to send it to https://api.openai.com`,
      );
      expect(server.calls.length).toBe(made);
      // the setting itself is never a key
      expect(await refusal(at(server.url, { source: "env", variable: "ASSAY_JUDGE_KEY_PREFIXES" }))).toContain(
        "ASSAY_JUDGE_KEY_PREFIXES is one of Assay's own secrets",
      );
    } finally {
      delete process.env.ASSAY_JUDGE_ORIGINS;
    }
  });

  it("need the key again when the base URL moves to another server, and keep it on the same one", async () => {
    const created = await createEndpoint({
      name: named("move"),
      baseUrl: server.url,
      model: "m",
      apiKey: { source: "stored", value: KEY },
    });
    const elsewhere = await startFakeChatServer({ answer: () => "OK" });
    try {
      expect(await refusal(updateEndpoint(created.id, { baseUrl: elsewhere.url }))).toBe(
        `invalid: apiKey: ${new URL(elsewhere.url).origin} is another server than ${new URL(server.url).origin}: give the key for it again (a kept key never goes to a new server)`,
      );
      // the same server, another path: the key stays
      await updateEndpoint(created.id, { baseUrl: `${server.url}/` });
      await checkEndpoint(created.id);
      expect(server.calls.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
      await updateEndpoint(created.id, { baseUrl: elsewhere.url, apiKey: { source: "stored", value: "sk-other" } });
      await checkEndpoint(created.id);
      expect(elsewhere.calls.map((c) => c.authorization)).toEqual(["Bearer sk-other"]);
    } finally {
      await elsewhere.close();
    }
  });

  it("refuse a fragment and, unless the server allows them, private networks; loopback stays allowed", async () => {
    const bad = (baseUrl: string) =>
      refusal(createEndpoint({ name: named("url"), baseUrl, model: "m", apiKey: { source: "none" } }));
    expect(await bad(`${server.url}/studies#`)).toContain("baseUrl: an http:// or https:// URL");
    expect(await bad(`${server.url}?`)).toContain("baseUrl: an http:// or https:// URL");
    for (const host of ["10.1.2.3", "192.168.0.7", "169.254.169.254", "172.20.0.1", "[fd00::1]", "[::ffff:10.0.0.1]"])
      expect(await bad(`http://${host}:8000/v1`)).toMatch(
        /^invalid: baseUrl: .* is an address of a private network, which judge calls reach only when the server is started with ASSAY_JUDGE_ALLOW_PRIVATE_NETWORKS=1$/,
      );
    expect(await bad("http://127.0.0.2:8000/v1")).toBeNull();
    expect(await bad("http://[::1]:8000/v1")).toBeNull();
    process.env.ASSAY_JUDGE_ALLOW_PRIVATE_NETWORKS = "1";
    try {
      expect(await bad("http://10.1.2.3:8000/v1")).toBeNull();
    } finally {
      delete process.env.ASSAY_JUDGE_ALLOW_PRIVATE_NETWORKS;
    }
  });

  it("scrub the key from what Check shows, however the endpoint echoes it", async () => {
    const created = await createEndpoint({
      name: named("echo"),
      baseUrl: server.url,
      model: "m",
      apiKey: { source: "stored", value: KEY },
    });
    server.failNext(1, {
      kind: "status",
      status: 401,
      body: (authorization) =>
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${authorization!.slice(7)}; also ${KEY.slice(0, 10)}... and ${Buffer.from(KEY).toString("base64")}`,
          },
        }),
    });
    const check = await checkEndpoint(created.id);
    expect(check.error).toBe(
      "the endpoint answered 401: Incorrect API key provided: [redacted]; also [redacted]... and [redacted]",
    );
  });
});
