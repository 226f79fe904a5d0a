import { describe, expect, it } from "vitest";
import { DEFAULT_CRITERIA } from "./criteria";
import { screenChoices, screenPreferenceSchema, storedPreference } from "./judgment";

const all = (c: "1" | "2" | "none") => Object.fromEntries(DEFAULT_CRITERIA.map((x) => [x.id, c]));
const TOKEN = "0123456789abcdef0123456789abcdef";

describe("preferences between the screen and the store", () => {
  it("maps the left response to system A or B by the order shown, and back", () => {
    const screen = {
      sides: TOKEN,
      choices: { ...all("none"), coverage: "1" as const, clarity: "2" as const },
      justifications: { coverage: "more complete", clarity: "" },
    };
    const stored = storedPreference(screen, DEFAULT_CRITERIA, "b");
    expect(stored).toEqual({
      left: "b",
      choices: { coverage: "b", consistency: "none", correctness: "none", clarity: "a" },
      justifications: { coverage: "more complete" },
    });
    expect(screenChoices(stored as Exclude<typeof stored, string>)).toEqual(screen.choices);
    expect(storedPreference(screen, DEFAULT_CRITERIA, "a")).toMatchObject({
      left: "a",
      choices: { coverage: "a", clarity: "b" },
    });
  });

  it("refuses choices that do not cover the campaign's criteria exactly", () => {
    expect(
      storedPreference({ sides: TOKEN, choices: { coverage: "1" }, justifications: {} }, DEFAULT_CRITERIA, "a"),
    ).toBe("no choice for consistency, correctness, clarity");
    expect(
      storedPreference(
        { sides: TOKEN, choices: { ...all("1"), style: "2" }, justifications: {} },
        DEFAULT_CRITERIA,
        "a",
      ),
    ).toBe("style is not a criterion of this campaign");
  });

  it("takes the order as an opaque token, never as a layout naming a side", () => {
    expect(screenPreferenceSchema.safeParse({ sides: TOKEN, choices: {}, justifications: {} }).success).toBe(true);
    expect(screenPreferenceSchema.safeParse({ layout: "ab", choices: {}, justifications: {} }).success).toBe(false);
    expect(screenPreferenceSchema.safeParse({ sides: "ab", choices: {}, justifications: {} }).success).toBe(false);
  });
});
