// docs/ARCHITECTURE.md ("Functions over 80 lines") names every function that stays over 80 lines
// with its reason; a function that grows past 80 lines, or one named there that no longer is,
// fails here until the page says so; and there are at most 20 of them.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { functionLengths } from "./lib/function-lengths.mjs";

const MAX = 80;
const MOST = 20;
const section = (() => {
  const page = fs.readFileSync(path.resolve(import.meta.dirname, "../docs/ARCHITECTURE.md"), "utf8");
  const start = page.indexOf("## Functions over 80 lines");
  return page.slice(start, page.indexOf("\n## ", start + 1));
})();
const named = new Set([...section.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]!));
const functions = functionLengths();
const long = functions.filter((f) => f.lines > MAX);

describe("functions over 80 lines", () => {
  it("are each named in docs/ARCHITECTURE.md with a reason", () => {
    expect(long.length).toBeGreaterThan(0);
    expect(long.filter((f) => !named.has(f.name)).map((f) => `${f.where} ${f.name} (${f.lines} lines)`)).toEqual([]);
  });

  it(`are at most ${MOST}: a new long function is split, or another one is`, () => {
    expect(long.length).toBeLessThanOrEqual(MOST);
  });

  it("are the only functions that page names as long", () => {
    const names = new Set(functions.map((f) => f.name));
    const longNames = new Set(long.map((f) => f.name));
    expect([...named].filter((n) => names.has(n) && !longNames.has(n))).toEqual([]);
  });
});
