import "server-only";
import crypto from "node:crypto";
import os from "node:os";
import { judgeTemplateSchema } from "@/lib/domain/judging/judge-template";
import { getDb } from "../db/client";
import {
  cachedReplies,
  callTexts,
  claimableCalls,
  claimCalls,
  HEARTBEAT_MS,
  finishRunIfDone,
  releaseCalls,
  releaseEndpointSlot,
  renewCalls,
  renewEndpointSlots,
  reserveCallStart,
  runningRunIds,
  runsToWork,
  takeEndpointSlot,
} from "../db/judge-calls";
import { withLeaseTransaction } from "../db/transactions";
import type { CallOptions, ChatEndpoint } from "./chat-completions";
import { endpointApiKey } from "./endpoint-api-key";
import {
  failedOutcome,
  makeCall,
  outcomeWithoutCall,
  prepareCall,
  type PreparedCall,
  type RunSettings,
} from "./judge-call";
import { AppError } from "../errors";
import type { TokenPrices } from "@/lib/domain/judging/judgment-cost";
import { JUDGE_TASKS } from "@/lib/domain/judging/judge-tasks/registry";
import { nextTurn } from "./next-turn";
import { outcomeWriter, type WriterRun } from "./outcome-writer";

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

export type JudgeWorkerOptions = {
  /** Who holds this process's leases (unique per process). */
  holder?: string;
  /** How often the database is asked for running runs and calls to claim. */
  pollMs?: number;
  /** Only these runs (the CLI works the run it started). */
  runIds?: readonly number[];
  /** Calls a lane claims at a time (by default from 1 to 8: a run's claimable calls over four times the endpoint's concurrency). */
  batch?: number;
  /** Timeouts and retries of each call (tests shorten them). */
  call?: CallOptions;
};

export type JudgeWorker = {
  /** Stops claiming, aborts the calls in flight; resolves once what it holds is stored or given back. */
  stop(): Promise<void>;
  /** Resolves once no run this worker may work is running (the CLI waits on it). */
  idle(): Promise<void>;
};

type ActiveRun = RunSettings &
  WriterRun & {
    id: number;
    endpointId: number;
    /** Where its calls go, as the run recorded them (an endpoint changed since then gives the key, limits and prices only). */
    baseUrl: string;
    model: string;
  };
type Endpoint = ChatEndpoint & TokenPrices & { id: number; concurrency: number; requestsPerMinute: number | null };

