import { describe, expect, it } from "vitest";
import { RunLines } from "./run-lines";

describe("RunLines", () => {
  it("finds a document a run lists twice for a query: beside it, after other queries, and in another file", () => {
    const lines = new RunLines();
    const at = (file: string, system: string, query: string, doc: string, line: number) =>
      lines.earlier(file, system, query, doc, line);
    expect(at("a.run", "bm25", "q1", "d1", 1)).toBeNull();
    expect(at("a.run", "bm25", "q1", "d2", 2)).toBeNull();
    expect(at("a.run", "bm25", "q1", "d1", 3)).toBe("a.run line 1");
    expect(at("a.run", "bm25", "q2", "d1", 4)).toBeNull(); // another query
    expect(at("a.run", "dense", "q1", "d1", 5)).toBeNull(); // another run
    // q1 of bm25 again, after others: its documents are remembered
    expect(at("a.run", "bm25", "q1", "d3", 6)).toBeNull();
    expect(at("a.run", "bm25", "q1", "d2", 7)).toBe("a.run line 2");
    // and in a second file of the same import
    expect(at("b.run", "bm25", "q2", "d1", 1)).toBe("a.run line 4");
    expect(at("b.run", "bm25", "q1", "d3", 2)).toBe("a.run line 6");
    expect(at("b.run", "bm25", "q3", "d9", 3)).toBeNull();
    expect(at("a.run", "bm25", "q3", "d9", 8)).toBe("b.run line 3");
  });
});
