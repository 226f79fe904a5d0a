// castorini/nuggetizer's nugget creation and importance scoring (the AutoNuggetizer of the TREC
// 2024 and 2025 RAG tracks), as its code does them (models/nuggetizer.py at d00dc3e): its windows,
// and what one window's replies leave. Its prompts are the built-in templates nuggetizer-create and
// nuggetizer-score (builtin-templates.ts), filled by the tasks nugget_creation and
// nugget_importance. Checked against nuggetizer's own rendering and loops
// (test/fixtures/nuggetizer-prompts).
import { readPythonStringList } from "./python-literals";

/** nuggetizer's defaults: 10 passages (or nuggets) a window, at most 30 nuggets, 500 tries a window. */
export const NUGGETIZER_DEFAULTS = { windowSize: 10, maxNuggets: 30, maxTrials: 500 } as const;

/**
 * The tries of a window Assay makes unless told otherwise: nuggetizer's 500 would, with a model
 * that never answers in a list, make 500 paid calls a window; 5 (0, then 0.2 four times) is what
 * a reply that parses needs in practice. A run may set 1 to 500.
 */
export const DEFAULT_TRIES = 5;

/** The temperature of a window's first call, and of every call after a reply that did not parse. */
export const NUGGETIZER_TEMPERATURES = { first: 0, retry: 0.2 } as const;

/** nuggetizer's windows over `total` passages or nuggets: [start, end) of `size` each, the last shorter. */
export function windowBounds(total: number, size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < total; start += size) out.push([start, Math.min(start + size, total)]);
  return out;
}

/** What one call of a window gave: a reply, or an endpoint failure. */
export type WindowOutcome = { reply: string } | { error: string };

/** A window in progress: the nuggets so far (creation) and the tries left and the next call's temperature. */
export type WindowState = { trialsLeft: number; temperature: number };

/** A window's first try: all its tries left, at nuggetizer's temperature 0 unless the run sets another. */
export const firstTry = (maxTrials: number, temperature: number = NUGGETIZER_TEMPERATURES.first): WindowState => ({
  trialsLeft: maxTrials,
  temperature,
});

/**
 * One call of a creation window (_create_window_sync): a reply that reads as a list of str (see
 * readPythonStringList) replaces the nuggets, cut to `maxNuggets`; an endpoint failure keeps the
 * nuggets so far; a reply that does not read is tried again at 0.2 while tries are left, else the
 * nuggets so far stay. Unlike nuggetizer, whose cast is unchecked, a string or a list of anything
 * but str does not read (nuggetizer would keep a string, or numbers, as the nuggets).
 */
export function creatorStep(
  current: readonly string[],
  state: WindowState,
  outcome: WindowOutcome,
  maxNuggets: number,
): { nuggets: string[] } | { retry: WindowState } {
  if ("error" in outcome) return { nuggets: [...current] };
  const list = readPythonStringList(outcome.reply);
  if (list) return { nuggets: list.slice(0, maxNuggets) };
  return state.trialsLeft > 1
    ? { retry: { trialsLeft: state.trialsLeft - 1, temperature: NUGGETIZER_TEMPERATURES.retry } }
    : { nuggets: [...current] };
}

export type Importance = "vital" | "okay";

/**
 * One call of a scoring window (_score_window_sync): a reply that reads as a list of exactly one
 * label a nugget, each vital or okay in any case, grades the window's nuggets in order; otherwise
 * it is tried again at 0.2 while tries are left, and then every nugget of the window is okay, as
 * nuggetizer does. Unlike nuggetizer, another label ("essential") does not read, and an endpoint
 * failure leaves the window's nuggets not graded (null) where nuggetizer drops them.
 */
export function scorerStep(
  count: number,
  state: WindowState,
  outcome: WindowOutcome,
): { labels: (Importance | null)[] } | { retry: WindowState } {
  if ("error" in outcome) return { labels: Array<null>(count).fill(null) };
  const read = readImportance(outcome.reply, count);
  if (read) return { labels: read };
  return state.trialsLeft > 1
    ? { retry: { trialsLeft: state.trialsLeft - 1, temperature: NUGGETIZER_TEMPERATURES.retry } }
    : { labels: Array<Importance>(count).fill("okay") };
}

/** A scorer's reply read: exactly `count` labels, each vital or okay in any case (lower-cased); else null. */
export function readImportance(reply: string, count: number): Importance[] | null {
  const read = readPythonStringList(reply)?.map((l) => l.toLowerCase());
  return read && read.length === count && read.every((l) => l === "vital" || l === "okay")
    ? (read as Importance[])
    : null;
}
