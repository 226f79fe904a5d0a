import { describe, expect, it } from "vitest";
import { renderPrompt } from "./render-prompt";

describe("renderPrompt", () => {
  it("fills every field with the item's text as it is, once, and adds the system text when there is one", () => {
    const rendered = renderPrompt(
      { system: "Judge {{question}} carefully. ", prompt: "Q: {{question}}\nC: {{ chunk }}\nQ again: {{question}}" },
      { question: "Why $&?", chunk: "a chunk naming {{question}} literally" },
    );
    expect(rendered).toEqual({
      messages: [
        { role: "system", content: "Judge Why $&? carefully." },
        { role: "user", content: "Q: Why $&?\nC: a chunk naming {{question}} literally\nQ again: Why $&?" },
      ],
    });
  });

  it("sends no system message for an empty system text, and an empty field as empty", () => {
    expect(renderPrompt({ system: "  ", prompt: "[{{title}}] {{chunk}}" }, { title: "", chunk: "x" })).toEqual({
      messages: [{ role: "user", content: "[] x" }],
    });
  });

  it("lists the fields an item lacks instead of sending a prompt without them", () => {
    expect(
      renderPrompt({ system: "", prompt: "{{question}} {{answer}} {{chunk}}" }, { question: "q", answer: null }),
    ).toEqual({
      missing: ["answer", "chunk"],
    });
  });
});
