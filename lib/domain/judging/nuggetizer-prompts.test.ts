import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { builtinTemplate } from "./builtin-templates";
import { nuggetCreation, nuggetImportance } from "./judge-tasks/nugget-creation";
import type { CallTexts } from "./judge-tasks/judge-task";
import {
  creatorStep,
  firstTry,
  NUGGETIZER_DEFAULTS,
  scorerStep,
  windowBounds,
  type WindowState,
} from "./nuggetizer-prompts";
import { renderPrompt, type ChatMessage } from "./render-prompt";

// castorini/nuggetizer's own rendering and window loops, run by make-reference.py beside the file
type Reference = {
  creator: { query: string; passages: string[]; nuggets: string[]; messages: ChatMessage[] }[];
  scorer: { query: string; nuggets: string[]; messages: ChatMessage[] }[];
  create_windows: { name: string; current: string[]; replies: string[]; after: unknown; temperatures: number[] }[];
  score_windows: {
    name: string;
    nuggets: string[];
    replies: string[];
    after: { text: string; importance: string }[];
    temperatures: number[];
  }[];
};
const reference = JSON.parse(fs.readFileSync("test/fixtures/nuggetizer-prompts/reference.json", "utf8")) as Reference;
/** A window's texts as a run's call gives them to its task. */
const texts = (question: string, nuggets: string[], passages?: string[]): CallTexts => ({
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
/** The messages of the built-in templates, filled by their tasks, as a run sends them. */
const creatorMessages = (query: string, passages: string[], nuggets: string[]) =>
  renderPrompt(
    builtinTemplate("nuggetizer-create")!,
    nuggetCreation.promptInputs(texts(query, nuggets, passages), false),
  );
const scorerMessages = (query: string, nuggets: string[]) =>
  renderPrompt(builtinTemplate("nuggetizer-score")!, nuggetImportance.promptInputs(texts(query, nuggets), false));
const outcome = (reply: string) => (reply === "error" ? { error: "endpoint failed" } : { reply });

/** A window run as nuggetizer runs it, one scripted reply a call: what it leaves and each call's temperature. */
function createWindow(current: string[], replies: string[]) {
  let state: WindowState = firstTry(NUGGETIZER_DEFAULTS.maxTrials);
  const temperatures: number[] = [];
  for (const reply of replies) {
    temperatures.push(state.temperature);
    const step = creatorStep(current, state, outcome(reply), NUGGETIZER_DEFAULTS.maxNuggets);
    if ("nuggets" in step) return { after: step.nuggets, temperatures };
    state = step.retry;
  }
  throw new Error("the script ran out of replies");
}

function scoreWindow(nuggets: string[], replies: string[]) {
  let state: WindowState = firstTry(NUGGETIZER_DEFAULTS.maxTrials);
  const temperatures: number[] = [];
  for (const reply of replies) {
    temperatures.push(state.temperature);
    const step = scorerStep(nuggets.length, state, outcome(reply));
    if ("labels" in step)
      return { after: nuggets.map((text, i) => ({ text, importance: step.labels[i] })), temperatures };
    state = step.retry;
  }
  throw new Error("the script ran out of replies");
}

describe("nuggetizer's prompts", () => {
  it("renders the creator's messages as nuggetizer does, for every question, window and list", () => {
    expect(reference.creator).toHaveLength(27);
    for (const c of reference.creator)
      expect(creatorMessages(c.query, c.passages, c.nuggets)).toEqual({ messages: c.messages });
  });

  it("renders the scorer's messages as nuggetizer does", () => {
    expect(reference.scorer).toHaveLength(6);
    for (const s of reference.scorer) expect(scorerMessages(s.query, s.nuggets)).toEqual({ messages: s.messages });
  });

  it("cuts passages and nuggets into nuggetizer's windows", () => {
    expect(windowBounds(0, 10)).toEqual([]);
    expect(windowBounds(10, 10)).toEqual([[0, 10]]);
    expect(windowBounds(23, 10)).toEqual([
      [0, 10],
      [10, 20],
      [20, 23],
    ]);
  });
});

describe("a window's replies", () => {
  // nuggetizer takes a string or a list of numbers as the nuggets (its cast is unchecked): Assay refuses them
  const refused = new Set(["a string (nuggetizer takes it)", "a list of numbers (nuggetizer takes it)"]);

  it("leave the nugget list nuggetizer's creator leaves, with the same temperatures", () => {
    for (const w of reference.create_windows.filter((w) => !refused.has(w.name)))
      expect({ name: w.name, ...createWindow(w.current, w.replies) }).toEqual({
        name: w.name,
        after: w.after,
        temperatures: w.temperatures,
      });
  });

  it("refuse what nuggetizer takes unchecked, and try again", () => {
    for (const w of reference.create_windows.filter((w) => refused.has(w.name))) {
      expect(typeof w.after === "string" || (w.after as unknown[]).some((n) => typeof n !== "string")).toBe(true);
      expect(createWindow(w.current, [...w.replies, '["a"]'])).toEqual({ after: ["a"], temperatures: [0, 0.2] });
    }
  });

  it("grade the nuggets as nuggetizer's scorer does, every one okay after the last try", () => {
    for (const w of reference.score_windows.filter((w) => w.name !== "another label (nuggetizer takes it)"))
      expect({ name: w.name, ...scoreWindow(w.nuggets, w.replies) }).toEqual({
        name: w.name,
        after: w.after,
        temperatures: w.temperatures,
      });
  });

  it("refuse a label other than vital or okay, and leave a window an endpoint failed not graded", () => {
    const other = reference.score_windows.find((w) => w.name === "another label (nuggetizer takes it)")!;
    expect(other.after).toEqual([{ text: "a", importance: "essential" }]);
    expect(scoreWindow(other.nuggets, [...other.replies, '["okay"]'])).toEqual({
      after: [{ text: "a", importance: "okay" }],
      temperatures: [0, 0.2],
    });
    expect(scoreWindow(["a", "b"], ["error"])).toEqual({
      after: [
        { text: "a", importance: null },
        { text: "b", importance: null },
      ],
      temperatures: [0],
    });
  });

  it("stops at a smaller limit of tries as it would at nuggetizer's 500", () => {
    let state = firstTry(2);
    const first = creatorStep(["x"], state, { reply: "nope" }, 30);
    expect(first).toEqual({ retry: { trialsLeft: 1, temperature: 0.2 } });
    state = (first as { retry: WindowState }).retry;
    expect(creatorStep(["x"], state, { reply: "nope" }, 30)).toEqual({ nuggets: ["x"] });
    expect(scorerStep(2, state, { reply: "nope" })).toEqual({ labels: ["okay", "okay"] });
  });
});
