import { describe, expect, it } from "vitest";
import { count, duration } from "./wording";

describe("wording", () => {
  it.each([
    [0, "0 campaigns"],
    [1, "1 campaign"],
    [2, "2 campaigns"],
    [1204, "1,204 campaigns"],
  ])("count(%d)", (n, text) => expect(count(n, "campaign")).toBe(text));

  it("uses an irregular plural", () => expect(count(1, "run entry", "run entries")).toBe("1 run entry"));

  it.each([
    [0, "1 ms"],
    [37.4, "37 ms"],
    [999, "999 ms"],
    [1000, "1.0 s"],
    [42_500, "42.5 s"],
    [180_000, "3 min"],
  ])("duration(%d) is never 0.0 s", (ms, text) => expect(duration(ms)).toBe(text));
});
