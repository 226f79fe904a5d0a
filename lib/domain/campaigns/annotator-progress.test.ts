import { describe, expect, it } from "vitest";
import { buildAnnotatorProgress } from "./annotator-progress";

const level = (l: string) => JSON.stringify({ level: l });

describe("buildAnnotatorProgress", () => {
  const progress = buildAnnotatorProgress({
    annotators: [
      { id: 1, email: "ann@x", name: "Ann" },
      { id: 2, email: "bea@x", name: "Bea" },
    ],
    seats: [
      { userId: 1, status: "submitted", count: 3 },
      { userId: 1, status: "skipped", count: 1 },
      { userId: 2, status: "leased", count: 1 },
      { userId: null, status: "open", count: 2 },
      { userId: null, status: "closed", count: 4 },
    ],
    durations: [
      { userId: 1, ms: 2000 },
      { userId: 1, ms: 4000 },
      { userId: 1, ms: 9000 },
    ],
    phases: [
      { userId: 1, itemId: 7, phase: "blind", payload: level("0") },
      { userId: 1, itemId: 7, phase: "revised", payload: level("1") },
      { userId: 1, itemId: 8, phase: "blind", payload: level("1") },
      { userId: 1, itemId: 8, phase: "revised", payload: level("1") },
    ],
  });

  it("counts the labels still expected: closed seats are not", () => {
    expect(progress.labels).toEqual({ submitted: 3, target: 6 });
  });

  it("reports each annotator's seats, reveal choices and time", () => {
    expect(progress.annotators).toEqual([
      {
        userId: 1,
        email: "ann@x",
        name: "Ann",
        submitted: 3,
        skipped: 1,
        leased: 0,
        confirmed: 1,
        changed: 1,
        medianSeconds: 4,
        totalSeconds: 15,
      },
      {
        userId: 2,
        email: "bea@x",
        name: "Bea",
        submitted: 0,
        skipped: 0,
        leased: 1,
        confirmed: 0,
        changed: 0,
        medianSeconds: null,
        totalSeconds: 0,
      },
    ]);
  });
});
