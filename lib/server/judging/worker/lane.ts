import "server-only";
import {
  cachedReplies,
  callTexts,
  claimCalls,
  releaseCalls,
  releaseEndpointSlot,
  reserveCallStart,
  type CallOutcome,
  type ClaimedCall,
} from "../../db/judge-calls";
import { documentTexts } from "../../db/nugget-sets";
import { withLeaseTransaction } from "../../db/transactions";
import { makeCall, outcomeWithoutCall, prepareCall, type PreparedCall } from "../judge-call";
import { makeChainCall, prepareChain } from "../nuggetizer-call";
import type { CallOptions } from "../chat-completions";
import { nextTurn } from "../../next-turn";
import { runsOf, type ActiveRun, type Endpoint, type WorkerContext } from "./context";

/** A lane's claimed calls, ready to be made: their prompts rendered and the cached replies looked up. */
type Batch = { run: ActiveRun; prepared: PreparedCall[]; cache: Map<string, { reply: string }> };

/**
 * One call at a time through one endpoint slot, each outcome stored before the next call, until
 * nothing is left to claim, the worker stops or the slot is lost; the slot is given back at the end.
 * `left` counts each run's claimable calls (it sizes the batches).
 */
export async function lane(
  ctx: WorkerContext,
  endpoint: Endpoint,
  slot: number,
  slots: Set<number>,
  left: Map<number, number>,
): Promise<void> {
  const pace = paceOf(endpoint);
  let turn = slot;
  try {
    while (!ctx.stopping && slots.has(slot)) {
      await nextTurn();
      const batch = await claimBatch(ctx, endpoint, turn++, left);
      if (!batch) break;
      const { run, prepared, cache } = batch;
      for (const [i, p] of prepared.entries()) {
        const outcome =
          ctx.stopping || !ctx.runs.has(run.id) || !slots.has(slot)
            ? null
            : (outcomeWithoutCall(p, "cacheKey" in p ? cache.get(p.cacheKey) : undefined, run, new Date()) ??
              (await made(
                p,
                { ...endpoint, baseUrl: run.baseUrl, model: run.model },
                run,
                { ...ctx.options.call, beforeAttempt: pace, signal: ctx.halt.signal },
                () => !ctx.stopping && ctx.runs.has(run.id) && slots.has(slot),
              )));
        if (!outcome) {
          // stopping, paused, or the slot lost: the calls not made go back to the run
          await giveBack(
            ctx,
            prepared.slice(i).map((q) => q.call.id),
          );
          break;
        }
        await ctx.writer.add(outcome, run, { ...p.call, nuggetIds: p.nuggetIds });
        ctx.heldCalls.delete(outcome.id);
      }
    }
  } finally {
    await withLeaseTransaction((tx) => releaseEndpointSlot(tx, endpoint.id, slot, ctx.holder)).catch(() => {});
    slots.delete(slot);
  }
}

/**
 * Makes a prepared call: one request, or a nuggetizer call's chain of windows, which asks `wanted`
 * before each request (outcomeWithoutCall has answered the others).
 */
function made(
  p: PreparedCall,
  endpoint: Endpoint,
  run: ActiveRun,
  options: CallOptions,
  wanted: () => boolean,
): Promise<CallOutcome | null> {
  if ("chain" in p) return makeChainCall(p, endpoint, run, options, wanted);
  if ("messages" in p) return makeCall(p, endpoint, run, options);
  throw new Error(`call ${p.call.id} cannot be made: it lacks ${p.missing.join(", ")}`);
}

/**
 * The next calls for a lane: of the endpoint's running runs, taken in turn, the first that has any
 * (as many as its claimable calls over four lanes each, so that a small run's calls spread over
 * all the lanes); null when none has.
 */
async function claimBatch(
  ctx: WorkerContext,
  endpoint: Endpoint,
  turn: number,
  left: Map<number, number>,
): Promise<Batch | null> {
  const mine = runsOf(ctx, endpoint.id);
  for (let i = 0; i < mine.length && !ctx.stopping; i++) {
    const run = mine[(turn + i) % mine.length]!;
    const limit =
      ctx.options.batch ?? Math.min(8, Math.max(1, Math.floor((left.get(run.id) ?? 0) / (endpoint.concurrency * 4))));
    const claimed = await withLeaseTransaction((tx) =>
      claimCalls(tx, { runId: run.id, holder: ctx.holder, now: new Date(), limit }),
    );
    if (claimed.length === 0) continue;
    left.set(run.id, (left.get(run.id) ?? 0) - claimed.length);
    for (const c of claimed) ctx.heldCalls.add(c.id);
    const texts = await callTexts(claimed.map((c) => c.id));
    const passages = await passagesOf(run, claimed);
    const prepared = claimed.map((c) =>
      run.task.unit === "question"
        ? prepareChain(c, texts.get(c.id), run, run, passages.get(c.id) ?? [])
        : prepareCall(c, texts.get(c.id), run, run),
    );
    const cache = await cachedReplies(
      run.studyId,
      prepared.flatMap((p) => ("cacheKey" in p ? [p.cacheKey] : [])),
    );
    return { run, prepared, cache };
  }
  return null;
}

/** A nuggetizer creation run's calls' passages, by call: the texts of the documents the run chose for each question, in order. */
async function passagesOf(run: ActiveRun, calls: readonly ClaimedCall[]): Promise<Map<number, string[]>> {
  const chosen = run.nuggetizer?.passages;
  if (!chosen) return new Map();
  const idsOf = (c: ClaimedCall) => chosen[String(c.queryId)] ?? [];
  const texts = await documentTexts([...new Set(calls.flatMap(idsOf))]);
  return new Map(calls.map((c) => [c.id, idsOf(c).flatMap((id) => texts.get(id) ?? [])]));
}

async function giveBack(ctx: WorkerContext, ids: number[]): Promise<void> {
  await withLeaseTransaction((tx) => releaseCalls(tx, ids, ctx.holder));
  for (const id of ids) ctx.heldCalls.delete(id);
}

/** Waits for this endpoint's next turn when it has a requests-per-minute limit (shared by every process). */
function paceOf(endpoint: Endpoint): (() => Promise<void>) | undefined {
  if (!endpoint.requestsPerMinute) return undefined;
  const interval = 60_000 / endpoint.requestsPerMinute;
  return async () => {
    const start = await withLeaseTransaction((tx) => reserveCallStart(tx, endpoint.id, interval, Date.now()));
    const wait = start - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}
