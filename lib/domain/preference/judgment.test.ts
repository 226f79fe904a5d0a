import { describe, expect, it } from "vitest";
import { DEFAULT_CRITERIA } from "./criteria";
import { screenChoices, storedPreference } from "./judgment";

const all = (c: "1" | "2" | "none") => Object.fromEntries(DEFAULT_CRITERIA.map((x) => [x.id, c]));

describe("preferences between the screen and the store", () => {
  it("maps the left response to system A or B by the layout shown, and back", () => {
    const screen = { layout: "ba" as const, choices: { ...all("none"), coverage: "1" as const, clarity: "2" as const }, justifications: { coverage: "more complete", clarity: "" } };
    const stored = storedPreference(screen, DEFAULT_CRITERIA);
    expect(stored).toEqual({ left: "b", choices: { coverage: "b", consistency: "none", correctness: "none", clarity: "a" }, justifications: { coverage: "more complete" } });
    expect(screenChoices(stored as Exclude<typeof stored, string>)).toEqual(screen.choices);
    expect(storedPreference({ ...screen, layout: "ab" }, DEFAULT_CRITERIA)).toMatchObject({ left: "a", choices: { coverage: "a", clarity: "b" } });
  });

  it("refuses choices that do not cover the campaign's criteria exactly", () => {
    expect(storedPreference({ layout: "ab", choices: { coverage: "1" }, justifications: {} }, DEFAULT_CRITERIA)).toBe("no choice for consistency, correctness, clarity");
    expect(storedPreference({ layout: "ab", choices: { ...all("1"), style: "2" }, justifications: {} }, DEFAULT_CRITERIA)).toBe("style is not a criterion of this campaign");
  });
});
