// A local OpenAI-compatible chat-completions server for tests (no real model runs on these
// machines). It answers from the prompt: a marker "[[label:X]]" in it gives "##final score: X"
// (or the reply `answer` builds), and it can be told to fail, stall, garble, break or redirect the next
// calls. It counts every call and keeps each request's body and authorization header.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeCall = {
  body: { model: string; messages: { role: string; content: string }[]; [k: string]: unknown };
  authorization: string | null;
  /** When the request arrived (ms since the epoch). */
  receivedAt: number;
};
type Fault =
  | {
      kind: "status";
      status: number;
      /** Retry-After: seconds, or an HTTP date. */
      retryAfter?: number | string;
      /** The body, from the request's authorization header (by default a JSON error "fake <status>"). */
      body?: (authorization: string | null) => string;
      contentType?: string;
    }
  | { kind: "stall" }
  | { kind: "garble" }
  /** A 200 whose body is cut off (not JSON): the endpoint may have billed for it. */
  | { kind: "broken" }
  | { kind: "redirect"; location: string };

export type FakeChatServer = {
  url: string;
  calls: FakeCall[];
  /** The most requests it was answering at once. */
  maxInFlight(): number;
  /** The next `times` calls get `fault` instead of an answer. */
  failNext(times: number, fault: Fault): void;
  /** Replies without token usage from now on. */
  omitUsage(omit?: boolean): void;
  /**
   * Holds the answers to calls whose prompt contains `marker` (however long the delay) until the
   * returned function is called: a test decides when they end, not the clock.
   */
  hold(marker: string): () => void;
  close(): Promise<void>;
};

/** Answers with a fault that replaces the reply (an HTTP status, a redirect, a cut body); false for the others. */
function answeredWithFault(res: http.ServerResponse, fault: Fault, authorization: string | null): boolean {
  if (fault.kind === "status") {
    res.writeHead(fault.status, {
      "content-type": fault.contentType ?? "application/json",
      ...(fault.retryAfter === undefined ? {} : { "retry-after": String(fault.retryAfter) }),
    });
    res.end(fault.body?.(authorization) ?? JSON.stringify({ error: { message: `fake ${fault.status}` } }));
    return true;
  }
  if (fault.kind === "redirect") {
    res.writeHead(307, { location: fault.location }).end();
    return true;
  }
  if (fault.kind === "broken") {
    res.writeHead(200, { "content-type": "application/json" }).end('{"id": "fake", "choices": [{"mess');
    return true;
  }
  return false;
}

/** A chat completion as OpenAI's API answers it, with token counts (the texts' lengths) unless left out. */
function completion(id: string, model: string, prompt: string, content: string, withUsage: boolean) {
  return {
    id,
    object: "chat.completion",
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    ...(withUsage
      ? {
          usage: {
            prompt_tokens: prompt.length,
            completion_tokens: content.length,
            total_tokens: prompt.length + content.length,
          },
        }
      : {}),
  };
}

/**
 * Calls `settle` once, when the answer is handed to the socket or the response closes: a call is
 * in flight until then (not until the close event alone, which can come after the client has
 * already sent its next call).
 */
function onAnswered(res: http.ServerResponse, settle: () => void) {
  let counted = false;
  const once = () => {
    if (!counted) settle();
    counted = true;
  };
  res.on("close", once);
  const end = res.end.bind(res);
  res.end = ((...args: Parameters<typeof res.end>) => {
    once();
    return end(...args);
  }) as typeof res.end;
}

/** A request's body as text. */
async function bodyOf(req: http.IncomingMessage): Promise<string> {
  let raw = "";
  for await (const chunk of req) raw += (chunk as Buffer).toString("utf8");
  return raw;
}

const markerLabel = (prompt: string) => /\[\[label:([^\]]+)\]\]/.exec(prompt)?.[1] ?? null;

export async function startFakeChatServer({
  answer = (prompt: string) => `Reasoning about the passage.\n##final score: ${markerLabel(prompt) ?? "0"}`,
  delayMs = 0,
}: { answer?: (prompt: string) => string; delayMs?: number } = {}): Promise<FakeChatServer> {
  const calls: FakeCall[] = [];
  const faults: Fault[] = [];
  let withUsage = true;
  let inFlight = 0;
  let answered = 0;
  let serverMs = 0;
  let maxInFlight = 0;
  const stalled = new Set<http.ServerResponse>();
  const holds = new Map<string, (() => void)[]>(); // marker -> the answers it holds
  const server = http.createServer(function answerRequest(req, res) {
    const arrived = performance.now();
    void bodyOf(req).then((raw) => {
      if (req.method === "GET" && req.url?.endsWith("/stats")) {
        // for the benchmark in its own process: the calls it received and answered, and how long it held the answered ones
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ received: calls.length, answered, meanServerMs: answered ? serverMs / answered : null }),
        );
        return;
      }
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404).end("not found");
        return;
      }
      const body = JSON.parse(raw) as FakeCall["body"];
      calls.push({ body, authorization: req.headers.authorization ?? null, receivedAt: Date.now() });
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      onAnswered(res, () => inFlight--);
      const fault = faults.shift();
      if (fault?.kind === "stall") {
        stalled.add(res);
        return;
      }
      if (fault && answeredWithFault(res, fault, req.headers.authorization ?? null)) return;
      const prompt = body.messages.map((m) => m.content).join("\n");
      const content = fault?.kind === "garble" ? "I would rather not say." : answer(prompt);
      const reply = completion(`fake-${calls.length}`, body.model, prompt, content, withUsage);
      const send = () => {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
        answered++;
        serverMs += performance.now() - arrived;
      };
      const held = [...holds.entries()].find(([marker]) => prompt.includes(marker));
      if (held) held[1].push(send);
      else if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    maxInFlight: () => maxInFlight,
    failNext(times, fault) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    omitUsage(omit = true) {
      withUsage = !omit;
    },
    hold(marker) {
      holds.set(marker, []);
      return () => {
        const answers = holds.get(marker) ?? [];
        holds.delete(marker);
        for (const send of answers) send();
      };
    },
    close() {
      for (const res of stalled) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
