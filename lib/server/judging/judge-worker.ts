import "server-only";
import crypto from "node:crypto";
import os from "node:os";
import { judgeTemplateSchema } from "@/lib/domain/judging/judge-template";
import { getDb } from "../db/client";
import {
  cachedReplies,
  callTexts,
  claimCalls,
  finishRunIfDone,
  recordCall,
  releaseCalls,
  releaseEndpointSlot,
  renewCalls,
  renewEndpointSlots,
  reserveCallStart,
  runningRuns,
  SLOT_LEASE_MS,
  takeEndpointSlot,
  upsertCallLabel,
  type CallOutcome,
  type ClaimedCall,
} from "../db/judge-calls";
import { withLeaseTransaction } from "../db/transactions";
import type { CallOptions, ChatEndpoint } from "./chat-completions";
import { endpointApiKey } from "./endpoint-api-key";
import { makeCall, outcomeWithoutCall, prepareCall, type RunSettings } from "./judge-call";
import type { TokenPrices } from "@/lib/domain/judging/judgment-cost";

/**
 * Works judge runs in the background: in every `next start` process (instrumentation.ts) and in
 * `assay judge run`, any number of them at once on one database. For each endpoint with running
 * runs a process takes as many of the endpoint's slots as it can (all processes together hold at
 * most its concurrency), and each slot is a lane that claims a few calls at a time under a lease,
 * makes them one after the other, and hands their outcomes to one writer, which stores them in
 * batches with their labels. A call whose reply is stored is never made again; a call leased by a
 * process that died is taken over once its lease expires (that one call may be made twice). A
 * paused or cancelled run's remaining calls are given back.
 */

export type JudgeWorkerOptions = {
  /** Who holds this process's leases (unique per process). */
  holder?: string;
  /** How often the database is asked for running runs. */
  pollMs?: number;
  /** Only these runs (the CLI works the run it started). */
  runIds?: readonly number[];
  /** Calls a lane claims at a time. */
  batch?: number;
  /** Timeouts and retries of each call (tests shorten them). */
  call?: CallOptions;
};

export type JudgeWorker = {
  /** Stops claiming; resolves once the calls in hand are stored and the rest given back. */
  stop(): Promise<void>;
  /** Resolves once no run this worker may work has calls left to make (the CLI waits on it). */
  idle(): Promise<void>;
};

type ActiveRun = RunSettings & { id: number; studyId: number; judgeId: number; endpointId: number; scale: string };
type Endpoint = ChatEndpoint & TokenPrices & { id: number; concurrency: number; requestsPerMinute: number | null };

