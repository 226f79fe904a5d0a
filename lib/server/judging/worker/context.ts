import "server-only";
import type { TokenPrices } from "@/lib/domain/judging/judgment-cost";
import type { NuggetizerSettings } from "@/lib/domain/judging/nuggetizer-settings";
import type { CallOptions, ChatEndpoint } from "../chat-completions";
import type { RunSettings } from "../judge-call";
import type { outcomeWriter, WriterRun } from "./outcome-writer";

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

/** A running run as the worker holds it: its settings and template, read once. */
export type ActiveRun = RunSettings &
  WriterRun & {
    id: number;
    endpointId: number;
    /** Where its calls go, as the run recorded them (an endpoint changed since then gives the key, limits and prices only). */
    baseUrl: string;
    model: string;
    /** A nuggetizer run's settings and passages (JudgeRun.options); null for other tasks. */
    nuggetizer: NuggetizerSettings | null;
  };

/** An endpoint as a turn of work reads it: where and how to call, its prices and its limits. */
export type Endpoint = ChatEndpoint &
  TokenPrices & { id: number; concurrency: number; requestsPerMinute: number | null };

/**
 * What one worker process holds, shared by its scheduler, its endpoint turns and their lanes: the
 * runs it knows, the calls and endpoint slots it leases (renewed by the heartbeat, given back on
 * stop), the writer that stores outcomes, and whether it is stopping.
 */
export type WorkerContext = {
  holder: string;
  options: JudgeWorkerOptions;
  /** Aborts the calls in flight on stop. */
  halt: AbortController;
  stopping: boolean;
  runs: Map<number, ActiveRun>;
  heldCalls: Set<number>;
  /** endpoint id -> the slots this process holds */
  heldSlots: Map<number, Set<number>>;
  writer: ReturnType<typeof outcomeWriter>;
  /** endpoint problems already logged, each logged once */
  reported: Set<string>;
};

/** The worker's running runs that call this endpoint. */
export const runsOf = (ctx: WorkerContext, endpointId: number) =>
  [...ctx.runs.values()].filter((r) => r.endpointId === endpointId);
