import { describe, expect, it } from "vitest";
import {
  labelLevel,
  labelPositive,
  BUILTIN_SCALES,
  binarize,
  builtinScale,
  customScale,
  levelIndex,
  levelText,
  scaleById,
  scaleSchema,
} from "./scales";

describe("builtin scales", () => {
  it.each(Object.values(BUILTIN_SCALES))("$id is a valid scale", (scale) => {
    expect(scaleSchema.safeParse(scale).success).toBe(true);
  });

  it("orders levels lowest first", () => {
    expect(levelIndex(BUILTIN_SCALES["relevance-3"], "non_relevant")).toBe(0);
    expect(levelIndex(BUILTIN_SCALES["relevance-3"], "relevant")).toBe(2);
    expect(levelIndex(BUILTIN_SCALES["relevance-3"], "maybe")).toBeNull();
  });
});

describe("binarize", () => {
  it.each([
    ["relevance-3", "non_relevant", false],
    ["relevance-3", "partially_relevant", true],
    ["relevance-3", "relevant", true],
    ["graded-0-2", "0", false],
    ["graded-0-2", "1", true],
    ["feb4rag-0-3", "0", false],
    ["feb4rag-0-3", "1", true], // FeB4RAG: LLM label >= minimal relevance counts as relevant
    ["binary", "0", false],
    ["binary", "1", true],
  ])("%s: %s -> %s", (id, value, expected) => {
    expect(binarize(builtinScale(id)!, value)).toBe(expected);
  });

  it("is null for a value outside the scale", () => {
    expect(binarize(BUILTIN_SCALES.binary, "2")).toBeNull();
  });
});

describe("scaleSchema", () => {
  const level = (value: string) => ({ value, label: value, key: value.slice(0, 1) });

  it("rejects a threshold that is not a level", () => {
    const result = scaleSchema.safeParse({ id: "x", name: "x", levels: [level("a"), level("b")], positiveFrom: "c" });
    expect(result.success).toBe(false);
  });

  it("rejects duplicate levels", () => {
    const result = scaleSchema.safeParse({ id: "x", name: "x", levels: [level("a"), level("a")], positiveFrom: "a" });
    expect(result.success).toBe(false);
  });

  it("reports an unknown builtin as null", () => {
    expect(builtinScale("toString")).toBeNull();
  });
});

describe("custom scales", () => {
  it("round-trips through its id, with the threshold and keys 1..n", () => {
    const scale = customScale(["wrong", "half, right", "right"], "half, right");
    expect(scale.levels.map((l) => l.key)).toEqual(["1", "2", "3"]);
    expect(scaleById(scale.id)).toEqual(scale);
    expect(binarize(scaleById(scale.id)!, "wrong")).toBe(false);
    expect(binarize(scaleById(scale.id)!, "half, right")).toBe(true);
  });

  it("names built-in scales by id and refuses malformed custom ids", () => {
    expect(scaleById("binary")).toEqual(BUILTIN_SCALES.binary);
    expect(scaleById("custom:a,b;7")).toBeNull();
    expect(scaleById("custom:only;0")).toBeNull(); // one level is not a scale
    expect(scaleById("nonsense")).toBeNull();
  });
});

describe("levelText", () => {
  it("names a level in words, and falls back to the value for unknown scales or levels", () => {
    expect(levelText("relevance-3", "partially_relevant")).toBe("Partially relevant");
    expect(levelText("binary", "1")).toBe("Supported");
    expect(levelText("binary", "7")).toBe("7");
    expect(levelText("no-such-scale", "x")).toBe("x");
  });
});

describe("built-in scales", () => {
  it("name every level in words, not just its key (a button reads '2 Relevant', never '2 2')", () => {
    for (const scale of Object.values(BUILTIN_SCALES)) {
      for (const l of scale.levels) expect(l.label, `${scale.id} ${l.value}`).not.toBe(l.key);
      for (const l of scale.levels) expect(l.label, `${scale.id} ${l.value}`).toMatch(/[a-z]/i);
    }
  });
});

describe("a label on its own scale", () => {
  it("gives its level's position and whether it is positive, null when the scale or level is unknown", () => {
    expect(labelLevel({ value: "partially_relevant", scale: "relevance-3" })).toBe(1);
    expect(labelLevel({ value: "3", scale: "trec-dl-0-3" })).toBe(3);
    expect(labelPositive({ value: "1", scale: "trec-dl-0-3" })).toBe(false); // TREC DL counts 2 and 3
    expect(labelPositive({ value: "2", scale: "trec-dl-0-3" })).toBe(true);
    expect(labelLevel({ value: "7", scale: "graded-0-2" })).toBeNull();
    expect(labelPositive({ value: "1", scale: "no-such-scale" })).toBeNull();
  });
});
