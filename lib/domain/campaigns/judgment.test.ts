import { describe, expect, it } from "vitest";
import { BUILTIN_SCALES } from "../scales";
import { firstPhase, judgmentSchema, levelOfPayload, llmLabelVisible, nextPhase, phaseAllowed } from "./judgment";

describe("protocols", () => {
  it.each([
    ["blind", false, false],
    ["blind", true, false],
    ["blind_then_reveal", false, false],
    ["blind_then_reveal", true, true],
    ["assisted", false, true],
  ] as const)("%s with a blind label stored = %s shows the LLM label: %s", (protocol, hasBlind, visible) => {
    expect(llmLabelVisible(protocol, hasBlind)).toBe(visible);
  });

  it("allows a revision only after the blind label of a blind-then-reveal campaign", () => {
    expect(firstPhase("blind_then_reveal")).toBe("blind");
    expect(phaseAllowed("blind_then_reveal", "revised", false)).toBe(false);
    expect(phaseAllowed("blind_then_reveal", "revised", true)).toBe(true);
    expect(phaseAllowed("blind", "revised", true)).toBe(false);
    expect(phaseAllowed("assisted", "blind", false)).toBe(false);
    expect(phaseAllowed("assisted", "assisted", false)).toBe(true);
    expect([
      nextPhase("blind_then_reveal", false),
      nextPhase("blind_then_reveal", true),
      nextPhase("blind", true),
      nextPhase("assisted", false),
    ]).toEqual(["blind", "revised", "blind", "assisted"]);
  });
});

describe("judgments", () => {
  it("accepts only the scale's levels", () => {
    const schema = judgmentSchema(BUILTIN_SCALES["relevance-3"]);
    expect(schema.safeParse({ level: "relevant" }).success).toBe(true);
    expect(schema.safeParse({ level: "2" }).success).toBe(false);
    expect(schema.safeParse({}).success).toBe(false);
  });
});

describe("levelOfPayload", () => {
  it("reads the level of a stored judgment, and null when there is none", () => {
    expect(levelOfPayload('{"level":"relevant"}')).toBe("relevant");
    expect(levelOfPayload('{"level":2}')).toBeNull();
    expect(levelOfPayload("{}")).toBeNull();
  });
});
