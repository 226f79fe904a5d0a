import { describe, expect, it } from "vitest";
import { runEtaSeconds, runWaiting } from "./run-eta";

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

describe("runWaiting", () => {
  const base = {
    pending: 0,
    leased: 0,
    lastFinishedAt: at(0),
    startedAt: at(0),
    leasesEndAt: null,
    slots: { held: 0, of: 4, endAt: null },
  };
  it("says nothing while outcomes arrive, or when nothing remains", () => {
    expect(runWaiting({ ...base, pending: 5, now: at(9) })).toBeNull();
    expect(runWaiting({ ...base, now: at(50) })).toBeNull();
  });
  it("names calls a worker holds, and when their leases end unless renewed", () => {
    expect(runWaiting({ ...base, leased: 3, pending: 7, leasesEndAt: at(25), now: at(12) })).toBe(
      "waiting for 3 calls a worker holds: the endpoint has not answered yet, or the worker stopped and they are taken over in 13 s unless it renews their leases",
    );
  });
  it("names the endpoint's slots when all are held, else a worker", () => {
    expect(runWaiting({ ...base, pending: 7, slots: { held: 4, of: 4, endAt: at(20) }, now: at(12) })).toBe(
      "waiting for a slot: all 4 of the endpoint's slots are held (by other runs, or by a worker that stopped: free in 8 s unless renewed)",
    );
    expect(runWaiting({ ...base, pending: 7, lastFinishedAt: null, now: at(12) })).toMatch(/^waiting for a worker/);
  });
});
