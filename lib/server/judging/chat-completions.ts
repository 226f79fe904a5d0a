import "server-only";
import http from "node:http";
import https from "node:https";
import type { ChatMessage } from "@/lib/domain/judging/render-prompt";
import type { TokenUsage } from "@/lib/domain/judging/judgment-cost";

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

export type CallOptions = {
  timeoutMs?: number;
  maxAttempts?: number;
  /** The first retry's wait; each next one doubles it (a 429's Retry-After, when longer, wins). */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Awaited before each attempt (a judge run's shared pacing of an endpoint's requests per minute). */
  beforeAttempt?: () => Promise<void>;
};

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
 * exponential backoff; any other failure is final at once.
 */
export async function callChatCompletions(
  endpoint: ChatEndpoint,
  request: ChatRequest,
  { timeoutMs = 120_000, maxAttempts = 5, backoffMs = 1000, sleep = wait, beforeAttempt }: CallOptions = {},
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
  for (let attempt = 1; ; attempt++) {
    let retryAfterMs: number;
    try {
      await beforeAttempt?.();
      const reply = await attemptCall(url, headers, body, timeoutMs);
      return { ...reply, attempts: attempt };
    } catch (error) {
      if (!(error instanceof ChatCallError)) throw error;
      if (!error.retryable || attempt >= maxAttempts)
        throw new ChatCallError(attempt > 1 ? `${error.message} (after ${attempt} attempts)` : error.message, {
          retryable: error.retryable,
          status: error.status,
          attempts: attempt,
        });
      retryAfterMs = error.retryAfterMs;
    }
    await sleep(Math.max(backoffMs * 2 ** (attempt - 1), retryAfterMs));
  }
}

async function attemptCall(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Omit<ChatReply, "attempts">> {
  const started = performance.now();
  let response: PostResponse;
  try {
    response = await post(new URL(url), headers, body, timeoutMs);
  } catch (error) {
    if (error instanceof CallTimeout)
      throw new ChatCallError(`no reply within ${timeoutMs / 1000} s`, { retryable: true });
    const e = error as NodeJS.ErrnoException;
    throw new ChatCallError(`cannot reach ${url}: ${e.code ?? e.message}`, { retryable: true });
  }
  const { status, location, retryAfter, text } = response;
  const latencyMs = performance.now() - started;
  if (status >= 300 && status < 400)
    throw new ChatCallError(
      `the endpoint answered ${status} with a redirect${location ? ` to ${location}` : ""}; Assay does not follow redirects (register the final URL)`,
      { retryable: false, status },
    );
  if (status < 200 || status >= 300) {
    const seconds = Number(retryAfter);
    throw new ChatCallError(`the endpoint answered ${status}: ${clip(text)}`, {
      retryable: status === 429 || status >= 500,
      status,
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : 0,
    });
  }
  return { ...readCompletion(text), latencyMs };
}

type PostResponse = { status: number; location: string | null; retryAfter: string | null; text: string };
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
function post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<PostResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const secure = url.protocol === "https:";
    const request = (secure ? https : http).request(
      url,
      {
        method: "POST",
        agent: AGENTS[secure ? "https:" : "http:"],
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
    request.end(body);
  });
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));

/** The reply's text and token usage from a chat-completions response body. */
function readCompletion(text: string): { content: string; usage: TokenUsage } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ChatCallError(`the endpoint's answer is not JSON: ${clip(text)}`, { retryable: false });
  }
  const body = json as {
    choices?: { message?: { content?: unknown } }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== "string")
    throw new ChatCallError(`the endpoint's answer has no choices[0].message.content: ${clip(text)}`, {
      retryable: false,
    });
  const input = body.usage?.prompt_tokens;
  const output = body.usage?.completion_tokens;
  const usage =
    Number.isInteger(input) && Number.isInteger(output)
      ? { inputTokens: input as number, outputTokens: output as number }
      : null;
  return { content, usage };
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
