import "server-only";
import http from "node:http";
import https from "node:https";
import type { ChatMessage } from "@/lib/domain/judging/render-prompt";
import type { TokenUsage } from "@/lib/domain/judging/judgment-cost";
import { addressProblem, guardedLookup } from "./endpoint-address";
import { keyRedactor } from "./redact-key";

/** Where a judge's calls go: an OpenAI-compatible server an admin registered, and its key. */
export type ChatEndpoint = { baseUrl: string; model: string; apiKey: string | null };

export type ChatRequest = {
  messages: readonly ChatMessage[];
  temperature: number;
  seed?: number | null;
  maxTokens?: number | null;
};

export type ChatReply = {
  content: string;
  usage: TokenUsage;
  /** The answered attempt's time, from sending the request to reading the whole reply. */
  latencyMs: number;
  attempts: number;
};

/** One HTTP request of a call, as it ended: what a judge run keeps of every attempt (the key scrubbed out). */
export type ChatAttempt = {
  startedAt: Date;
  latencyMs: number;
  /** The answer's HTTP status; null when none came (a timeout, a lost connection, an address refused). */
  httpStatus: number | null;
  /** The answered content (a 2xx whose body held one). */
  reply: string | null;
  error: string | null;
  usage: TokenUsage;
};

export type CallOptions = {
  timeoutMs?: number;
  maxAttempts?: number;
  /** The first retry's wait; each next one doubles it (a 429's Retry-After, when longer, wins). */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Awaited before each attempt (a judge run's shared pacing of an endpoint's requests per minute). */
  beforeAttempt?: () => Promise<void>;
  /** Told of every attempt once it ended, retried or not. */
  onAttempt?: (attempt: ChatAttempt) => void;
  /** Ends the call at once (a request in flight or a wait between attempts) with a CallAborted. */
  signal?: AbortSignal;
};

/** The call was given up because its signal fired (the worker is stopping): nothing to record. */
export class CallAborted extends Error {
  constructor() {
    super("the call was aborted");
  }
}

/** Why a call gave no reply: `retryable` ones (429, 5xx, a timeout, a lost connection) were retried until attempts ran out. */
export class ChatCallError extends Error {
  readonly retryable: boolean;
  readonly status: number | null;
  readonly attempts: number;
  /** How long a 429 or 503 asked the caller to wait (Retry-After), capped at a minute. */
  readonly retryAfterMs: number;

  constructor(
    message: string,
    {
      retryable,
      status = null,
      attempts = 1,
      retryAfterMs = 0,
    }: { retryable: boolean; status?: number | null; attempts?: number; retryAfterMs?: number },
  ) {
    super(message);
    this.retryable = retryable;
    this.status = status;
    this.attempts = attempts;
    this.retryAfterMs = retryAfterMs;
  }
}

const MAX_RETRY_AFTER_MS = 60_000;

/**
 * One chat completion from an OpenAI-compatible endpoint (vLLM, Ollama, llama.cpp's server,
 * OpenAI, OpenRouter): POST {baseUrl}/chat/completions. Never follows a redirect: a request goes
 * only where an admin pointed it. 429, 5xx, timeouts and lost connections are retried with
 * exponential backoff; any other failure is final at once. The key never comes back out: the reply
 * and every error are scrubbed of it (keyRedactor) before they leave this function, and an error
 * quotes what the endpoint's body says (its parsed error message), never its raw bytes.
 */
