import { describe, expect, it } from "vitest";
import { parseReply } from "./parse-reply";

const regex = (pattern: string, extra: object = {}) => ({
  scale: "trec-dl-0-3",
  output: { kind: "regex" as const, pattern, ignoreCase: true, map: {}, ...extra },
});
const json = (field: string, scale = "binary", map: Record<string, string> = { yes: "1", no: "0" }) => ({
  scale,
  output: { kind: "json" as const, field, map },
});

describe("parseReply with an expression", () => {
  it("reads the last match's group: a reply reasons first and concludes last", () => {
    const reply = "A score of 3 needs the exact answer.\n##final score: 1\n...on reflection:\n##Final Score: 2";
    expect(parseReply(regex("##\\s*final score:\\s*([0-3])"), reply)).toEqual({ level: "2" });
  });

  it("prefers a group named level, and takes the whole match without groups", () => {
    expect(parseReply(regex("(score)=(?<level>\\d)"), "score=3")).toEqual({ level: "3" });
    expect(parseReply(regex("\\b[0-3]\\b"), "grade 1")).toEqual({ level: "1" });
  });

  it("reads levels by value, label or position, and through the template's map", () => {
    const relevance3 = { ...regex("LEVEL: (.+)$"), scale: "relevance-3" };
    expect(parseReply(relevance3, "LEVEL: Partially relevant")).toEqual({ level: "partially_relevant" });
    expect(parseReply(relevance3, "LEVEL: RELEVANT")).toEqual({ level: "relevant" });
    expect(parseReply(relevance3, "LEVEL: 0")).toEqual({ level: "non_relevant" });
    expect(
      parseReply(
        { ...relevance3, output: { ...relevance3.output, map: { Somewhat: "partially_relevant" } } },
        "LEVEL: somewhat",
      ),
    ).toEqual({
      level: "partially_relevant",
    });
  });

  it("says why a reply gives no level", () => {
    expect(parseReply(regex("##final score: (\\d)"), "I cannot judge this.")).toEqual({
      error: "no match for /##final score: (\\d)/ in the reply",
    });
    expect(parseReply(regex("##final score: (\\d)"), "##final score: 7")).toEqual({
      error: '"7" is not a level of trec-dl-0-3 (0, 1, 2, 3)',
    });
    expect(parseReply({ ...regex("x"), scale: "nope" }, "x")).toEqual({ error: 'unknown scale "nope"' });
  });
});

describe("parseReply with a JSON field", () => {
  it("finds the object as the whole reply, in its last fence, or between its outer braces", () => {
    expect(parseReply(json("supported"), '{"reasoning": "it says so", "supported": "yes"}')).toEqual({ level: "1" });
    const fenced = 'Draft:\n```json\n{"supported": "yes"}\n```\nFinal:\n```json\n{"supported": "No"}\n```';
    expect(parseReply(json("supported"), fenced)).toEqual({ level: "0" });
    expect(parseReply(json("verdict.level", "trec-dl-0-3", {}), 'Here: {"verdict": {"level": 3}} done')).toEqual({
      level: "3",
    });
  });

  it("reads booleans through the map, and says what is missing", () => {
    expect(parseReply(json("ok", "binary", { true: "1", false: "0" }), '{"ok": false}')).toEqual({ level: "0" });
    expect(parseReply(json("supported"), "yes, supported")).toEqual({ error: "the reply holds no JSON object" });
    expect(parseReply(json("supported"), '{"support": "yes"}')).toEqual({
      error: 'the reply\'s JSON has no text or number at "supported"',
    });
    expect(parseReply(json("supported"), '{"supported": "perhaps"}')).toEqual({
      error: '"perhaps" is not a level of binary (0, 1)',
    });
  });

  it("reads a preference by side, never by position", () => {
    const preference = {
      scale: "preference",
      output: { kind: "regex" as const, pattern: "BETTER: (\\w+)", ignoreCase: true, map: { tie: "none" } },
    };
    expect(parseReply(preference, "BETTER: A")).toEqual({ level: "a" });
    expect(parseReply(preference, "BETTER: tie")).toEqual({ level: "none" });
    expect(parseReply(preference, "BETTER: 1")).toEqual({ error: '"1" is not a level of preference (a, b, none)' });
  });
});
