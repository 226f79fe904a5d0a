import { describe, expect, it } from "vitest";
import { BUILTIN_TEMPLATES } from "./builtin-templates";
import { withExamples } from "./few-shot";
import { checkTemplate } from "./judge-template";

describe("withExamples", () => {
  const umbrela = BUILTIN_TEMPLATES[0]!;

  it("puts the examples before the prompt, with the fields the prompt names and the people's level", () => {
    const next = withExamples(umbrela, [
      {
        inputs: { question: "How do I retry?", title: "retry.md", chunk: "Use retry().", answer: "ignored" },
        levels: ["3"],
      },
      { inputs: { question: "Why?", title: "", chunk: "Unrelated." }, levels: ["0"] },
    ]);
    expect(next.prompt.endsWith(umbrela.prompt)).toBe(true);
    expect(next.prompt).toContain(
      "Example 1:\nQuestion:\nHow do I retry?\nTitle:\nretry.md\nPassage:\nUse retry().\nExpert judgment: 3 (Perfectly relevant)",
    );
    expect(next.prompt).toContain(
      "Example 2:\nQuestion:\nWhy?\nTitle:\n\nPassage:\nUnrelated.\nExpert judgment: 0 (Irrelevant)",
    );
    // the gold answer is not a field of this prompt: left out
    expect(next.prompt).not.toContain("ignored");
    expect(checkTemplate(next)).toEqual([]);
    expect({ ...next, prompt: umbrela.prompt }).toEqual(umbrela);
  });

  it("keeps an example's braces from becoming a field of the prompt", () => {
    const next = withExamples(umbrela, [
      { inputs: { question: "Q", title: "", chunk: "a {{question}} b" }, levels: ["1"] },
    ]);
    expect(next.prompt).toContain("a { {question}} b");
    expect(checkTemplate(next)).toEqual([]);
  });

  it("leaves a template without examples as it is", () => {
    expect(withExamples(umbrela, [])).toBe(umbrela);
  });
});
