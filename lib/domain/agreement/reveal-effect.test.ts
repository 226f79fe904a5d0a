import { describe, expect, it } from "vitest";
import { revealEffect } from "./reveal-effect";

describe("the effect of revealing the LLM's label", () => {
  it("measures agreement with the LLM before and after, and the flips toward it (hand-worked)", () => {
    // 4 items; blind agrees with the LLM on 2 (po 0.5); two revisions flip toward the LLM (po 1.0)
    const effect = revealEffect([
      { llm: true, blind: true, revised: true },
      { llm: false, blind: false, revised: null },
      { llm: true, blind: false, revised: true },
      { llm: false, blind: true, revised: false },
    ]);
    expect(effect).toMatchObject({ items: 4, changed: 2, towardLlm: 2 });
    expect(effect.before.agreement.value).toBe(0.5);
    // blind vs LLM: pA = pB = 0.5 -> pe = 0.5, kappa = (0.5 - 0.5) / 0.5 = 0
    expect(effect.before.kappa.value).toBe(0);
    expect(effect.after).toMatchObject({ agreement: { value: 1 }, kappa: { value: 1 } });
  });

  it("is undefined, with a reason, without items", () => {
    const effect = revealEffect([]);
    expect(effect.before.agreement).toEqual({ value: null, reason: "no items labelled by both judges" });
    expect(effect.changed).toBe(0);
  });
});