export async function callChatCompletions(
  endpoint: ChatEndpoint,
  request: ChatRequest,
  { timeoutMs = 120_000, maxAttempts = 5, backoffMs = 1000, sleep, beforeAttempt, onAttempt, signal }: CallOptions = {},
): Promise<ChatReply> {
  const url = `${endpoint.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const body = JSON.stringify({
    model: endpoint.model,
    messages: request.messages,
    temperature: request.temperature,
    ...(request.seed == null ? {} : { seed: request.seed }),
    ...(request.maxTokens == null ? {} : { max_tokens: request.maxTokens }),
  });
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  const redact = keyRedactor(endpoint.apiKey);
  const pause = sleep ?? ((ms: number) => wait(ms, signal));
  for (let attempt = 1; ; attempt++) {
    let retryAfterMs: number;
    if (signal?.aborted) throw new CallAborted();
    await beforeAttempt?.();
    const startedAt = new Date();
    const started = performance.now();
    const ended = (httpStatus: number | null, reply: string | null, error: string | null, usage: TokenUsage) =>
      onAttempt?.({ startedAt, latencyMs: Math.round(performance.now() - started), httpStatus, reply, error, usage });
    try {
      const reply = await attemptCall(url, headers, body, timeoutMs, signal, redact);
      const content = redact(reply.content);
      ended(reply.status, content, null, reply.usage);
      return { content, usage: reply.usage, latencyMs: reply.latencyMs, attempts: attempt };
    } catch (error) {
      if (!(error instanceof ChatCallError)) throw error;
      ended(error.status, null, redact(error.message), null);
      if (!error.retryable || attempt >= maxAttempts)
        throw new ChatCallError(redact(attempt > 1 ? `${error.message} (after ${attempt} attempts)` : error.message), {
          retryable: error.retryable,
          status: error.status,
          attempts: attempt,
        });
      retryAfterMs = error.retryAfterMs;
    }
    await pause(Math.max(backoffMs * 2 ** (attempt - 1), retryAfterMs));
  }
}

/**
 * How long a Retry-After header asks to wait (RFC 9110: delay-seconds or an HTTP-date), in ms from
 * `nowMs`, capped at a minute; 0 when absent, unreadable or past.
 */
export function retryAfterMsOf(header: string | null, nowMs: number): number {
  if (header === null || header.trim() === "") return 0;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - nowMs;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_RETRY_AFTER_MS) : 0;
}

async function attemptCall(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  redact: (text: string) => string,
): Promise<Omit<ChatReply, "attempts"> & { status: number }> {
  const started = performance.now();
  const refused = addressProblem(new URL(url).hostname);
  if (refused) throw new ChatCallError(`Assay does not call ${url}: ${refused}`, { retryable: false });
  let response: PostResponse;
  try {
    response = await post(new URL(url), headers, body, timeoutMs, signal);
  } catch (error) {
    if (error instanceof CallAborted) throw error;
    if (error instanceof CallTimeout)
      throw new ChatCallError(`no reply within ${timeoutMs / 1000} s`, { retryable: true });
    const e = error as NodeJS.ErrnoException;
    if (e.code === "EPRIVATE")
      throw new ChatCallError(`Assay does not call ${url}: ${e.message}`, { retryable: false });
    throw new ChatCallError(`cannot reach ${url}: ${e.code ?? e.message}`, { retryable: true });
  }
  const { status, location, retryAfter, contentType, text } = response;
  const latencyMs = performance.now() - started;
  if (status >= 300 && status < 400)
    throw new ChatCallError(
      `the endpoint answered ${status} with a redirect${location ? ` to ${location}` : ""}; Assay does not follow redirects (register the final URL)`,
      { retryable: false, status },
    );
  if (status < 200 || status >= 300)
    throw new ChatCallError(`the endpoint answered ${status}: ${bodySays(text, contentType, redact)}`, {
      retryable: status === 429 || status >= 500,
      status,
      retryAfterMs: retryAfterMsOf(retryAfter, Date.now()),
    });
  return { ...readCompletion(text, contentType, status, redact), latencyMs, status };
}

type PostResponse = {
  status: number;
  location: string | null;
  retryAfter: string | null;
  contentType: string | null;
  text: string;
};
class CallTimeout extends Error {}

/**
 * Connections kept open between calls, per protocol. node:http rather than fetch: a judge run makes
 * hundreds of calls a second, and fetch cost four times the CPU per call (measured on a loopback
 * server: 0.39 ms against 0.08 ms, client and server together). Neither follows a redirect here.
 */
const AGENTS = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/** One POST: the status, the headers a caller reads, and the whole body; a CallTimeout after `timeoutMs`. */
function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<PostResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
      outcome();
    };
    const abort = () => {
      settle(() => reject(new CallAborted()));
      request.destroy();
    };
    const secure = url.protocol === "https:";
    const request = (secure ? https : http).request(
      url,
      {
        method: "POST",
        agent: AGENTS[secure ? "https:" : "http:"],
        lookup: guardedLookup,
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", (error) => settle(() => reject(error)));
        response.on("end", () =>
          settle(() =>
            resolve({
              status: response.statusCode ?? 0,
              location: response.headers.location ?? null,
              retryAfter: one(response.headers["retry-after"]),
              contentType: response.headers["content-type"] ?? null,
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          ),
        );
      },
    );
    const timer = setTimeout(() => {
      settle(() => reject(new CallTimeout()));
      request.destroy();
    }, timeoutMs);
    request.on("error", (error) => settle(() => reject(error)));
    if (signal?.aborted) return abort();
    signal?.addEventListener("abort", abort);
    request.end(body);
  });
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

/** The reply's text and token usage from a chat-completions response body. */
function readCompletion(
  text: string,
  contentType: string | null,
  status: number,
  redact: (text: string) => string,
): { content: string; usage: TokenUsage } {
  const json = jsonOf(text);
  if (json === undefined)
    throw new ChatCallError(
      `the endpoint's answer is not JSON (${sizeOf(text, contentType === null ? null : redact(contentType))})`,
      {
        retryable: false,
        status,
      },
    );
  const body = json as {
    choices?: { message?: { content?: unknown } }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== "string")
    throw new ChatCallError(
      `the endpoint's answer has no choices[0].message.content: ${bodySays(text, contentType, redact)}`,
      {
        retryable: false,
        status,
      },
    );
  const input = body.usage?.prompt_tokens;
  const output = body.usage?.completion_tokens;
  const usage =
    Number.isInteger(input) && Number.isInteger(output)
      ? { inputTokens: input as number, outputTokens: output as number }
      : null;
  return { content, usage };
}

