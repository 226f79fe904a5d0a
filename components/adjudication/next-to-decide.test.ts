import { describe, expect, it } from "vitest";
import { nextToDecide, stepInQueue } from "./next-to-decide";

const queue = [
  { itemId: 5, decided: false },
  { itemId: 2, decided: true },
  { itemId: 9, decided: false },
];

describe("the next item to decide", () => {
  it("is the first undecided one from the start, then the next after the current, wrapping round", () => {
    expect(nextToDecide(queue, null)).toBe(5);
    expect(nextToDecide(queue, 5)).toBe(9);
    expect(nextToDecide(queue, 9)).toBe(5);
    expect(nextToDecide(queue, 2)).toBe(9);
    expect(nextToDecide(queue, 77)).toBe(5); // no longer queued: from the start
  });

  it("skips the item just decided even when the queue still reads it undecided, and is null when all are decided", () => {
    expect(nextToDecide([{ itemId: 5, decided: false }], 5)).toBeNull();
    expect(nextToDecide([{ itemId: 5, decided: true }], null)).toBeNull();
    expect(nextToDecide([], null)).toBeNull();
  });
});

describe("a step in the queue with ← and →", () => {
  it("moves one place, stops at the ends, and from no item (all decided) opens the first or the last", () => {
    expect(stepInQueue(queue, 2, 1)).toBe(9);
    expect(stepInQueue(queue, 2, -1)).toBe(5);
    expect(stepInQueue(queue, 9, 1)).toBeNull();
    expect(stepInQueue(queue, 5, -1)).toBeNull();
    expect(stepInQueue(queue, null, 1)).toBe(5);
    expect(stepInQueue(queue, null, -1)).toBe(9);
    expect(stepInQueue([], null, -1)).toBeNull();
  });
});
