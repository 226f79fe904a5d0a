// The `ppi-mean` command as its contract states it, run as a real process. Expected values: ppi_py's
// (see lib/domain/ppi/ppi-mean.test.ts) for the same four labelled and six unlabelled items.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "@/test/run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-ppi-"));
const csv = (name: string, lines: string[]) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
};
const SMALL = ["item,llm,human", "a,1,1", "b,0,0", "c,0,1", "d,1,1", "e,1,", "f,1,", "g,0,", "h,0,", "i,1,", "j,0,"];

describe("assay ppi-mean", () => {
  it("prints the PPI++ estimate and interval beside the humans alone and the LLM alone", async () => {
    const r = await runCliInProcess(["ppi-mean", "--input", csv("small.csv", SMALL), "--confidence", "0.9"]);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual([
      "estimate",
      "low",
      "high",
      "lambda",
      "labelled",
      "unlabelled",
      "classical",
      "llm_only",
    ]);
    expect(out.estimate).toBeCloseTo(0.75, 12);
    expect(out.low).toBeCloseTo(0.431077557661115, 10);
    expect(out.high).toBeCloseTo(1.068922442338885, 10);
    expect(out.lambda).toBeCloseTo(0.27, 12);
    expect([out.labelled, out.unlabelled]).toEqual([4, 6]);
    expect(out.classical.low).toBeCloseTo(0.39387874338826323, 10);
    expect(out.llm_only).toEqual({ estimate: 0.5 });
    const one = JSON.parse(
      (await runCliInProcess(["ppi-mean", "--input", csv("one.csv", SMALL), "--confidence", "0.9", "--lambda", "1"]))
        .stdout,
    );
    expect([one.lambda, one.low]).toEqual([1, expect.closeTo(0.26055814782070585, 10)]);
  });

  it("refuses bad input with one line naming it, exit 2", async () => {
    const cases: [string[], string][] = [
      [
        ["--input", csv("nan.csv", ["item,llm,human", "a,1,1", "b,x,0"])],
        `nan.csv line 3, field llm: expected a number, got "x"`,
      ],
      [
        ["--input", csv("h.csv", ["item,llm,human", "a,1,yes"])],
        `h.csv line 2, field human: expected a number or nothing, got "yes"`,
      ],
      [
        ["--input", csv("dup.csv", ["item,llm,human", "a,1,1", "b,0,0", "a,1,"])],
        `dup.csv line 4, field item: "a" is listed twice (first on line 2)`,
      ],
      [
        ["--input", csv("none.csv", ["item,llm,human", "a,1,", "b,0,"])],
        "none.csv: no row has a human value: PPI needs a labelled sample",
      ],
      [
        ["--input", csv("single.csv", ["item,llm,human", "a,1,1", "b,0,"])],
        "single.csv: only one row has a human value: PPI needs at least two",
      ],
      [
        ["--input", csv("all.csv", ["item,llm,human", "a,1,1", "b,0,0"])],
        "all.csv: every row has a human value: nothing is left to correct, the humans' mean is the answer",
      ],
      [
        ["--input", csv("head.csv", ["id,llm,human"])],
        "head.csv line 1: the header must name the columns item, llm and human (missing item)",
      ],
      [["--input", csv("l.csv", SMALL), "--lambda", "2"], 'assay: --lambda must be "auto" or a number in [0, 1]'],
      [["--input", csv("c.csv", SMALL), "--confidence", "95"], "assay: --confidence must be a number between 0 and 1"],
    ];
    for (const [args, message] of cases) {
      const r = await runCliInProcess(["ppi-mean", ...args]);
      const expected = message.startsWith("assay: ") ? message : `assay: ${dir}/${message}`;
      expect([r.status, r.stderr.trim(), r.stdout]).toEqual([2, expected, ""]);
    }
  });
});
