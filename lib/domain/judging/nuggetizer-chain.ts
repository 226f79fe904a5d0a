import type { CallTexts } from "./judge-tasks/judge-task";
import { nuggetCreation, nuggetImportance } from "./judge-tasks/nugget-creation";
import type { JudgeTemplate } from "./judge-template";
import {
  creatorStep,
  firstTry,
  scorerStep,
  windowBounds,
  type Importance,
  type WindowOutcome,
  type WindowState,
} from "./nuggetizer-prompts";
import type { NuggetizerOptions } from "./nuggetizer-settings";
import { renderPrompt, type ChatMessage } from "./render-prompt";

/**
 * Asks the endpoint once (with its own retries of transport errors): its reply, or why none came;
 * null when the run was stopped meanwhile.
 */
export type Ask = (messages: ChatMessage[], temperature: number) => Promise<WindowOutcome | null>;

/** A question's chain as it ended: what it made, how many windows got no reply at all, and the last error. */
export type ChainEnd<T> = { result: T; windows: number; failedWindows: number; lastError: string | null };

type Settings = Pick<NuggetizerOptions, "windowSize" | "maxNuggets" | "maxTries">;

const textsOf = (question: string, nuggets: readonly string[], passages?: readonly string[]): CallTexts => ({
  question,
  answer: null,
  nugget: null,
  title: null,
  chunk: null,
  answerA: null,
  answerB: null,
  sentence: null,
  nuggets: nuggets.map((text, i) => ({ id: i + 1, text })),
  passages,
});

/** The messages a template asks for; a template that names a field these tasks do not fill is refused when saved. */
function messagesOf(template: JudgeTemplate, texts: CallTexts, task: typeof nuggetCreation | typeof nuggetImportance) {
  const rendered = renderPrompt(template, task.promptInputs(texts, false));
  if ("missing" in rendered) throw new Error(`the template names ${rendered.missing.join(", ")}, which is empty`);
  return rendered.messages;
}

/**
 * Runs one window's tries: ask at `temperature`, then at 0.2 while `step` says to try again.
 * Null when stopped.
 */
async function windowTries<T>(
  settings: Settings,
  temperature: number,
  messages: ChatMessage[],
  ask: Ask,
  step: (state: WindowState, outcome: WindowOutcome) => T | { retry: WindowState },
): Promise<{ value: T; failed: string | null } | null> {
  let state = firstTry(settings.maxTries, temperature);
  for (;;) {
    const outcome = await ask(messages, state.temperature);
    if (!outcome) return null;
    const next = step(state, outcome);
    if (next && typeof next === "object" && "retry" in next) state = next.retry;
    else return { value: next as T, failed: "error" in outcome ? outcome.error : null };
  }
}

/**
 * nuggetizer's creation of a question's nuggets: the passages in windows of `windowSize`, each
 * window's list replacing the one before (creatorStep); the first call of a window at the run's
 * temperature (nuggetizer's 0 by default), a retry at 0.2. Null when stopped.
 */
export async function createNuggets(
  template: JudgeTemplate,
  question: string,
  passages: readonly string[],
  settings: Settings,
  temperature: number,
  ask: Ask,
): Promise<ChainEnd<string[]> | null> {
  let nuggets: string[] = [];
  const end: ChainEnd<string[]> = { result: [], windows: 0, failedWindows: 0, lastError: null };
  for (const [start, stop] of windowBounds(passages.length, settings.windowSize)) {
    const messages = messagesOf(template, textsOf(question, nuggets, passages.slice(start, stop)), nuggetCreation);
    const done = await windowTries(settings, temperature, messages, ask, (state, outcome) =>
      creatorStep(nuggets, state, outcome, settings.maxNuggets),
    );
    if (!done) return null;
    nuggets = done.value.nuggets;
    end.windows++;
    if (done.failed) [end.failedWindows, end.lastError] = [end.failedWindows + 1, done.failed];
  }
  return { ...end, result: nuggets };
}

/**
 * nuggetizer's importance of a question's nuggets: windows of `windowSize` nuggets, one label each
 * (scorerStep); a window no reply came for is left not graded (null). Null when stopped.
 */
export async function scoreNuggets(
  template: JudgeTemplate,
  question: string,
  nuggets: readonly string[],
  settings: Settings,
  temperature: number,
  ask: Ask,
): Promise<ChainEnd<(Importance | null)[]> | null> {
  const labels: (Importance | null)[] = [];
  const end = { windows: 0, failedWindows: 0, lastError: null as string | null };
  for (const [start, stop] of windowBounds(nuggets.length, settings.windowSize)) {
    const window = nuggets.slice(start, stop);
    const messages = messagesOf(template, textsOf(question, window), nuggetImportance);
    const done = await windowTries(settings, temperature, messages, ask, (state, outcome) =>
      scorerStep(window.length, state, outcome),
    );
    if (!done) return null;
    labels.push(...done.value.labels);
    end.windows++;
    if (done.failed) [end.failedWindows, end.lastError] = [end.failedWindows + 1, done.failed];
  }
  return { ...end, result: labels };
}

/**
 * A nuggetizer call's result as its reply keeps it (a JSON list: the question's nuggets, or one
 * label a nugget, "" for one not graded), read back from the cache; an error when it is not one.
 */
export function readChainResult(reply: string): { levels: string[] } | { error: string } {
  try {
    const value: unknown = JSON.parse(reply);
    if (Array.isArray(value) && value.every((v) => typeof v === "string")) return { levels: value };
  } catch {
    // not a nuggetizer call's result
  }
  return { error: "not a nuggetizer call's result" };
}
