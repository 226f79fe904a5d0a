import { z } from "zod";
import { choiceSchema, type Choice, type Criterion } from "./criteria";

/**
 * What the annotator's browser sends: per criterion "1" (the response on the left), "2" (the right)
 * or "none", optional justifications, and the opaque token of the order it was shown (random per
 * seat: it tells nothing about which system was where, and two items' tokens cannot be linked).
 */
export const screenPreferenceSchema = z
  .object({
    sides: z.string().regex(/^[0-9a-f]{32}$/, "not a token of this item's order"),
    choices: z.record(z.string(), z.enum(["1", "2", "none"])),
    justifications: z.record(z.string(), z.string().trim().max(2000)).default({}),
  })
  .strict();
export type ScreenPreference = z.infer<typeof screenPreferenceSchema>;

/** What is stored: the choices in terms of systems A and B, and which one was on the left. */
export const storedPreferenceSchema = z.object({
  choices: z.record(z.string(), choiceSchema),
  left: z.enum(["a", "b"]),
  justifications: z.record(z.string(), z.string()).default({}),
});
export type StoredPreference = z.infer<typeof storedPreferenceSchema>;

/**
 * The screen's choices in terms of systems A and B, given which system was on the left (the server
 * knows it from the seat the token names); an error message when they do not cover exactly the criteria.
 */
export function storedPreference(
  screen: ScreenPreference,
  criteria: readonly Criterion[],
  left: "a" | "b",
): StoredPreference | string {
  const ids = criteria.map((c) => c.id);
  const missing = ids.filter((id) => !(id in screen.choices));
  if (missing.length > 0) return `no choice for ${missing.join(", ")}`;
  const extra = Object.keys(screen.choices).filter((id) => !ids.includes(id));
  if (extra.length > 0) return `${extra.join(", ")} is not a criterion of this campaign`;
  const right = left === "a" ? "b" : "a";
  const choices = Object.fromEntries(
    ids.map((id): [string, Choice] => [
      id,
      screen.choices[id] === "1" ? left : screen.choices[id] === "2" ? right : "none",
    ]),
  );
  const justifications = Object.fromEntries(
    Object.entries(screen.justifications).filter(([id, text]) => ids.includes(id) && text !== ""),
  );
  return { choices, left, justifications };
}

/** A stored preference as its annotator saw it: choices "1" / "2" / "none" by screen position. */
export function screenChoices(stored: StoredPreference): Record<string, "1" | "2" | "none"> {
  return Object.fromEntries(
    Object.entries(stored.choices).map(([id, c]) => [id, c === "none" ? "none" : c === stored.left ? "1" : "2"]),
  );
}
