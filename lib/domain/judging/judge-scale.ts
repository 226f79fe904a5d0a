import { PREFERENCE_SCALE_ID, scaleById, type Scale } from "../scales";

/**
 * The levels a template's replies are read into: its label scale, or for preferences the three
 * choices a preference label stores (a, b, none), which are not a label scale.
 */
export function judgeScale(id: string): Scale | null {
  if (id !== PREFERENCE_SCALE_ID) return scaleById(id);
  return {
    id,
    name: "Answer A / answer B / no preference",
    levels: [
      { value: "a", label: "Answer A", key: "a" },
      { value: "b", label: "Answer B", key: "b" },
      { value: "none", label: "No preference", key: "n" },
    ],
    positiveFrom: "a",
  };
}
