import { describe, expect, it } from "vitest";
import { passageKind } from "./passage-kind";
import { markTerms, questionTerms } from "./question-terms";

describe("passageKind", () => {
  it("guesses by language (Markdown, code, else prose), and a study's or an import's setting wins", () => {
    expect(passageKind({ language: null, document: null, study: "auto" })).toBe("prose");
    expect(passageKind({ language: "python", document: null, study: "auto" })).toBe("code");
    expect(passageKind({ language: "markdown", document: null, study: "auto" })).toBe("markdown");
    expect(passageKind({ language: "python", document: null, study: "prose" })).toBe("prose");
    expect(passageKind({ language: null, document: "code", study: "prose" })).toBe("code");
  });
});

describe("question terms", () => {
  it("keep a question's words of three letters or more, without stop words, once, longest first", () => {
    expect(questionTerms("What is the Middle Ground song by Sarah McLachlan about? What about it?")).toEqual([
      "mclachlan",
      "ground",
      "middle",
      "about",
      "sarah",
      "song",
    ]);
    expect(questionTerms("¿Qué es la célula?")).toEqual(["célula", "qué"]);
    expect(questionTerms("Where is Blackpink's tour, and Sarah’s?")).toEqual(["blackpink", "sarah", "tour"]);
  });

  it("mark whole words only, in any case, and give the text back unchanged", () => {
    const runs = markTerms("Songs: the song SONG, songbird and song.", ["song"]);
    expect(runs.filter((r) => r.term).map((r) => r.text)).toEqual(["song", "SONG", "song"]);
    expect(runs.map((r) => r.text).join("")).toBe("Songs: the song SONG, songbird and song.");
    expect(markTerms("no terms", [])).toEqual([{ text: "no terms", term: false }]);
    // regular-expression characters in a term are taken literally
    expect(
      markTerms("a+b (c) aab", ["a+b", "(c)"])
        .filter((r) => r.term)
        .map((r) => r.text),
    ).toEqual(["a+b", "(c)"]);
  });
});
