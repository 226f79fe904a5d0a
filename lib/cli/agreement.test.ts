// The `agreement` command as its contract states it, run in-process (test/run-cli.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "@/test/run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-agreement-"));
const csv = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};
const agreement = async (...args: string[]) => {
  const r = await runCliInProcess(["agreement", ...args]);
  return {
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    json: r.status === 0 ? (JSON.parse(r.stdout) as Record<string, unknown>) : null,
  };
};

const LLMJUDGE = path.resolve("../shared/data/llmjudge");
const qrels = (file: string, judge: string) =>
  fs
    .readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => {
      const [q, , d, rel] = l.trim().split(/\s+/);
      return `${q}/${d},${judge},${Math.min(3, Math.max(0, Number(rel)))}`;
    });
const umbrela = csv(
  "umbrela.csv",
  [
    "item,judge,label",
    ...qrels(`${LLMJUDGE}/human_qrels.txt`, "human"),
    ...qrels(`${LLMJUDGE}/llm_labels/willia-umbrela1.txt`, "gpt-4o"),
  ].join("\n"),
);

describe("assay agreement", () => {
  it("reproduces LLMJudge's published kappa 0.2863 and ordinal alpha 0.4918 for willia-umbrela1", async () => {
    const kappa = await agreement("--input", umbrela, "--metric", "cohen-kappa");
    expect(Object.keys(kappa.json!)).toEqual(["metric", "value", "items", "judges"]);
    expect(kappa.json).toMatchObject({ metric: "cohen-kappa", items: 4423, judges: 2 });
    expect((kappa.json!.value as number).toFixed(4)).toBe("0.2863");
    const alpha = await agreement("--input", umbrela, "--metric", "krippendorff-alpha-ordinal");
    expect((alpha.json!.value as number).toFixed(4)).toBe("0.4918");
  });

  it("orders string labels with --order, and refuses ordinal metrics on strings without it", async () => {
    const words = csv("words.csv", "item,judge,label\na,x,high\na,y,mid\nb,x,low\nb,y,low\nc,x,mid\nc,y,mid\n");
    expect((await agreement("--input", words, "--metric", "cohen-kappa")).json).toMatchObject({ items: 3, judges: 2 });
    const refused = await agreement("--input", words, "--metric", "weighted-kappa-linear");
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim()).toBe(
      "assay: weighted-kappa-linear needs ordered labels: the labels are not all numbers, so give --order L1,L2,...",
    );
    const ordered = await agreement("--input", words, "--metric", "weighted-kappa-linear", "--order", "low,mid,high");
    expect(ordered.status).toBe(0);
    // Codes (x, y) = (2,1), (0,0), (1,1); linear weights 1 - |i-j|/2: po,w = (0.5 + 1 + 1)/3 = 5/6;
    // marginals x = (1/3, 1/3, 1/3), y = (1/3, 2/3, 0): pe,w = 11/18; kappa = (5/6 - 11/18)/(7/18) = 4/7.
    expect(ordered.json!.value).toBeCloseTo(4 / 7, 12);
    const outside = await agreement("--input", words, "--metric", "cohen-kappa", "--order", "low,high");
    expect(outside.stderr.trim()).toBe('assay: label "mid" (line 3) is not one of --order low,high');
  });

  it("needs exactly two judges for two-judge metrics and equal counts for Fleiss", async () => {
    const three = csv("three.csv", "item,judge,label\na,x,1\na,y,1\na,z,0\nb,x,0\nb,y,0\n");
    const cohen = await agreement("--input", three, "--metric", "cohen-kappa");
    expect([cohen.status, cohen.stderr.trim()]).toEqual([
      2,
      "assay: cohen-kappa compares exactly two judges; the input has 3",
    ]);
    const fleiss = await agreement("--input", three, "--metric", "fleiss-kappa");
    expect([fleiss.status, fleiss.stderr.trim()]).toEqual([
      2,
      'assay: fleiss-kappa needs the same number of judges on every item: "a" has 3, "b" has 2',
    ]);
    expect((await agreement("--input", three, "--metric", "krippendorff-alpha-nominal")).json).toMatchObject({
      items: 2,
      judges: 3,
    });
  });

  it("refuses bad input with one line and exit code 2", async () => {
    const cases: [string[], string][] = [
      [
        ["--input", csv("dup.csv", "item,judge,label\na,x,1\na,y,1\na,x,0\n"), "--metric", "cohen-kappa"],
        'assay: judge "x" labels item "a" twice (line 4)',
      ],
      [
        ["--input", csv("quote.csv", 'item,judge,label\n"a,x,1\n'), "--metric", "cohen-kappa"],
        `assay: ${dir}/quote.csv line 2: a quoted field is not closed on this line`,
      ],
      [
        ["--input", csv("header.csv", "id,who,label\n"), "--metric", "cohen-kappa"],
        `assay: ${dir}/header.csv line 1: the header must name the columns item, judge and label (missing item, judge)`,
      ],
      [["--input", "/nope.csv", "--metric", "cohen-kappa"], "assay: no such file: /nope.csv"],
      [
        ["--input", umbrela, "--metric", "kappa"],
        'assay: --metric must be one of percent-agreement, cohen-kappa, weighted-kappa-linear, weighted-kappa-quadratic, krippendorff-alpha-nominal, krippendorff-alpha-ordinal, krippendorff-alpha-interval, fleiss-kappa, not "kappa"',
      ],
      [["--metric", "cohen-kappa"], "assay: --input is required"],
    ];
    for (const [args, message] of cases) {
      const r = await agreement(...args);
      expect([r.status, r.stderr.trim(), r.stdout]).toEqual([2, message, ""]);
    }
  });

  it("prints null, and the reason on stderr, when the statistic is undefined", async () => {
    const same = await agreement(
      "--input",
      csv("same.csv", "item,judge,label\na,x,1\na,y,1\nb,x,1\nb,y,1\n"),
      "--metric",
      "cohen-kappa",
    );
    expect(same.status).toBe(0);
    expect(same.json).toEqual({ metric: "cohen-kappa", value: null, items: 2, judges: 2 });
    expect(same.stderr).toMatch(/cohen-kappa is undefined: the scale has fewer than two categories/);
  });
});