export function startJudgeWorker(options: JudgeWorkerOptions = {}): JudgeWorker {
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  const pollMs = options.pollMs ?? 2000;
  let stopping = false;
  const halt = new AbortController();
  let runs = new Map<number, ActiveRun>();
  const working = new Map<number, Promise<void>>(); // endpoint id -> its work in this process
  const heldCalls = new Set<number>();
  const heldSlots = new Map<number, Set<number>>(); // endpoint id -> slots
  const writer = outcomeWriter(holder);
  const reported = new Set<string>(); // endpoint problems already logged
  let idleWaiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;

  /** The running runs: those already known as they are, the new ones read once (settings, template). */
  async function loadRuns(): Promise<void> {
    const ids = await runningRunIds(options.runIds);
    const next = new Map<number, ActiveRun>();
    for (const id of ids) {
      const known = runs.get(id);
      if (known) next.set(id, known);
    }
    for (const r of await runsToWork(ids.filter((id) => !next.has(id)))) {
      const template = judgeTemplateSchema.parse(JSON.parse(r.template));
      next.set(Number(r.id), {
        id: Number(r.id),
        studyId: Number(r.studyId),
        judgeId: Number(r.judgeId),
        endpointId: Number(r.endpointId),
        template,
        templateVersion: r.templateVersion,
        temperature: Number(r.temperature),
        seed: r.seed === null ? null : Number(r.seed),
        scale: template.scale,
        task: JUDGE_TASKS[template.task],
        criterion: r.criterion ?? "overall",
        baseUrl: r.baseUrl,
        model: r.model,
      });
    }
    runs = next;
  }

  async function heartbeat(): Promise<void> {
    const now = new Date();
    await withLeaseTransaction(async (tx) => {
      await renewCalls(tx, [...heldCalls], holder, now);
      for (const [endpointId, slots] of heldSlots) {
        const kept = new Set(await renewEndpointSlots(tx, { endpointId, slots: [...slots], holder, now }));
        for (const slot of slots) if (!kept.has(slot)) slots.delete(slot);
      }
    });
  }

  async function tick(): Promise<void> {
    if (stopping) return;
    try {
      await loadRuns();
      if (stopping) return; // stop() came while the runs were read: start no turn it would not wait for
      for (const endpointId of new Set([...runs.values()].map((r) => r.endpointId)))
        if (!working.has(endpointId))
          working.set(
            endpointId,
            workEndpoint(endpointId)
              // a database error ends this turn (its calls' leases expire and are taken again); never the process
              .catch((error: Error) => console.error(`judge worker: endpoint ${endpointId}: ${error.message}`))
              .finally(() => working.delete(endpointId)),
          );
      if (runs.size === 0 && working.size === 0) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      }
    } catch (error) {
      console.error(`judge worker: ${(error as Error).message}`);
    }
    if (!stopping) timer = setTimeout(() => void tick(), pollMs);
  }

  async function loadEndpoint(endpointId: number): Promise<Endpoint | null> {
    const db = await getDb();
    const row = await db.judgeEndpoint.findUnique({ where: { id: endpointId } });
    if (!row) return null;
    return {
      id: row.id,
      baseUrl: row.baseUrl,
      model: row.model,
      apiKey: endpointApiKey(row),
      inputPerMillion: row.inputPricePerMillion,
      outputPerMillion: row.outputPricePerMillion,
      concurrency: row.concurrency,
      requestsPerMinute: row.requestsPerMinute,
    };
  }

  const runsOf = (endpointId: number) => [...runs.values()].filter((r) => r.endpointId === endpointId);

  /**
   * One turn of an endpoint's work in this process: as many lanes as its runs have calls to claim
   * (up to its concurrency, less the slots other processes hold), until none is left; then its
   * finished runs end. With nothing to claim (all leased by live processes) it only ends them.
   */
  async function workEndpoint(endpointId: number): Promise<void> {
    const left = await claimableCalls(
      runsOf(endpointId).map((r) => r.id),
      new Date(),
    );
    const claimable = [...left.values()].reduce((a, b) => a + b, 0);
    if (claimable === 0) return finishDoneRuns(endpointId);
    let endpoint: Endpoint | null;
    try {
      endpoint = await loadEndpoint(endpointId);
    } catch (error) {
      // its key cannot be read (a variable not set, a stored key the encryption key cannot open):
      // the runs' calls fail with the reason, listed on the run and retried once it is mended
      if (error instanceof AppError) return failCalls(endpointId, `no call made: ${error.message}`);
      const message = `judge worker: endpoint ${endpointId}: ${(error as Error).message}`;
      if (!reported.has(message)) console.error(message);
      reported.add(message);
      return;
    }
    if (!endpoint) return;
    const slots = new Set<number>();
    heldSlots.set(endpointId, slots);
    const lanes: Promise<void>[] = [];
    try {
      while (!stopping && lanes.length < Math.min(endpoint.concurrency, claimable)) {
        await nextTurn();
        const slot = await withLeaseTransaction((tx) =>
          takeEndpointSlot(tx, { endpointId, concurrency: endpoint.concurrency, holder, now: new Date() }),
        );
        if (slot === null || slots.has(slot)) break; // the others are held: the next poll tries again
        slots.add(slot);
        lanes.push(lane(endpoint, slot, slots, left));
      }
    } finally {
      await Promise.all(lanes);
      heldSlots.delete(endpointId);
    }
    await finishDoneRuns(endpointId);
  }

  async function finishDoneRuns(endpointId: number): Promise<void> {
    await writer.flushed();
    await withLeaseTransaction(async (tx) => {
      for (const r of runsOf(endpointId)) if (await finishRunIfDone(tx, r.id, new Date())) runs.delete(r.id);
    });
  }

  /** Ends every call of the endpoint's running runs as failed, with `reason`. */
  async function failCalls(endpointId: number, reason: string): Promise<void> {
    for (const run of runsOf(endpointId)) {
      for (;;) {
        await nextTurn();
        const claimed = await withLeaseTransaction((tx) =>
          claimCalls(tx, { runId: run.id, holder, now: new Date(), limit: 500 }),
        );
        if (claimed.length === 0 || stopping) break;
        for (const call of claimed) {
          heldCalls.add(call.id);
          void writer.add(failedOutcome(call.id, reason), run, call).finally(() => heldCalls.delete(call.id));
        }
        await writer.flushed();
      }
    }
    await finishDoneRuns(endpointId);
  }

  /** A lane's claimed calls, ready to be made: their prompts rendered and the cached replies looked up. */
  type Batch = { run: ActiveRun; prepared: PreparedCall[]; cache: Map<string, { reply: string }> };

  /**
   * The next calls for a lane: of the endpoint's running runs, taken in turn, the first that has any
   * (as many as its claimable calls over four lanes each, so that a small run's calls spread over
   * all the lanes); null when none has.
   */
  async function claimBatch(endpoint: Endpoint, turn: number, left: Map<number, number>): Promise<Batch | null> {
    const mine = runsOf(endpoint.id);
    for (let i = 0; i < mine.length && !stopping; i++) {
      const run = mine[(turn + i) % mine.length]!;
      const limit =
        options.batch ?? Math.min(8, Math.max(1, Math.floor((left.get(run.id) ?? 0) / (endpoint.concurrency * 4))));
      const claimed = await withLeaseTransaction((tx) =>
        claimCalls(tx, { runId: run.id, holder, now: new Date(), limit }),
      );
      if (claimed.length === 0) continue;
      left.set(run.id, (left.get(run.id) ?? 0) - claimed.length);
      for (const c of claimed) heldCalls.add(c.id);
      const texts = await callTexts(claimed.map((c) => c.id));
      const prepared = claimed.map((c) => prepareCall(c, texts.get(c.id), run, run));
      const cache = await cachedReplies(
        run.studyId,
        prepared.flatMap((p) => ("cacheKey" in p ? [p.cacheKey] : [])),
      );
      return { run, prepared, cache };
    }
    return null;
  }

  /** One call at a time through one slot, each stored before the next, until nothing is left to claim. */
  async function lane(endpoint: Endpoint, slot: number, slots: Set<number>, left: Map<number, number>): Promise<void> {
    const pace = paceOf(endpoint);
    let turn = slot;
    try {
      while (!stopping && slots.has(slot)) {
        await nextTurn();
        const batch = await claimBatch(endpoint, turn++, left);
        if (!batch) break;
        const { run, prepared, cache } = batch;
        for (const [i, p] of prepared.entries()) {
          const outcome =
            stopping || !runs.has(run.id) || !slots.has(slot)
              ? null
              : (outcomeWithoutCall(p, "cacheKey" in p ? cache.get(p.cacheKey) : undefined, run, new Date()) ??
                (await makeCall(
                  p as Extract<PreparedCall, { cacheKey: string }>,
                  { ...endpoint, baseUrl: run.baseUrl, model: run.model },
                  run,
                  { ...options.call, beforeAttempt: pace, signal: halt.signal },
                )));
          if (!outcome) {
            // stopping, paused, or the slot lost: the calls not made go back to the run
            await giveBack(prepared.slice(i).map((q) => q.call.id));
            break;
          }
          await writer.add(outcome, run, p.call);
          heldCalls.delete(outcome.id);
        }
      }
    } finally {
      await withLeaseTransaction((tx) => releaseEndpointSlot(tx, endpoint.id, slot, holder)).catch(() => {});
      slots.delete(slot);
    }
  }

  async function giveBack(ids: number[]): Promise<void> {
    await withLeaseTransaction((tx) => releaseCalls(tx, ids, holder));
    for (const id of ids) heldCalls.delete(id);
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

  void tick();
  const heartbeatTimer = setInterval(() => {
    if (heldCalls.size > 0 || heldSlots.size > 0) heartbeat().catch((e) => console.error(`judge worker: ${e.message}`));
  }, HEARTBEAT_MS);
  heartbeatTimer.unref();

  return {
    async stop() {
      stopping = true;
      halt.abort();
      if (timer) clearTimeout(timer);
      await Promise.all(working.values());
      await writer.flushed();
      clearInterval(heartbeatTimer);
    },
    idle() {
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
