import { describe, expect, it } from "vitest";
import { costText, finishedCalls, roundMoney } from "./run-progress";

describe("a run's progress", () => {
  it("counts every ended call as finished, and writes the known cost with the calls of unknown cost", () => {
    expect(finishedCalls({ total: 10, calls: { pending: 3, leased: 2 } })).toBe(5);
    expect(costText({ cost: { known: 0.012345, unknownCalls: 0 } })).toBe("0.0123");
    expect(costText({ cost: { known: 0, unknownCalls: 2 } })).toBe("0.0000 + 2 unknown");
  });

  it("rounds money to a millionth for the progress line", () => {
    expect(roundMoney(392.14300000000003)).toBe(392.143);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(0.0000004)).toBe(0);
  });
});
