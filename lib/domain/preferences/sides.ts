import { seededRandom, shuffled } from "../random";

/**
 * Which seats show system B on the left, reproducibly from the campaign's seed and balanced: half
 * the items (a seeded random half) start with B on the left for their first seat, and each further
 * seat of an item alternates, so every item with two annotators is seen both ways and the whole
 * campaign shows each system on the left on half the seats (one more on one side when the number
 * of seats is odd). Returns swap[item][seat].
 */
export function seatSides(items: number, overlap: number, seed: number): boolean[][] {
  const firstSwapped = shuffled(
    Array.from({ length: items }, (_, i) => i % 2 === 1),
    seededRandom(seed ^ 0x5eed),
  );
  return firstSwapped.map((swapped) => Array.from({ length: overlap }, (_, seat) => swapped !== (seat % 2 === 1)));
}
