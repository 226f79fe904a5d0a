import { describe, expect, it } from "vitest";
import { statusChangeAllowed } from "./campaign-status";

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
