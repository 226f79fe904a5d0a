import "server-only";
import { JUDGE_TASKS } from "@/lib/domain/judging/judge-tasks/registry";
import type { CallTexts } from "@/lib/domain/judging/judge-tasks/judge-task";
import { storedLevel } from "@/lib/domain/judging/judge-tasks/reply-levels";
import type { TokenPrices } from "@/lib/domain/judging/judgment-cost";
import { createNuggets, scoreNuggets, type Ask, type ChainEnd } from "@/lib/domain/judging/nuggetizer-chain";
import { nuggetizerOptionsSchema } from "@/lib/domain/judging/nuggetizer-settings";
import type { AttemptRecord, CallOutcome, ClaimedCall } from "../db/judge-calls";
import {
  CallAborted,
  callChatCompletions,
  ChatCallError,
  type CallOptions,
  type ChatEndpoint,
} from "./chat-completions";
import {
  attemptRecord,
  attemptSums,
  callCacheKey,
  failedOutcome,
  type ChainInputs,
  type PreparedCall,
  type RunSettings,
} from "./judge-call";

/**
 * A nuggetizer call (nugget_creation, nugget_importance): one per question, made as nuggetizer's
 * loop (lib/domain/judging/nuggetizer-chain.ts), one request a window and try, each kept as an
 * attempt of the call. Its reply is its result as a JSON list: the question's nuggets (creation),
 * or one label a nugget, "" for a nugget whose window got no reply (importance); a call whose every
 * window got no reply failed. A call with such a window is not a cache entry (its key is not kept).
 */

export function prepareChain(
  call: ClaimedCall,
  texts: CallTexts | undefined,
  endpoint: Pick<ChatEndpoint, "baseUrl" | "model">,
  run: RunSettings,
  passages: readonly string[],
): PreparedCall {
  const nuggets = texts?.nuggets ?? [];
  const base = { call, parts: nuggets.length, nuggetIds: nuggets.map((n) => n.id) };
  if (!texts?.question) return { ...base, missing: ["question"] };
  const creating = JUDGE_TASKS[run.template.task].labelKind === "nuggets";
  const chain = {
    question: texts.question,
    passages: creating ? passages : [],
    nuggets: creating ? [] : nuggets.map((n) => n.text),
  };
  const { windowSize, maxNuggets, maxTries } = settingsOf(run);
  // the whole chain's inputs and settings stand for its messages: equal ones ask the same, window by window
  const key = [{ role: "user" as const, content: JSON.stringify({ ...chain, windowSize, maxNuggets, maxTries }) }];
  return { ...base, chain, cacheKey: callCacheKey(endpoint, run, key) };
}

const settingsOf = (run: RunSettings) => run.nuggetizer ?? nuggetizerOptionsSchema.parse({});

export async function makeChainCall(
  prepared: Extract<PreparedCall, { chain: ChainInputs }>,
  endpoint: ChatEndpoint & TokenPrices,
  run: RunSettings,
  options: CallOptions,
  wanted: () => boolean = () => true,
): Promise<CallOutcome | null> {
  const attempts: AttemptRecord[] = [];
  let latencyMs = 0;
  const ask: Ask = async (messages, temperature) => {
    // paused, cancelled or stopping between two requests: the call goes back to its run, to be made again whole
    if (!wanted()) return null;
    try {
      const reply = await callChatCompletions(
        endpoint,
        { messages, temperature, seed: run.seed },
        { ...options, onAttempt: (a) => attempts.push(attemptRecord(a, endpoint)) },
      );
      latencyMs += reply.latencyMs;
      return { reply: reply.content };
    } catch (error) {
      if (error instanceof CallAborted) return null;
      if (error instanceof ChatCallError) return { error: error.message };
      throw error;
    }
  };
  const { question, passages, nuggets } = prepared.chain;
  const settings = settingsOf(run);
  const creating = JUDGE_TASKS[run.template.task].labelKind === "nuggets";
  const end: ChainEnd<(string | null)[]> | null = creating
    ? await createNuggets(run.template, question, passages, settings, run.temperature, ask)
    : await scoreNuggets(run.template, question, nuggets, settings, run.temperature, ask);
  if (!end) return null;
  const sums = { attempts, ...attemptSums(attempts) };
  if (end.windows > 0 && end.failedWindows === end.windows)
    return { ...failedOutcome(prepared.call.id, end.lastError ?? "no reply"), ...sums };
  const levels = end.result.map((l) => l ?? "");
  return {
    id: prepared.call.id,
    status: "done",
    cacheKey: end.failedWindows > 0 ? null : prepared.cacheKey,
    cached: false,
    reply: JSON.stringify(levels),
    level: storedLevel(levels),
    levels,
    error:
      end.failedWindows > 0
        ? `${end.failedWindows} of ${end.windows} windows got no reply (the last: ${end.lastError}); ${
            creating ? "the list stayed as it was" : "their nuggets are not graded"
          }`
        : null,
    ...sums,
    latencyMs: Math.round(latencyMs),
    finishedAt: new Date(),
  };
}
