// castorini/nuggetizer's nugget creation and importance scoring (the AutoNuggetizer of the TREC
// 2024 and 2025 RAG tracks), as its code does them (src/nuggetizer/prompts/prompt_templates/
// creator_template.yaml and scorer_template.yaml, prompts/service.py, models/nuggetizer.py at
// d00dc3e): the messages it sends, its windows, and what one window's replies leave. Checked
// against nuggetizer's own rendering and loops (test/fixtures/nuggetizer-prompts).
import { pythonListRepr, readPythonStringList } from "./python-literals";

export type ChatMessage = { role: "system" | "user"; content: string };

const CREATOR = {
  system:
    "You are NuggetizeLLM, an intelligent assistant that can update a list of atomic nuggets to best provide all the information required for the query.",
  user: 'Update the list of atomic nuggets of information (1-12 words), if needed, so they best provide the information required for the query. Leverage only the initial list of nuggets (if exists) and the provided context (this is an iterative process).  Return only the final list of all nuggets in a Pythonic list format (even if no updates). Make sure there is no redundant information. Ensure the updated nugget list has at most {creator_max_nuggets} nuggets (can be less), keeping only the most vital ones. Order them in decreasing order of importance. Prefer nuggets that provide more interesting information.\n\nSearch Query: {query}\nContext:\n{context}\nSearch Query: {query}\nInitial Nugget List: {nuggets}\nInitial Nugget List Length: {nuggets_length}\n\nOnly update the list of atomic nuggets (if needed, else return as is). Do not explain. Always answer in short nuggets (not questions). List in the form ["a", "b", ...] and a and b are strings with no mention of ".\nUpdated Nugget List:',
};

const SCORER = {
  system:
    "You are NuggetizeScoreLLM, an intelligent assistant that can label a list of atomic nuggets based on their importance for a given search query.",
  user: 'Based on the query, label each of the {num_nuggets} nuggets either a vital or okay based on the following criteria. Vital nuggets represent concepts that must be present in a "good" answer; on the other hand, okay nuggets contribute worthwhile information about the target but are not essential. Return the list of labels in a Pythonic list format (type: List[str]). The list should be in the same order as the input nuggets. Make sure to provide a label for each nugget.\n\nSearch Query: {query}\nNugget List: {nuggets}\n\nOnly return the list of labels (List[str]). Do not explain.\nLabels:',
};

/** The maximum the creator's prompt names: nuggetizer's create() renders 30 whatever its own maximum. */
const PROMPT_MAX_NUGGETS = 30;

/** nuggetizer's defaults: 10 passages (or nuggets) a window, at most 30 nuggets, 500 tries a window. */
export const NUGGETIZER_DEFAULTS = { windowSize: 10, maxNuggets: 30, maxTrials: 500 } as const;

/** The temperature of a window's first call, and of every call after a reply that did not parse. */
export const NUGGETIZER_TEMPERATURES = { first: 0, retry: 0.2 } as const;

/** Python's str.format of these templates: each {field} replaced once (what it is replaced with is not read again). */
function format(template: string, fields: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = fields[name];
    if (value === undefined) throw new Error(`no value for {${name}}`);
    return String(value);
  });
}

/**
 * The creator's messages for one window (create_nugget_messages): the question, the window's
 * passages numbered from 1 as "[i] text" (no title), and the nuggets so far as Python's str(list).
 */
export function creatorMessages(query: string, passages: readonly string[], nuggets: readonly string[]): ChatMessage[] {
  const user = format(CREATOR.user, {
    creator_max_nuggets: PROMPT_MAX_NUGGETS,
    query,
    context: passages.map((p, i) => `[${i + 1}] ${p}`).join("\n"),
    nuggets: pythonListRepr(nuggets),
    nuggets_length: nuggets.length,
  });
  return [
    { role: "system", content: CREATOR.system },
    { role: "user", content: user },
  ];
}

/** The scorer's messages for one window of nuggets (create_score_messages). */
export function scorerMessages(query: string, nuggets: readonly string[]): ChatMessage[] {
  const user = format(SCORER.user, { num_nuggets: nuggets.length, query, nuggets: pythonListRepr(nuggets) });
  return [
    { role: "system", content: SCORER.system },
    { role: "user", content: user },
  ];
}

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

export const firstTry = (maxTrials: number): WindowState => ({
  trialsLeft: maxTrials,
  temperature: NUGGETIZER_TEMPERATURES.first,
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
  const read = readPythonStringList(outcome.reply)?.map((l) => l.toLowerCase());
  if (read && read.length === count && read.every((l) => l === "vital" || l === "okay"))
    return { labels: read as Importance[] };
  return state.trialsLeft > 1
    ? { retry: { trialsLeft: state.trialsLeft - 1, temperature: NUGGETIZER_TEMPERATURES.retry } }
    : { labels: Array<Importance>(count).fill("okay") };
}
