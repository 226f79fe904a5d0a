import { describe, expect, it } from "vitest";
import { PREFERENCE_SCALE_ID } from "../../scales";
import { checkTemplate, type JudgeTemplate } from "../judge-template";
import { judgeTaskSchema, type CallTexts } from "./judge-task";
import { JUDGE_TASKS, judgeTaskList, judgeTaskOf, judgeTaskOfPairs } from "./registry";
import { storedLevel } from "./reply-levels";

const texts: CallTexts = {
  question: "What is BM25?",
  answer: "A ranking function.",
  nugget: "BM25 ranks documents",
  title: "Okapi",
  chunk: "BM25 is a bag-of-words ranking function.",
  answerA: "first answer",
  answerB: "second answer",
  nuggets: [],
  sentence: null,
};

const rule = (scale: string): Pick<JudgeTemplate, "scale" | "output"> => ({
  scale,
  output: { kind: "regex", pattern: "score:\\s*(\\w+)", ignoreCase: true, map: {} },
});

describe("the judge task registry", () => {
  it("has an entry per task id, under its own id, each offering its required fields", () => {
    expect(judgeTaskList().map((t) => t.id)).toEqual(judgeTaskSchema.options);
    for (const task of judgeTaskList()) {
      expect(JUDGE_TASKS[task.id]).toBe(task);
      for (const field of task.required) expect(task.fields).toContain(field);
      expect(Object.keys(task.sampleLabels).length).toBeGreaterThan(0);
    }
    expect(() => judgeTaskOf("citation")).toThrow('unknown judge task "citation"');
  });

  it("fills a pair task's prompt from the pair's texts, and no answer pair", () => {
    expect(JUDGE_TASKS.relevance.promptInputs(texts, false)).toEqual({
      question: "What is BM25?",
      answer: "A ranking function.",
      nugget: "BM25 ranks documents",
      title: "Okapi",
      chunk: "BM25 is a bag-of-words ranking function.",
    });
    expect(judgeTaskOfPairs("query_document")?.id).toBe("relevance");
    expect(judgeTaskOfPairs("nugget_document")?.id).toBe("support");
  });

  it("fills nuggetizer's prompts with a window's passages and the nuggets so far, and reads its Python lists", () => {
    const window = {
      ...texts,
      nuggets: [{ id: 1, text: "It's a ranking function" }],
      passages: ["BM25 ranks.", "TF\nIDF"],
    };
    expect(JUDGE_TASKS.nugget_creation.promptInputs(window, false)).toEqual({
      question: "What is BM25?",
      passages: "[1] BM25 ranks.\n[2] TF\nIDF",
      nuggets: `["It's a ranking function"]`,
      nuggets_length: "1",
    });
    expect(JUDGE_TASKS.nugget_importance.promptInputs(window, false)).toEqual({
      question: "What is BM25?",
      nuggets: `["It's a ranking function"]`,
      nuggets_length: "1",
    });
    const r = rule("nugget-importance");
    expect(JUDGE_TASKS.nugget_creation.readReply(r, "```python\n['a', \"b\"]\n```", 1)).toEqual({ levels: ["a", "b"] });
    expect(JUDGE_TASKS.nugget_creation.readReply(r, "'a'", 1)).toEqual({
      error: "the reply is not a Python list of strings",
    });
    expect(JUDGE_TASKS.nugget_importance.readReply(r, "['Vital', 'okay']", 2)).toEqual({ levels: ["vital", "okay"] });
    expect(JUDGE_TASKS.nugget_importance.readReply(r, "['vital']", 2)).toEqual({
      error: "the reply is not a Python list of 2 labels, vital or okay",
    });
    expect(JUDGE_TASKS.nugget_importance.partsOf(window)).toBe(1);
  });

  it("shows a both-orders task's answers in the call's order", () => {
    const task = JUDGE_TASKS.preference;
    expect(task.bothOrders).toBe(true);
    expect(task.promptInputs(texts, false)).toMatchObject({ answer_a: "first answer", answer_b: "second answer" });
    expect(task.promptInputs(texts, true)).toMatchObject({ answer_a: "second answer", answer_b: "first answer" });
    expect(task.callKeyOfLabel({ targetKey: "sp:3:1:2:coverage", queryId: 3 })).toBe("sp:3:1:2");
    expect(JUDGE_TASKS.support.callKeyOfLabel({ targetKey: "nd:3:4", queryId: 1 })).toBe("nd:3:4");
  });

  it("reads a reply into a list of levels: one for today's tasks, or why there is none", () => {
    expect(JUDGE_TASKS.relevance.readReply(rule("relevance-3"), "so... score: 2", 1)).toEqual({
      levels: ["relevant"],
    });
    expect(JUDGE_TASKS.preference.readReply(rule(PREFERENCE_SCALE_ID), "score: b", 1)).toEqual({ levels: ["b"] });
    expect(JUDGE_TASKS.support.readReply(rule("binary"), "no verdict", 1)).toEqual({
      error: "no match for /score:\\s*(\\w+)/ in the reply",
    });
    expect(storedLevel(["1"])).toBe("1");
    expect(storedLevel(["support", "not_support"])).toBe('["support","not_support"]');
    expect(storedLevel([])).toBeNull();
  });

  it("asks a nugget assignment about one answer, its nuggets numbered, and reads one level per nugget", () => {
    const task = JUDGE_TASKS.nugget_assignment;
    const answer: CallTexts = {
      ...texts,
      answerA: "BM25 ranks documents by term frequency [1].",
      nuggets: [
        { id: 7, text: "BM25 is a ranking function" },
        { id: 9, text: "BM25 saturates term frequency" },
      ],
    };
    expect(task.promptInputs(answer, false)).toEqual({
      question: "What is BM25?",
      response: "BM25 ranks documents by term frequency [1].",
      nuggets: "1. BM25 is a ranking function\n2. BM25 saturates term frequency",
    });
    // no nuggets: the prompt's {{nuggets}} is missing and the call is skipped, as a pair without its chunk
    expect(task.promptInputs(texts, false).nuggets).toBeNull();
    expect(task.partsOf(answer)).toBe(2);
    const json: Pick<JudgeTemplate, "scale" | "output"> = {
      scale: "nugget-assignment",
      output: { kind: "json", field: "assignments", map: { partial: "partial_support" } },
    };
    expect(task.readReply(json, 'Thinking.\n{"assignments": ["support", "partial"]}', 2)).toEqual({
      levels: ["support", "partial_support"],
    });
    // a Python list, as nuggetizer's assigner replies, read by an expression
    const list: Pick<JudgeTemplate, "scale" | "output"> = {
      scale: "nugget-assignment",
      output: { kind: "regex", pattern: "(\\[[^\\]]*\\])", ignoreCase: false, map: {} },
    };
    expect(task.readReply(list, "['not_support', 'support']", 2)).toEqual({ levels: ["not_support", "support"] });
    expect(task.readReply(list, '["support"]', 2)).toEqual({ error: "the reply gives 1 level for 2 parts" });
    expect(task.readReply(list, '["support", "maybe"]', 2)).toEqual({
      error: '"maybe" (number 2) is not a level of nugget-assignment (not_support, partial_support, support)',
    });
    // a nugget's label in an answer is of the call on the answer
    expect(task.callKeyOfLabel({ targetKey: "na:9:4", queryId: 3 })).toBe("a:3:4");
    expect(task.scales).toEqual(["nugget-assignment"]);
    expect(JUDGE_TASKS.relevance.scales).not.toContain("nugget-assignment");
  });

  it("lets a template use only its task's scales", () => {
    const template: JudgeTemplate = {
      name: "t",
      task: "support",
      scale: "binary",
      system: "",
      prompt: "{{nugget}} {{chunk}}",
      output: rule("binary").output,
    };
    expect(checkTemplate(template)).toEqual([]);
    expect(JUDGE_TASKS.support.scales).not.toContain(PREFERENCE_SCALE_ID);
    expect(JUDGE_TASKS.preference.scales).toEqual([PREFERENCE_SCALE_ID]);
  });
});
