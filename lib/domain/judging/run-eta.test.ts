import { describe, expect, it } from "vitest";
import { runEtaSeconds } from "./run-eta";

const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, s));

describe("runEtaSeconds", () => {
  it("extrapolates the pace between the first and the last outcome", () => {
    // 11 outcomes in 10 s: one per second; 30 left
    expect(runEtaSeconds({ finished: 11, remaining: 30, firstFinishedAt: at(0), lastFinishedAt: at(10) })).toBe(30);
  });
  it("says nothing before a pace exists, or when nothing remains", () => {
    expect(runEtaSeconds({ finished: 1, remaining: 5, firstFinishedAt: at(0), lastFinishedAt: at(0) })).toBeNull();
    expect(runEtaSeconds({ finished: 5, remaining: 5, firstFinishedAt: at(3), lastFinishedAt: at(3) })).toBeNull();
    expect(runEtaSeconds({ finished: 5, remaining: 0, firstFinishedAt: at(0), lastFinishedAt: at(9) })).toBeNull();
  });
});
