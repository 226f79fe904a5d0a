import { afterEach, describe, expect, it } from "vitest";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { CallAborted, callChatCompletions, ChatCallError, retryAfterMsOf, type ChatAttempt } from "./chat-completions";

const servers: FakeChatServer[] = [];
const start = async (options?: Parameters<typeof startFakeChatServer>[0]) => {
  const server = await startFakeChatServer(options);
  servers.push(server);
  return server;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

// long enough that a busy machine answers the attempt that is not stalled well within it
const STALL_MS = 1500;
const request = { messages: [{ role: "user" as const, content: "Passage [[label:2]]" }], temperature: 0 };
/** A sleep that records its waits instead of waiting. */
const recorder = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("the call succeeded");
    },
    (error: unknown) => {
      if (!(error instanceof ChatCallError)) throw error;
      return error;
    },
  );

describe("callChatCompletions", () => {
  it("posts the model, messages, temperature and seed with the key, and returns the reply and its usage", async () => {
    const server = await start();
    const reply = await callChatCompletions(
      { baseUrl: `${server.url}/`, model: "judge-7b", apiKey: "sk-test" },
      { ...request, seed: 7, maxTokens: 50 },
    );
    expect(reply).toMatchObject({ content: "Reasoning about the passage.\n##final score: 2", attempts: 1 });
    expect(reply.usage).toEqual({ inputTokens: 19, outputTokens: reply.content.length });
    expect(reply.latencyMs).toBeGreaterThan(0);
    expect(server.calls.map(({ receivedAt: _, ...call }) => call)).toEqual([
      {
        authorization: "Bearer sk-test",
        body: { model: "judge-7b", messages: request.messages, temperature: 0, seed: 7, max_tokens: 50 },
      },
    ]);
  });

  it("sends no authorization without a key, and reports unknown usage as null", async () => {
    const server = await start();
    server.omitUsage();
    const reply = await callChatCompletions({ baseUrl: server.url, model: "m", apiKey: null }, request);
    expect(reply.usage).toBeNull();
    expect(server.calls[0]!.authorization).toBeNull();
    expect(server.calls[0]!.body).not.toHaveProperty("seed");
  });

  it("retries 429 and 5xx with doubling waits, a longer Retry-After winning", async () => {
    const server = await start();
    server.failNext(1, { kind: "status", status: 429, retryAfter: 3 });
    server.failNext(2, { kind: "status", status: 503 });
    const { waits, sleep } = recorder();
    const reply = await callChatCompletions({ baseUrl: server.url, model: "m", apiKey: null }, request, {
      backoffMs: 100,
      sleep,
    });
    expect(reply.attempts).toBe(4);
    expect(waits).toEqual([3000, 200, 400]);
    expect(server.calls).toHaveLength(4);
  });

  it("reads Retry-After as seconds or as an HTTP date, the longer of it and the backoff winning", async () => {
    const now = Date.UTC(2026, 10, 26, 12, 0, 0);
    expect(retryAfterMsOf("6", now)).toBe(6000);
    expect(retryAfterMsOf("Thu, 26 Nov 2026 12:00:06 GMT", now)).toBe(6000);
    expect(retryAfterMsOf("Thu, 26 Nov 2026 11:59:00 GMT", now)).toBe(0); // past
    expect(retryAfterMsOf("Thu, 26 Nov 2026 13:00:00 GMT", now)).toBe(60_000); // capped at a minute
    for (const unread of [null, "", "soon", "-3", "1e3", "0x10"]) expect(retryAfterMsOf(unread, now)).toBe(0);

    const server = await start();
    // a date 6 s ahead, as the server's clock says it (HTTP dates have whole seconds: 5 to 6 s from now)
    server.failNext(1, { kind: "status", status: 429, retryAfter: new Date(Date.now() + 6000).toUTCString() });
    server.failNext(1, { kind: "status", status: 503, retryAfter: new Date(Date.now() + 1000).toUTCString() });
    const { waits, sleep } = recorder();
    const attempts: ChatAttempt[] = [];
    const reply = await callChatCompletions({ baseUrl: server.url, model: "m", apiKey: null }, request, {
      backoffMs: 2000,
      sleep,
      onAttempt: (a) => attempts.push(a),
    });
    expect(reply.attempts).toBe(3);
    expect(waits[0]).toBeGreaterThan(4000);
    expect(waits[0]).toBeLessThanOrEqual(6000);
    expect(waits[1]).toBe(4000); // the backoff, longer than a second
    // every attempt is told, the answered one with its reply and usage
    expect(attempts.map((a) => [a.httpStatus, a.reply === null, a.error])).toEqual([
      [429, true, "the endpoint answered 429: fake 429"],
      [503, true, "the endpoint answered 503: fake 503"],
      [200, false, null],
    ]);
    expect(attempts[2]!.usage).toEqual(reply.usage);
  });

  it("stops at once when its signal fires, in a wait or with a request in flight", async () => {
    const server = await start();
    server.failNext(1, { kind: "status", status: 429, retryAfter: 60 });
    const waiting = new AbortController();
    const inWait = callChatCompletions({ baseUrl: server.url, model: "m", apiKey: null }, request, {
      signal: waiting.signal,
    });
    while (server.calls.length < 1) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
    waiting.abort();
    await expect(inWait).rejects.toBeInstanceOf(CallAborted);

    server.failNext(1, { kind: "stall" });
    const flying = new AbortController();
    const inFlight = callChatCompletions({ baseUrl: server.url, model: "m", apiKey: null }, request, {
      signal: flying.signal,
    });
    while (server.calls.length < 2) await new Promise((r) => setTimeout(r, 5));
    flying.abort();
    await expect(inFlight).rejects.toBeInstanceOf(CallAborted);
  });

  it("gives up after the last attempt, and at once on an error a retry cannot mend", async () => {
    const server = await start();
    server.failNext(3, { kind: "status", status: 500 });
    const { waits, sleep } = recorder();
    const error = await failure(
      callChatCompletions({ baseUrl: server.url, model: "m", apiKey: null }, request, {
        maxAttempts: 3,
        backoffMs: 10,
        sleep,
      }),
    );
    expect(error).toMatchObject({ retryable: true, status: 500, attempts: 3 });
    expect(error.message).toBe("the endpoint answered 500: fake 500 (after 3 attempts)");
    expect(waits).toEqual([10, 20]);

    server.failNext(1, { kind: "status", status: 401 });
    const denied = await failure(
      callChatCompletions({ baseUrl: server.url, model: "m", apiKey: "bad" }, request, { sleep }),
    );
    expect(denied).toMatchObject({ retryable: false, status: 401, attempts: 1 });
    expect(server.calls).toHaveLength(4);
  });

  it("abandons a stalled call at the timeout and retries it", async () => {
    const server = await start();
    server.failNext(1, { kind: "stall" });
    const { waits, sleep } = recorder();
    const reply = await callChatCompletions({ baseUrl: server.url, model: "m", apiKey: null }, request, {
      timeoutMs: STALL_MS,
      backoffMs: 1,
      sleep,
    });
    expect(reply.attempts).toBe(2);
    expect(waits).toEqual([1]);

    server.failNext(2, { kind: "stall" });
    const error = await failure(
      callChatCompletions({ baseUrl: server.url, model: "m", apiKey: null }, request, {
        timeoutMs: STALL_MS,
        maxAttempts: 2,
        sleep,
      }),
    );
    expect(error.message).toBe("no reply within 1.5 s (after 2 attempts)");
  });

  it("never follows a redirect: the request goes only where the admin pointed it", async () => {
    const server = await start();
    const elsewhere = await start();
    server.failNext(1, { kind: "redirect", location: `${elsewhere.url}/chat/completions` });
    const error = await failure(callChatCompletions({ baseUrl: server.url, model: "m", apiKey: "sk-secret" }, request));
    expect(error).toMatchObject({ retryable: false, status: 307 });
    expect(error.message).toContain("Assay does not follow redirects");
    expect(elsewhere.calls).toHaveLength(0);
  });

  it("retries a refused connection, then says what it could not reach", async () => {
    const server = await start();
    const url = server.url;
    await server.close();
    servers.length = 0;
    const { sleep } = recorder();
    const unreachable = await failure(
      callChatCompletions({ baseUrl: url, model: "m", apiKey: null }, request, { maxAttempts: 2, sleep }),
    );
    expect(unreachable.message).toMatch(
      /^cannot reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: ECONNREFUSED \(after 2 attempts\)$/,
    );
  });

  it("never gives the key back: an error or a reply that quotes it, whole, in part or encoded, is scrubbed", async () => {
    const key = "sk-proj-4f9Qx7LmZ2vT8kWp1Rb6";
    const bearer = (authorization: string | null) => authorization!.slice("Bearer ".length);
    const server = await start({ answer: () => `Noted ${key.slice(3, 20)}. ##final score: 1` });
    const endpoint = { baseUrl: server.url, model: "m", apiKey: key };
    const echoes = [
      (a: string | null) =>
        JSON.stringify({ error: { message: `Incorrect API key provided: ${bearer(a)}.`, code: "invalid_api_key" } }),
      (a: string | null) => JSON.stringify({ error: { message: `key ${bearer(a).slice(0, 12)}*** is not valid` } }),
      (a: string | null) => JSON.stringify({ detail: `bad credentials ${Buffer.from(a!).toString("base64")}` }),
    ];
    for (const body of echoes) {
      server.failNext(1, { kind: "status", status: 401, body });
      const error = await failure(callChatCompletions(endpoint, request));
      expect(error.message).toMatch(/^the endpoint answered 401: .*\[redacted\]/);
      expect(error.message).not.toContain(key.slice(0, 8));
      expect(error.message).not.toContain(Buffer.from(`Bearer ${key}`).toString("base64").slice(12, 20));
    }
    const reply = await callChatCompletions(endpoint, request);
    expect(reply.content).toBe("Noted [redacted]. ##final score: 1");
  });

  it("quotes what a body says, never its raw bytes: an HTML page or a JSON without an error gives its type and size", async () => {
    const server = await start();
    const endpoint = { baseUrl: server.url, model: "m", apiKey: null };
    const page = "<html><body>Welcome to the admin console: secret stuff</body></html>";
    server.failNext(1, { kind: "status", status: 404, body: () => page, contentType: "text/html; charset=utf-8" });
    expect((await failure(callChatCompletions(endpoint, request))).message).toBe(
      `the endpoint answered 404: no error message (text/html, ${page.length} bytes)`,
    );
    server.failNext(1, { kind: "status", status: 400, body: () => JSON.stringify({ rows: [1, 2], token: "t0k3n" }) });
    expect((await failure(callChatCompletions(endpoint, request))).message).toBe(
      "the endpoint answered 400: a JSON object with the keys rows, token",
    );
  });
});
