import { describe, expect, it } from "vitest";
import { leftOutOf } from "./label-set";

describe("what a label set leaves out", () => {
  it("names an adjudicated set's undecided targets, a majority's ties, or nothing", () => {
    expect(leftOutOf({ name: "adjudicated:3", undecided: 4 })).toBe(
      "adjudicated:3 leaves out 4 targets its annotators disagree on that no one has decided yet",
    );
    expect(leftOutOf({ name: "campaign:3", ties: 1 })).toBe("campaign:3 leaves out 1 target its members tie on");
    expect(leftOutOf({ name: "campaign:3", ties: 0 })).toBeNull();
    expect(leftOutOf({ name: "gpt-4o" })).toBeNull();
  });
});