const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * What an answer's body says, for an error message: the message of a JSON error as OpenAI-compatible
 * servers send it ({"error": {"message"}}, {"error"}, {"message"} or {"detail"}), or the keys of
 * another JSON object; otherwise only its type and size. Never the raw bytes: an endpoint URL that
 * points at some other service must not turn Assay into a reader of that service's pages. What it
 * quotes is scrubbed of the key before it is cut (a cut could leave a key's first characters).
 */
function bodySays(text: string, contentType: string | null, redact: (text: string) => string): string {
  const json = jsonOf(text);
  if (json !== null && typeof json === "object" && !Array.isArray(json)) {
    const o = json as Record<string, unknown>;
    const error = o.error;
    const said =
      error !== null && typeof error === "object"
        ? (error as Record<string, unknown>).message
        : (error ?? o.message ?? o.detail);
    if (typeof said === "string" && said.trim()) return clip(redact(said.trim()));
    const keys = Object.keys(o);
    return `a JSON object with ${keys.length ? `the keys ${clip(redact(keys.join(", ")))}` : "no keys"}`;
  }
  return `no error message (${sizeOf(text, contentType === null ? null : redact(contentType))})`;
}

const sizeOf = (text: string, contentType: string | null) =>
  `${contentType ? `${clip(contentType.split(";")[0]!.trim())}, ` : ""}${Buffer.byteLength(text).toLocaleString("en-US")} bytes`;

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);
/** Waits `ms`, or until `signal` fires (then a CallAborted). */
const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new CallAborted());
    const done = () => {
      signal?.removeEventListener("abort", aborted);
      resolve();
    };
    const aborted = () => {
      clearTimeout(timer);
      reject(new CallAborted());
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", aborted, { once: true });
  });
