import { describe, expect, it } from "vitest";
import { DEFAULT_CRITERIA } from "../preferences/criteria";
import { BUILTIN_SCALES } from "../scales";
import { assign, assignmentMismatch, focusAssignment } from "./nugget-assignment";
import { setMissing, toggleMark, writeMissing, focusNugget } from "./nugget-quality";
import { choose, focusCriterion } from "./preference";
import { annotationPayloadSchema, labelsPairs, TASK_TYPES } from "./registry";
import { taskTypeSchema, type DraftContext } from "./task-type";

const SIDES = "0123456789abcdef0123456789abcdef";
const context: DraftContext = { nuggetIds: ["n1", "n2"], criteria: DEFAULT_CRITERIA, sides: SIDES };

describe("the registry", () => {
  it("has every task type, under its own id", () => {
    expect(Object.keys(TASK_TYPES).sort()).toEqual([...taskTypeSchema.options].sort());
    for (const [id, task] of Object.entries(TASK_TYPES)) expect(task.id).toBe(id);
  });

  it("labels pairs for support and relevance only", () => {
    expect(taskTypeSchema.options.filter(labelsPairs)).toEqual(["support", "relevance"]);
  });
});

describe("payloads are discriminated by task type", () => {
  it.each([
    [{ taskType: "support", level: "1" }, true],
    [{ taskType: "relevance", level: "2" }, true],
    [{ taskType: "support", level: "1", extra: 1 }, false],
    [{ level: "1" }, false],
    [{ taskType: "nugget_quality", nuggets: [], missing: 1, missingNuggets: ["x"] }, true],
    [{ taskType: "nugget_quality", nuggets: [], missing: 0, missingNuggets: ["x"] }, false],
    [{ taskType: "preference", sides: SIDES, choices: { coverage: "1" } }, true],
    [{ taskType: "preference", sides: "not-a-token", choices: {} }, false],
    [{ taskType: "preference", level: "1" }, false],
    [{ taskType: "nugget_assignment", assignments: { n1: "support", n2: "not_support" } }, true],
    [{ taskType: "nugget_assignment", assignments: { n1: "maybe" } }, false],
  ])("%j parses: %s", (payload, ok) => expect(annotationPayloadSchema.safeParse(payload).success).toBe(ok));
});

describe("support and relevance drafts", () => {
  it("start from the saved level and send it once chosen", () => {
    const { support, relevance } = TASK_TYPES;
    expect(support.startDraft(undefined, context)).toEqual({ level: null });
    expect(support.payloadOf({ level: null }, context)).toBeNull();
    const saved = relevance.savedView({ level: "relevant" }, BUILTIN_SCALES["relevance-3"]);
    expect(saved).toEqual({ level: "relevant", review: null, preference: null });
    expect(relevance.payloadOf(relevance.startDraft(saved, context), context)).toEqual({
      taskType: "relevance",
      level: "relevant",
    });
  });

  it("refuse a stored level that is not on the scale", () => {
    expect(() => TASK_TYPES.support.savedView({ level: "7" }, BUILTIN_SCALES.binary)).toThrow();
  });
});

