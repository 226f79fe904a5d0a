import { describe, expect, it } from "vitest";
import { buildRevealSummary, revealEffect } from "./reveal-effect";
import { BUILTIN_SCALES } from "../scales";

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

describe("buildRevealSummary", () => {
  const note = (email: string, targetKey: string, phase: string, level: string) => ({
    email,
    targetKey,
    phase,
    payload: JSON.stringify({ level }),
  });
  const summary = buildRevealSummary({
    llmJudge: "gpt-4o",
    scale: BUILTIN_SCALES.binary,
    llmLabels: [
      { targetKey: "t1", value: "1", scale: "binary" },
      { targetKey: "t2", value: "1", scale: "binary" },
    ],
    annotations: [
      note("bea@x", "t1", "blind", "0"),
      note("bea@x", "t1", "revised", "1"), // moved to the LLM's label after the reveal
      note("ann@x", "t2", "blind", "1"),
      note("ann@x", "t3", "blind", "0"), // the LLM did not label t3
    ],
  });

  it("compares each annotator, by email, and everyone with the LLM before and after the reveal", () => {
    expect(summary.annotators.map((a) => [a.email, a.items, a.changed, a.towardLlm])).toEqual([
      ["ann@x", 1, 0, 0],
      ["bea@x", 1, 1, 1],
    ]);
    expect(summary.overall).toMatchObject({ items: 2, changed: 1, towardLlm: 1 });
    expect(summary.overall.before.agreement.value).toBe(0.5);
    expect(summary.overall.after.agreement.value).toBe(1);
  });
});
