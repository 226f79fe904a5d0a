import { describe, expect, it } from "vitest";
import { questionTitle } from "./question-title";

describe("questionTitle", () => {
  it.each([
    ["Retry a job", "How do I retry?", "Retry a job"],
    ["", "What is the screen resolution of vision pro?", "What is the screen resolution of vision pro?"],
    ["  ", "\n\n## How   do I\tretry?\nDetails follow.", "How do I retry?"],
    ["", "", ""],
  ])("title %j, body %j: %j", (title, body, expected) => {
    expect(questionTitle(title, body)).toBe(expected);
  });

  it("cuts a long first line with an ellipsis", () => {
    expect(questionTitle("", "x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