describe("nugget-quality drafts", () => {
  const task = TASK_TYPES.nugget_quality;

  it("start blank, and from a saved review brought up to the current nuggets", () => {
    const blank = task.startDraft(undefined, context);
    expect(blank.review.nuggets.map((n) => n.nugget)).toEqual(["n1", "n2"]);
    const saved = task.savedView(
      { nuggets: [{ nugget: "n1", hallucinated: true, redundant: false }], missing: 2, missingNuggets: ["m"] },
      BUILTIN_SCALES.binary,
    );
    const draft = task.startDraft(saved, context);
    expect(draft.review.nuggets).toEqual([
      { nugget: "n1", hallucinated: true, redundant: false },
      { nugget: "n2", hallucinated: false, redundant: false },
    ]);
    expect(draft.missingText).toBe("m");
  });

  it("toggle marks, keep C at least the missing nuggets written, and send the lines typed", () => {
    let draft = task.startDraft(undefined, context);
    draft = toggleMark(focusNugget(draft, 1), 1, "redundant");
    expect(draft.focus).toBe(1);
    expect(focusNugget(draft, 1).focus).toBe(1);
    draft = writeMissing(draft, " first \n\n second ");
    expect(draft.review.missing).toBe(2);
    expect(setMissing(draft, 1).review.missing).toBe(2);
    expect(setMissing(draft, 5).review.missing).toBe(5);
    expect(task.payloadOf(draft, context)).toEqual({
      taskType: "nugget_quality",
      nuggets: [
        { nugget: "n1", hallucinated: false, redundant: false },
        { nugget: "n2", hallucinated: false, redundant: true },
      ],
      missing: 2,
      missingNuggets: ["first", "second"],
    });
  });
});

describe("preference drafts", () => {
  const task = TASK_TYPES.preference;

  it("send nothing until every criterion has a choice, and move down the list as it is chosen", () => {
    let draft = task.startDraft(undefined, context);
    for (const [i, c] of DEFAULT_CRITERIA.entries()) {
      expect(task.payloadOf(draft, context)).toBeNull();
      draft = choose(draft, DEFAULT_CRITERIA, c.id, i % 2 === 0 ? "1" : "none");
      expect(draft.focus).toBe(Math.min(i + 1, DEFAULT_CRITERIA.length - 1));
    }
    expect(task.payloadOf(draft, context)).toMatchObject({ taskType: "preference", sides: SIDES });
    expect(task.payloadOf(draft, { ...context, sides: null })).toBeNull();
    expect(focusCriterion(draft, 1, DEFAULT_CRITERIA.length).focus).toBe(DEFAULT_CRITERIA.length - 1);
    expect(focusCriterion({ ...draft, focus: 0 }, -1, DEFAULT_CRITERIA.length).focus).toBe(0);
  });

  it("show a stored preference back by screen position", () => {
    const saved = task.savedView(
      { choices: { coverage: "b", clarity: "none" }, left: "b", justifications: {} },
      BUILTIN_SCALES.binary,
    );
    expect(saved.preference?.choices).toEqual({ coverage: "1", clarity: "none" });
  });
});

describe("nugget assignment drafts", () => {
  const { nugget_assignment: task } = TASK_TYPES;
  it("start from the saved assignments of the item's nuggets, focused on the first not assigned, and send all of them", () => {
    const draft = task.startDraft(
      { level: null, review: null, preference: null, assignments: { n1: "support", gone: "support" } },
      context,
    );
    expect(draft).toEqual({ ids: ["n1", "n2"], assignments: { n1: "support" }, focus: 1 });
    expect(task.payloadOf(draft, context)).toBeNull();
    const done = assign(draft, 1, "partial_support");
    expect(done.focus).toBe(1);
    expect(task.payloadOf(done, context)).toEqual({
      taskType: "nugget_assignment",
      assignments: { n1: "support", n2: "partial_support" },
    });
  });

  it("move the focus within the list, and refuse a payload that misses or adds a nugget", () => {
    const draft = task.startDraft(undefined, context);
    expect(focusAssignment(draft, -1).focus).toBe(0);
    expect(focusAssignment(focusAssignment(draft, 1), 1).focus).toBe(1);
    expect(assignmentMismatch({ n1: "support" }, ["n1", "n2"])).toBe("1 of the 2 nuggets have no assignment");
    expect(assignmentMismatch({ n1: "support", n2: "support", n3: "support" }, ["n1", "n2"])).toBe(
      'the answer\'s question has no nugget "n3" in this campaign',
    );
    expect(assignmentMismatch({ n1: "support", n2: "not_support" }, ["n1", "n2"])).toBeNull();
  });
});
