import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { pythonListRepr, pythonStrip, readPythonStringList } from "./python-literals";

// CPython's own answers (test/fixtures/python-literals/make-reference.py, Python 3.11)
const reference = JSON.parse(fs.readFileSync("test/fixtures/python-literals/reference.json", "utf8")) as {
  repr: { items: string[]; repr: string }[];
  parse: { reply: string; list: string[] | null }[];
};
/** The one place Assay differs: \N{name} escapes need Unicode's name table. */
const namesAnEscape = (reply: string) => /\\N\{/.test(reply);

describe("Python's literals as nuggetizer uses them", () => {
  it("writes a list of str as Python's str(list): quotes, escapes, printable characters", () => {
    expect(reference.repr.length).toBeGreaterThan(300);
    for (const { items, repr } of reference.repr) expect(pythonListRepr(items), JSON.stringify(items)).toBe(repr);
  });

  it("reads a reply as nuggetizer does (fences removed, strip, literal_eval), only a list of str", () => {
    const differing = reference.parse.filter((c) => namesAnEscape(c.reply));
    expect(differing.map((c) => c.list)).toEqual([["•"]]);
    for (const { reply, list } of reference.parse.filter((c) => !namesAnEscape(c.reply)))
      expect(readPythonStringList(reply), JSON.stringify(reply)).toEqual(list);
    expect(readPythonStringList(differing[0]!.reply)).toBeNull();
  });

  it("refuses what nuggetizer's unchecked cast would let through", () => {
    expect(readPythonStringList("'one nugget'")).toBeNull();
    expect(readPythonStringList("[1, 2]")).toBeNull();
    expect(readPythonStringList("('a', 'b')")).toBeNull();
    expect(readPythonStringList("['a', ['b']]")).toBeNull();
    expect(readPythonStringList("```python\n['a', \"b's\"]\n```")).toEqual(["a", "b's"]);
  });

  it("strips what Python's str.strip strips, not JavaScript's trim", () => {
    expect(pythonStrip("\x1c\x85 a \u3000")).toBe("a");
    expect(pythonStrip("\ufeffa")).toBe("\ufeffa");
  });
});
