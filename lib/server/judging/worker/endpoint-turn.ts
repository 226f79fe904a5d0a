import "server-only";
import { claimableCalls, claimCalls, finishRunIfDone, takeEndpointSlot } from "../../db/judge-calls";
import { withLeaseTransaction } from "../../db/transactions";
import { AppError } from "../../errors";
import { failedOutcome } from "../judge-call";
import { nextTurn } from "../../next-turn";
import { runsOf, type Endpoint, type WorkerContext } from "./context";
import { lane } from "./lane";
import { loadEndpoint } from "./load-runs";

/**
 * One turn of an endpoint's work in this process: as many lanes as its runs have calls to claim
 * (up to its concurrency, less the slots other processes hold), until none is left; then its
 * finished runs end. With nothing to claim (all leased by live processes) it only ends them.
 */
export async function workEndpoint(ctx: WorkerContext, endpointId: number): Promise<void> {
  const left = await claimableCalls(
    runsOf(ctx, endpointId).map((r) => r.id),
    new Date(),
  );
  const claimable = [...left.values()].reduce((a, b) => a + b, 0);
  if (claimable === 0) return finishDoneRuns(ctx, endpointId);
  let endpoint: Endpoint | null;
  try {
    endpoint = await loadEndpoint(endpointId);
  } catch (error) {
    // its key cannot be read (a variable not set, a stored key the encryption key cannot open):
    // the runs' calls fail with the reason, listed on the run and retried once it is mended
    if (error instanceof AppError) return failCalls(ctx, endpointId, `no call made: ${error.message}`);
    const message = `judge worker: endpoint ${endpointId}: ${(error as Error).message}`;
    if (!ctx.reported.has(message)) console.error(message);
    ctx.reported.add(message);
    return;
  }
  if (!endpoint) return;
  const slots = new Set<number>();
  ctx.heldSlots.set(endpointId, slots);
  const lanes: Promise<void>[] = [];
  try {
    while (!ctx.stopping && lanes.length < Math.min(endpoint.concurrency, claimable)) {
      await nextTurn();
      const slot = await withLeaseTransaction((tx) =>
        takeEndpointSlot(tx, { endpointId, concurrency: endpoint.concurrency, holder: ctx.holder, now: new Date() }),
      );
      if (slot === null || slots.has(slot)) break; // the others are held: the next poll tries again
      slots.add(slot);
      lanes.push(lane(ctx, endpoint, slot, slots, left));
    }
  } finally {
    await Promise.all(lanes);
    ctx.heldSlots.delete(endpointId);
  }
  await finishDoneRuns(ctx, endpointId);
}

/** Ends the endpoint's runs that have nothing left to call, once every outcome is stored. */
async function finishDoneRuns(ctx: WorkerContext, endpointId: number): Promise<void> {
  await ctx.writer.flushed();
  await withLeaseTransaction(async (tx) => {
    for (const r of runsOf(ctx, endpointId)) if (await finishRunIfDone(tx, r.id, new Date())) ctx.runs.delete(r.id);
  });
}

/** Ends every call of the endpoint's running runs as failed, with `reason`. */
async function failCalls(ctx: WorkerContext, endpointId: number, reason: string): Promise<void> {
  for (const run of runsOf(ctx, endpointId)) {
    for (;;) {
      await nextTurn();
      const claimed = await withLeaseTransaction((tx) =>
        claimCalls(tx, { runId: run.id, holder: ctx.holder, now: new Date(), limit: 500 }),
      );
      if (claimed.length === 0 || ctx.stopping) break;
      for (const call of claimed) {
        ctx.heldCalls.add(call.id);
        void ctx.writer.add(failedOutcome(call.id, reason), run, call).finally(() => ctx.heldCalls.delete(call.id));
      }
      await ctx.writer.flushed();
    }
  }
  await finishDoneRuns(ctx, endpointId);
}
