import { describe, expect, it } from "vitest";
import { seatSides } from "./sides";

describe("sides of a preference campaign", () => {
  it("balances the left side over the campaign and alternates it within an item", () => {
    for (const [items, overlap] of [
      [10, 1],
      [11, 1],
      [7, 2],
      [9, 3],
    ] as const) {
      const sides = seatSides(items, overlap, 42);
      const swapped = sides.flat().filter(Boolean).length;
      // as many seats with B on the left as with A, one more of one kind when the number of seats is odd
      expect(Math.abs(2 * swapped - items * overlap)).toBe((items * overlap) % 2);
      for (const seats of sides) for (let s = 1; s < seats.length; s++) expect(seats[s]).toBe(!seats[s - 1]);
    }
  });

  it("is reproducible from the seed and differs between seeds", () => {
    expect(seatSides(20, 2, 7)).toEqual(seatSides(20, 2, 7));
    expect(seatSides(20, 1, 7)).not.toEqual(seatSides(20, 1, 8));
  });
});
