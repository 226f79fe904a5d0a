import { describe, expect, it } from "vitest";
import { costText, finishedCalls } from "./run-progress";

describe("a run's progress", () => {
  it("counts every ended call as finished, and writes the known cost with the calls of unknown cost", () => {
    expect(finishedCalls({ total: 10, calls: { pending: 3, leased: 2 } })).toBe(5);
    expect(costText({ cost: { known: 0.012345, unknownCalls: 0 } })).toBe("0.0123");
    expect(costText({ cost: { known: 0, unknownCalls: 2 } })).toBe("0.0000 + 2 unknown");
  });
});
