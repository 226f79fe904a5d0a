import { describe, expect, it } from "vitest";
import { protocolSchema, showsLlmLabelUpFront, statusChangeAllowed } from "./task-types";

describe("protocols", () => {
  it("shows the LLM label up front only in assisted mode", () => {
    expect(protocolSchema.options.filter(showsLlmLabelUpFront)).toEqual(["assisted"]);
  });
});

describe("campaign status changes", () => {
  it.each([
    ["active", "paused", true],
    ["paused", "active", true],
    ["active", "closed", true],
    ["paused", "closed", true],
    ["closed", "active", false],
    ["closed", "paused", false],
    ["active", "active", false],
    ["active", "draft", false],
  ] as const)("%s -> %s: %s", (from, to, allowed) => expect(statusChangeAllowed(from, to)).toBe(allowed));
});
