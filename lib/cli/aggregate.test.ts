// The `aggregate` command as its contract states it, run in-process (test/run-cli.ts), on crowd-kit's
// reference cases (test/fixtures/crowdkit/cases.json).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "@/test/run-cli";

type Aggregate = { item: string; label: string; posteriors: Record<string, number> };
type Case = {
  name: string;
  responses: [string, string, string][];
  majority: Aggregate[];
  dawidSkene: { items: Aggregate[]; judges: Record<string, Record<string, Record<string, number>>> };
};
const cases = JSON.parse(fs.readFileSync("test/fixtures/crowdkit/cases.json", "utf8")) as Case[];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-aggregate-"));
const csv = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
const aggregate = (...args: string[]) => runCliInProcess(["aggregate", ...args]);
const lines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

function expectClose(actual: unknown, expected: unknown, where: string) {
  if (typeof expected === "number") expect(Math.abs((actual as number) - expected), where).toBeLessThan(1e-9);
  else if (expected && typeof expected === "object") {
    expect(Object.keys(actual as object).sort(), where).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected))
      expectClose((actual as Record<string, unknown>)[k], v, `${where}.${k}`);
  } else expect(actual, where).toEqual(expected);
}

describe("assay aggregate", () => {
  const seeded = cases.at(-2)!; // 80 items, 6 judges, 60% of labels missing, a careless judge
  const file = csv("seeded.csv", ["item,judge,label", ...seeded.responses.map((r) => r.join(","))].join("\n"));

  it("prints Dawid-Skene's label and posteriors per item, sorted by item, then each judge's confusion, as crowd-kit does", async () => {
    const r = await aggregate("--input", file, "--method", "dawid-skene");
    expect(r.status, r.stderr).toBe(0);
    const out = lines(r.stdout);
    const items = out.slice(0, -1);
    expect(items.map((i) => i.item)).toEqual([...new Set(seeded.responses.map((x) => x[0]))].sort());
    expectClose(items, seeded.dawidSkene.items, "items");
    expectClose(
      out.at(-1),
      {
        judges: Object.fromEntries(
          Object.entries(seeded.dawidSkene.judges).map(([judge, confusion]) => [judge, { confusion }]),
        ),
      },
      "judges",
    );
  });

  it("prints the majority's vote shares, a tie going to the first label in text order", async () => {
    const r = await aggregate("--input", file, "--method", "majority");
    expect(r.status, r.stderr).toBe(0);
    expectClose(lines(r.stdout), seeded.majority, "majority");
    const tie = await aggregate("--input", csv("tie.csv", "item,judge,label\nx,a,2\nx,b,10\n"), "--method", "majority");
    expect(lines(tie.stdout)).toEqual([{ item: "x", label: "10", posteriors: { "10": 0.5, "2": 0.5 } }]);
  });

  it.each([
    [["--method", "majority"], "--input is required"],
    [["--input", "x.csv"], "--method must be one of dawid-skene, majority"],
    [["--input", "x.csv", "--method", "glad"], '--method must be one of dawid-skene, majority, not "glad"'],
    [["--input", path.join(dir, "missing.csv"), "--method", "majority"], "no such file"],
  ])("refuses %j, exit 2: %s", async (args, message) => {
    const r = await aggregate(...args);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
  });

  it("refuses a judge's second label of an item and an empty label, naming the file, line and field", async () => {
    const twice = csv("twice.csv", "item,judge,label\nq1,ann,1\nq2,ann,0\nq1,ann,0\n");
    const r = await aggregate("--input", twice, "--method", "dawid-skene");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `${twice} line 4, field label: ann's label of item q1 is listed twice (first on line 2)`,
    );
    const empty = csv("empty.csv", "item,judge,label\nq1,ann,\n");
    const e = await aggregate("--input", empty, "--method", "majority");
    expect(e.status).toBe(2);
    expect(e.stderr).toContain(`${empty} line 2, field label: is empty`);
    const none = await aggregate("--input", csv("none.csv", "item,judge,label\n"), "--method", "majority");
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("has no labels");
  });
});
