import "server-only";
import crypto from "node:crypto";
import { JUDGE_TASKS, type AnyJudgeTask } from "@/lib/domain/judging/judge-tasks/registry";
import type { CallTexts, PromptInputs } from "@/lib/domain/judging/judge-tasks/judge-task";
import { storedLevel } from "@/lib/domain/judging/judge-tasks/reply-levels";
import type { JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { callCost, type TokenPrices } from "@/lib/domain/judging/judgment-cost";
import { renderPrompt, type ChatMessage } from "@/lib/domain/judging/render-prompt";
import type { NuggetizerSettings } from "@/lib/domain/judging/nuggetizer-settings";
import type { AttemptRecord, CallOutcome, ClaimedCall } from "../db/judge-calls";
import { readChainResult } from "@/lib/domain/judging/nuggetizer-chain";
import {
  CallAborted,
  callChatCompletions,
  ChatCallError,
  type CallOptions,
  type ChatAttempt,
  type ChatEndpoint,
} from "./chat-completions";

/** What a run asks of every call: its template version, the endpoint and the sampling settings. */
export type RunSettings = {
  template: JudgeTemplate;
  templateVersion: string;
  temperature: number;
  seed: number | null;
  /** A nuggetizer run's windows, maximum and tries (nuggetizer-call.ts); null for other tasks. */
  nuggetizer?: NuggetizerSettings | null;
};

/**
 * A call ready to be made: its messages and cache key, or a nuggetizer call's chain (its question,
 * passages and nuggets: nuggetizer-call.ts), or why it cannot be made; how many levels its reply
 * gives, and the nuggets they are of (a call on an answer or a question's nuggets; else none).
 */
export type PreparedCall = { call: ClaimedCall; parts: number; nuggetIds: readonly number[] } & (
  { messages: ChatMessage[]; cacheKey: string } | { chain: ChainInputs; cacheKey: string } | { missing: string[] }
);

/** The prompt fields a call's texts fill, as its task reads them (a both-orders call's answers in its order). */
export function promptInputsOf(task: AnyJudgeTask, texts: CallTexts | undefined, swapped: boolean): PromptInputs {
  return texts ? task.promptInputs(texts, swapped) : {};
}

/**
 * The cache key of a call: SHA-256 over the endpoint's URL and model, the template version, the
 * exact messages, the temperature and the seed. A parsed reply stored under it answers every later
 * call with the same key, in any run.
 */
export function callCacheKey(
  endpoint: Pick<ChatEndpoint, "baseUrl" | "model">,
  run: RunSettings,
  messages: ChatMessage[],
) {
  return crypto
    .createHash("sha256")
    .update(
      JSON.stringify([endpoint.baseUrl, endpoint.model, run.templateVersion, messages, run.temperature, run.seed]),
    )
    .digest("hex");
}

/** What a nuggetizer call's chain reads: the question, the passages (creation) and the set's nuggets (importance). */
export type ChainInputs = { question: string; passages: readonly string[]; nuggets: readonly string[] };

/** A claimed call made ready: its prompt rendered and its cache key (a nuggetizer call: nuggetizer-call.ts). */
export function prepareCall(
  call: ClaimedCall,
  texts: CallTexts | undefined,
  endpoint: Pick<ChatEndpoint, "baseUrl" | "model">,
  run: RunSettings,
): PreparedCall {
  const task = JUDGE_TASKS[run.template.task];
  const rendered = renderPrompt(run.template, promptInputsOf(task, texts, call.swapped));
  const parts = { parts: texts ? task.partsOf(texts) : 1, nuggetIds: texts?.nuggets.map((n) => n.id) ?? [] };
  if ("missing" in rendered) return { call, ...parts, missing: rendered.missing };
  return { call, ...parts, messages: rendered.messages, cacheKey: callCacheKey(endpoint, run, rendered.messages) };
}

/**
 * The outcome of a call that was not made: a field the item lacks, or a parsed reply from the cache
 * (read again by the run's template: the cache key holds its version, so it gives the same levels).
 */
export function outcomeWithoutCall(
  prepared: PreparedCall,
  cached: { reply: string } | undefined,
  run: RunSettings,
  now: Date,
): CallOutcome | null {
  const base = {
    id: prepared.call.id,
    attempts: [],
    inputTokens: null,
    outputTokens: null,
    latencyMs: null,
    finishedAt: now,
  };
  if ("missing" in prepared)
    return {
      ...base,
      status: "skipped",
      cacheKey: null,
      cached: false,
      reply: null,
      level: null,
      levels: [],
      error: `the item has no ${prepared.missing.join(", ")}, which the prompt names`,
      cost: null,
    };
  const read =
    cached &&
    ("chain" in prepared
      ? readChainResult(cached.reply)
      : JUDGE_TASKS[run.template.task].readReply(run.template, cached.reply, prepared.parts));
  if (!cached || !read || "error" in read) return null;
  return {
    ...base,
    status: "done",
    cacheKey: prepared.cacheKey,
    cached: true,
    reply: cached.reply,
    level: storedLevel(read.levels),
    levels: read.levels,
    error: null,
    cost: 0,
  };
}

/**
 * Makes a call (retrying as callChatCompletions does; a nuggetizer call asks once a window and try:
 * nuggetizer-call.ts) and reads its reply into levels. The outcome
 * keeps every attempt, and its tokens and cost are their sums. Null when `options.signal` stopped it:
 * the call was not made (or its answer not read) and goes back to its run.
 */
export async function makeCall(
  prepared: Extract<PreparedCall, { messages: ChatMessage[] }>,
  endpoint: ChatEndpoint & TokenPrices,
  run: RunSettings,
  options: CallOptions,
): Promise<CallOutcome | null> {
  const attempts: AttemptRecord[] = [];
  const onAttempt = (a: ChatAttempt) => attempts.push(attemptRecord(a, endpoint));
  try {
    const reply = await callChatCompletions(
      endpoint,
      { messages: prepared.messages, temperature: run.temperature, seed: run.seed },
      { ...options, onAttempt },
    );
    const read = JUDGE_TASKS[run.template.task].readReply(run.template, reply.content, prepared.parts);
    return {
      id: prepared.call.id,
      status: "levels" in read ? "done" : "unparsed",
      cacheKey: prepared.cacheKey,
      cached: false,
      reply: reply.content,
      level: "levels" in read ? storedLevel(read.levels) : null,
      levels: "levels" in read ? read.levels : [],
      error: "error" in read ? read.error : null,
      attempts,
      ...attemptSums(attempts),
      latencyMs: Math.round(reply.latencyMs),
      finishedAt: new Date(),
    };
  } catch (error) {
    if (error instanceof CallAborted) return null;
    if (!(error instanceof ChatCallError)) throw error;
    return {
      ...failedOutcome(prepared.call.id, error.message),
      cacheKey: prepared.cacheKey,
      attempts,
      ...attemptSums(attempts),
    };
  }
}

export function attemptRecord(a: ChatAttempt, prices: TokenPrices): AttemptRecord {
  return {
    startedAt: a.startedAt,
    latencyMs: a.latencyMs,
    httpStatus: a.httpStatus,
    reply: a.reply,
    error: a.error,
    inputTokens: a.usage?.inputTokens ?? null,
    outputTokens: a.usage?.outputTokens ?? null,
    cost: callCost(a.usage, prices),
  };
}

/**
 * A call's tokens and cost over its attempts: the known ones summed. The cost is unknown (null) when
 * an answered attempt did not say its usage (or a price is not set): one with a reply, or one the
 * endpoint answered 2xx with a body Assay could not read (it may have billed for it); an attempt
 * with no answer costs nothing.
 */
export function attemptSums(
  attempts: readonly AttemptRecord[],
): Pick<CallOutcome, "inputTokens" | "outputTokens" | "cost"> {
  const answered = attempts.filter(
    (a) =>
      a.reply !== null ||
      a.inputTokens !== null ||
      (a.httpStatus !== null && a.httpStatus >= 200 && a.httpStatus < 300),
  );
  if (answered.length === 0) return { inputTokens: null, outputTokens: null, cost: attempts.length ? 0 : null };
  const sum = (of: (a: AttemptRecord) => number | null) =>
    answered.some((a) => of(a) === null) ? null : answered.reduce((t, a) => t + of(a)!, 0);
  return { inputTokens: sum((a) => a.inputTokens), outputTokens: sum((a) => a.outputTokens), cost: sum((a) => a.cost) };
}

/** A call that gave no reply, and why. */
export function failedOutcome(id: number, reason: string): CallOutcome {
  return {
    id,
    status: "failed",
    cacheKey: null,
    cached: false,
    reply: null,
    level: null,
    levels: [],
    error: reason,
    attempts: [],
    inputTokens: null,
    outputTokens: null,
    latencyMs: null,
    cost: null,
    finishedAt: new Date(),
  };
}
