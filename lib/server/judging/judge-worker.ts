import "server-only";
import crypto from "node:crypto";
import os from "node:os";
import { HEARTBEAT_MS, renewCalls, renewEndpointSlots } from "../db/judge-calls";
import { withLeaseTransaction } from "../db/transactions";
import { outcomeWriter } from "./worker/outcome-writer";
import type { JudgeWorkerOptions, WorkerContext } from "./worker/context";
import { workEndpoint } from "./worker/endpoint-turn";
import { loadRuns } from "./worker/load-runs";

export type { JudgeWorkerOptions } from "./worker/context";

/**
 * Works judge runs in the background: in every `next start` process (instrumentation.ts) and in
 * `assay judge run`, any number of them at once on one database. Every `pollMs` a process looks for
 * running runs; for each endpoint whose runs have calls to claim it takes as many of the endpoint's
 * slots as there are such calls, up to its concurrency (all processes together hold at most that),
 * and each slot is a lane that claims a few calls at a time under a lease, makes them one after the
 * other, and waits until each outcome is stored (with its label and attempts) before the next. So
 * a process killed at any moment loses at most the calls in flight, one per lane; its leases expire
 * within CALL_LEASE_MS and another process takes them over. With nothing to claim a process only
 * sleeps until its next poll: it never loops without yielding, and stop() (SIGINT, SIGTERM in the
 * CLI) aborts the calls in flight, gives back what it holds and resolves. A paused or cancelled
 * run's remaining calls are given back.
 */

export type JudgeWorker = {
  /** Stops claiming, aborts the calls in flight; resolves once what it holds is stored or given back. */
  stop(): Promise<void>;
  /** Resolves once no run this worker may work is running (the CLI waits on it). */
  idle(): Promise<void>;
};

/**
 * The scheduler: every `pollMs` it reads the running runs and starts a turn (worker/endpoint-turn.ts)
 * for each endpoint that has none under way; every HEARTBEAT_MS it renews the leases it holds.
 */
export function startJudgeWorker(options: JudgeWorkerOptions = {}): JudgeWorker {
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  const pollMs = options.pollMs ?? 2000;
  const ctx: WorkerContext = {
    holder,
    options,
    halt: new AbortController(),
    stopping: false,
    runs: new Map(),
    heldCalls: new Set(),
    heldSlots: new Map(),
    writer: outcomeWriter(holder),
    reported: new Set(),
  };
  const working = new Map<number, Promise<void>>(); // endpoint id -> its turn in this process
  let idleWaiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;

  function startTurns(): void {
    for (const endpointId of new Set([...ctx.runs.values()].map((r) => r.endpointId)))
      if (!working.has(endpointId))
        working.set(
          endpointId,
          workEndpoint(ctx, endpointId)
            // a database error ends this turn (its calls' leases expire and are taken again); never the process
            .catch((error: Error) => console.error(`judge worker: endpoint ${endpointId}: ${error.message}`))
            .finally(() => working.delete(endpointId)),
        );
  }

  async function tick(): Promise<void> {
    if (ctx.stopping) return;
    try {
      ctx.runs = await loadRuns(ctx.runs, options.runIds);
      if (ctx.stopping) return; // stop() came while the runs were read: start no turn it would not wait for
      startTurns();
      if (ctx.runs.size === 0 && working.size === 0) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      }
    } catch (error) {
      console.error(`judge worker: ${(error as Error).message}`);
    }
    if (!ctx.stopping) timer = setTimeout(() => void tick(), pollMs);
  }

  void tick();
  const heartbeatTimer = setInterval(() => {
    if (ctx.heldCalls.size > 0 || ctx.heldSlots.size > 0)
      heartbeat(ctx).catch((e) => console.error(`judge worker: ${e.message}`));
  }, HEARTBEAT_MS);
  heartbeatTimer.unref();

  return {
    async stop() {
      ctx.stopping = true;
      ctx.halt.abort();
      if (timer) clearTimeout(timer);
      await Promise.all(working.values());
      await ctx.writer.flushed();
      clearInterval(heartbeatTimer);
    },
    idle() {
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}

/** Renews the leases of the calls and endpoint slots this process holds; a slot it lost is dropped. */
async function heartbeat(ctx: WorkerContext): Promise<void> {
  const now = new Date();
  await withLeaseTransaction(async (tx) => {
    await renewCalls(tx, [...ctx.heldCalls], ctx.holder, now);
    for (const [endpointId, slots] of ctx.heldSlots) {
      const kept = new Set(await renewEndpointSlots(tx, { endpointId, slots: [...slots], holder: ctx.holder, now }));
      for (const slot of slots) if (!kept.has(slot)) slots.delete(slot);
    }
  });
}
