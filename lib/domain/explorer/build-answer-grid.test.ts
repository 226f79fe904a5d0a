import { describe, expect, it } from "vitest";
import { nuggetAnswerKey } from "../targets";
import { buildAnswerGrid } from "./build-answer-grid";

const label = (nugget: number, system: number, value: string, judge: string, kind = "model") => ({
  targetKey: nuggetAnswerKey(nugget, system),
  value,
  judge: { name: judge, kind },
});

describe("buildAnswerGrid", () => {
  it("lays out each answer's assignments by nugget and judge, LLMs first, and counts the nuggets judges disagree on", () => {
    const grid = buildAnswerGrid({
      nuggets: [{ id: 11 }, { id: 12 }],
      answers: [
        { systemId: 2, system: "sys-b", html: "b" },
        { systemId: 1, system: "sys-a", html: "a" },
      ],
      labels: [
        label(11, 1, "support", "nist", "human"),
        label(11, 1, "support", "gpt-4o"),
        label(12, 1, "not_support", "nist", "human"),
        label(12, 1, "partial_support", "gpt-4o"),
        label(11, 2, "support", "gpt-4o"),
        label(12, 2, "bogus", "gpt-4o"),
      ],
    });
    expect(grid.judges).toEqual([
      { name: "gpt-4o", kind: "model" },
      { name: "nist", kind: "human" },
    ]);
    expect(grid.answers).toEqual([
      {
        systemId: 1,
        system: "sys-a",
        html: "a",
        assignments: [
          ["support", "support"],
          ["partial_support", "not_support"],
        ],
        disagreements: 1,
      },
      {
        systemId: 2,
        system: "sys-b",
        html: "b",
        assignments: [
          ["support", null],
          [null, null],
        ],
        disagreements: 0,
      },
    ]);
  });
});
