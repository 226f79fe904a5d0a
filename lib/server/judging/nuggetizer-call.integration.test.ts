// A nuggetizer call against the local fake chat server: each request one attempt of the call, the
// result its reply, and a call stopped between two requests (paused, cancelled) given back whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinTemplate } from "@/lib/domain/judging/builtin-templates";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { makeChainCall, prepareChain } from "./nuggetizer-call";

let server: FakeChatServer;
beforeAll(async () => {
  // the creator adds the window's passages to the list, as strings
  server = await startFakeChatServer({
    answer: (prompt) => {
      const before = /Initial Nugget List: \[(.*)\]\n/.exec(prompt)![1]!;
      const added = [...prompt.matchAll(/^\[\d+\] (.*)$/gm)].map((m) => `'${m[1]}'`);
      return `[${[before, ...added].filter(Boolean).join(", ")}]`;
    },
  });
});
afterAll(() => server.close());

const run = {
  template: builtinTemplate("nuggetizer-create")!,
  templateVersion: "v1",
  temperature: 0,
  seed: null,
  nuggetizer: { level: 2, windowSize: 1, maxNuggets: 30, maxTries: 5, passages: {} },
};
const call = {
  id: 1,
  runId: 1,
  targetKey: "q:1",
  queryId: 1,
  nuggetId: null,
  documentId: null,
  responseAId: null,
  responseBId: null,
  swapped: false,
};
const texts = {
  question: "Q?",
  answer: null,
  nugget: null,
  title: null,
  chunk: null,
  answerA: null,
  answerB: null,
  sentence: null,
  nuggets: [],
};

describe("a nuggetizer call", () => {
  it("asks once a window, keeps each request as an attempt, and replies with its result", async () => {
    const endpoint = { baseUrl: server.url, model: "m", apiKey: null, inputPerMillion: 1, outputPerMillion: 2 };
    const prepared = prepareChain(call, texts, endpoint, run, ["a", "b", "c"]);
    if (!("chain" in prepared)) throw new Error("not a chain");
    const before = server.calls.length;
    const outcome = await makeChainCall(prepared, endpoint, run, { backoffMs: 1, timeoutMs: 2000 });
    expect(server.calls.length - before).toBe(3);
    expect(outcome).toMatchObject({ status: "done", reply: '["a","b","c"]', levels: ["a", "b", "c"], error: null });
    expect(outcome!.attempts.map((a) => a.reply)).toEqual(["['a']", "['a', 'b']", "['a', 'b', 'c']"]);
    expect(outcome!.inputTokens).toBe(outcome!.attempts.reduce((n, a) => n + a.inputTokens!, 0));
  });

  it("gives the call back when its run is no longer wanted between two requests", async () => {
    const endpoint = { baseUrl: server.url, model: "m", apiKey: null, inputPerMillion: null, outputPerMillion: null };
    const prepared = prepareChain(call, texts, endpoint, run, ["a", "b", "c"]);
    if (!("chain" in prepared)) throw new Error("not a chain");
    const before = server.calls.length;
    let asked = 0;
    const outcome = await makeChainCall(prepared, endpoint, run, { backoffMs: 1, timeoutMs: 2000 }, () => asked++ < 2);
    expect(outcome).toBeNull();
    expect(server.calls.length - before).toBe(2);
  });
});
