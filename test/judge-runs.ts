// What DB tests of LLM judge runs share: an endpoint registered for a local fake chat server, and
// a run worked to its end in this process.
import { createEndpoint } from "@/lib/server/judging/create-endpoint";
import { startJudgeWorker } from "@/lib/server/judging/judge-worker";
import { unique } from "./db-tier";

/** Registers an endpoint (no key, no prices) that calls `url`; returns its unique name. */
export async function fakeEndpoint(url: string, model: string, concurrency = 2): Promise<string> {
  const name = `fake-${model}-${unique()}`;
  await createEndpoint({
    name,
    baseUrl: url,
    model,
    apiKey: { source: "none" },
    inputPricePerMillion: null,
    outputPricePerMillion: null,
    concurrency,
    requestsPerMinute: null,
  });
  return name;
}

/** Works one run in this process until it has nothing left, then stops the worker. */
export async function runToEnd(runId: number): Promise<void> {
  const worker = startJudgeWorker({ pollMs: 20, call: { backoffMs: 1, timeoutMs: 2000 }, runIds: [runId] });
  await worker.idle();
  await worker.stop();
}