export function startJudgeWorker(options: JudgeWorkerOptions = {}): JudgeWorker {
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  const pollMs = options.pollMs ?? 2000;
  const batch = options.batch ?? 4;
  let stopping = false;
  let runs = new Map<number, ActiveRun>();
  const working = new Map<number, Promise<void>>(); // endpoint id -> its work in this process
  const heldCalls = new Set<number>();
  const heldSlots = new Map<number, Set<number>>(); // endpoint id -> slots
  const writer = outcomeWriter(holder);
  const reported = new Set<string>(); // endpoint problems already logged
  let idleWaiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;

  async function loadRuns(): Promise<void> {
    const rows = await runningRuns(options.runIds);
    const next = new Map<number, ActiveRun>();
    for (const r of rows) {
      const id = Number(r.id);
      const known = runs.get(id);
      if (known) {
        next.set(id, known);
        continue;
      }
      const template = judgeTemplateSchema.parse(JSON.parse(r.template));
      next.set(id, {
        id,
        studyId: Number(r.studyId),
        judgeId: Number(r.judgeId),
        endpointId: Number(r.endpointId),
        template,
        templateVersion: r.templateVersion,
        temperature: Number(r.temperature),
        seed: r.seed === null ? null : Number(r.seed),
        scale: template.scale,
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
      if (heldCalls.size > 0 || heldSlots.size > 0) await heartbeat();
      for (const endpointId of new Set([...runs.values()].map((r) => r.endpointId)))
        if (!working.has(endpointId))
          working.set(
            endpointId,
            workEndpoint(endpointId).finally(() => working.delete(endpointId)),
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

  async function workEndpoint(endpointId: number): Promise<void> {
    let endpoint: Endpoint | null;
    try {
      endpoint = await loadEndpoint(endpointId);
    } catch (error) {
      const message = `judge worker: endpoint ${endpointId}: ${(error as Error).message}`;
      if (!reported.has(message)) console.error(message);
      reported.add(message);
      return;
    }
    if (!endpoint) return;
    const slots = heldSlots.get(endpointId) ?? new Set<number>();
    heldSlots.set(endpointId, slots);
    const lanes: Promise<void>[] = [];
    while (!stopping && slots.size < endpoint.concurrency) {
      const slot = await withLeaseTransaction((tx) =>
        takeEndpointSlot(tx, { endpointId, concurrency: endpoint.concurrency, holder, now: new Date() }),
      );
      if (slot === null || slots.has(slot)) break;
      slots.add(slot);
      lanes.push(lane(endpoint, slot, slots));
    }
    await Promise.all(lanes);
    if (slots.size === 0) heldSlots.delete(endpointId);
  }

  /** One call at a time through one slot, until the endpoint's runs have nothing left to claim. */
  async function lane(endpoint: Endpoint, slot: number, slots: Set<number>): Promise<void> {
    const pace = paceOf(endpoint);
    try {
      let turn = slot;
      while (!stopping && slots.has(slot)) {
        const mine = [...runs.values()].filter((r) => r.endpointId === endpoint.id);
        if (mine.length === 0) break;
        let claimed: ClaimedCall[] = [];
        let run: ActiveRun | undefined;
        for (let i = 0; i < mine.length && claimed.length === 0; i++) {
          run = mine[(turn + i) % mine.length]!;
          const runId = run.id;
          claimed = await withLeaseTransaction((tx) =>
            claimCalls(tx, { runId, holder, now: new Date(), limit: batch }),
          );
        }
        turn++;
        if (claimed.length === 0 || !run) {
          await writer.flushed();
          await withLeaseTransaction(async (tx) => {
            for (const r of mine) if (await finishRunIfDone(tx, r.id, new Date())) runs.delete(r.id);
          });
          break;
        }
        for (const c of claimed) heldCalls.add(c.id);
        await workCalls(endpoint, run, claimed, pace);
      }
    } finally {
      await writer.flushed();
      await withLeaseTransaction((tx) => releaseEndpointSlot(tx, endpoint.id, slot, holder)).catch(() => {});
      slots.delete(slot);
    }
  }

  async function workCalls(
    endpoint: Endpoint,
    run: ActiveRun,
    claimed: ClaimedCall[],
    pace: (() => Promise<void>) | undefined,
  ): Promise<void> {
    const texts = await callTexts(claimed.map((c) => c.id));
    const prepared = claimed.map((c) => prepareCall(c, texts.get(c.id), endpoint, run));
    const cache = await cachedReplies(prepared.flatMap((p) => ("cacheKey" in p ? [p.cacheKey] : [])));
    const given: number[] = [];
    for (const p of prepared) {
      if (stopping || !runs.has(run.id)) {
        given.push(p.call.id);
        continue;
      }
      const ready = outcomeWithoutCall(p, "cacheKey" in p ? cache.get(p.cacheKey) : undefined, new Date());
      const outcome =
        ready ??
        (await makeCall(p as Extract<typeof p, { cacheKey: string }>, endpoint, run, {
          ...options.call,
          beforeAttempt: pace,
        }));
      void writer.add(outcome, run).finally(() => heldCalls.delete(outcome.id));
    }
    if (given.length) {
      await withLeaseTransaction((tx) => releaseCalls(tx, given, holder));
      for (const id of given) heldCalls.delete(id);
    }
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
  }, SLOT_LEASE_MS / 3);
  heartbeatTimer.unref();

  return {
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      clearInterval(heartbeatTimer);
      await Promise.all(working.values());
      await writer.flushed();
    },
    idle() {
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}

/**
 * Stores call outcomes in batches (one transaction per batch, without waiting for the disk: a
 * crash of the process loses nothing committed, a power cut may forget the last outcomes, whose
 * calls are then made again), with the label of each parsed one.
 */
function outcomeWriter(holder: string) {
  let queue: { outcome: CallOutcome; done: () => void; failed: (e: unknown) => void }[] = [];
  let flushing: Promise<void> | null = null;
  const runOfCall = new Map<number, ActiveRun>();

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const taken = queue;
      queue = [];
      try {
        await withLeaseTransaction(async (tx) => {
          for (const { outcome } of taken) {
            const stored = await recordCall(tx, holder, outcome);
            const run = runOfCall.get(outcome.id);
            if (stored && outcome.status === "done" && outcome.level !== null && run)
              await upsertCallLabel(tx, {
                callId: outcome.id,
                studyId: run.studyId,
                judgeId: run.judgeId,
                scale: run.scale,
                value: outcome.level,
                createdAt: outcome.finishedAt,
              });
          }
        });
        for (const t of taken) t.done();
      } catch (error) {
        console.error(`judge worker: storing ${taken.length} outcomes: ${(error as Error).message}`);
        for (const t of taken) t.failed(error);
      }
      for (const { outcome } of taken) runOfCall.delete(outcome.id);
    }
  }

  return {
    /** Queues an outcome of one of `run`'s calls; resolves once stored (or once storing it failed, which is logged). */
    add(outcome: CallOutcome, run: ActiveRun): Promise<void> {
      runOfCall.set(outcome.id, run);
      const stored = new Promise<void>((done, failed) => queue.push({ outcome, done, failed }));
      if (!flushing) flushing = flush().finally(() => (flushing = null));
      return stored.catch(() => {});
    },
    async flushed(): Promise<void> {
      while (flushing) await flushing;
    },
  };
}
