// `agreement --reference`: every judge against one, in one call. LLMJudge's 33 submissions against
// the NIST assessors reproduce all 165 published values (Rahmani et al. 2025, Tables 3 and 4).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { published, qrelsRows, submissions } from "@/test/llmjudge-data";
import { runCliInProcess } from "@/test/run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-reference-"));
const agreement = (...args: string[]) => runCliInProcess(["agreement", ...args]);

/** The NIST qrels and every submission as item,judge,label lines; `clip` applies the organisers' 0..3 rule. */
function labelsCsv(name: string, clip: boolean): string {
  const lines = ["item,judge,label"];
  const add = (file: string, judge: string) => {
    for (const [q, d, rel] of qrelsRows(file, clip)) lines.push(`${q}/${d},${judge},${rel}`);
  };
  add("human_qrels.txt", "nist");
  for (const s of submissions) add(`llm_labels/${s}.txt`, s);
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

describe("assay agreement --reference", () => {
  it("reproduces LLMJudge's kappa, ordinal alpha and binarized kappas for all 33 submissions in one call", async () => {
    const input = labelsCsv("clipped.csv", true);
    const r = await agreement(
      "--input",
      input,
      "--reference",
      "nist",
      "--metrics",
      "cohen-kappa,krippendorff-alpha-ordinal",
      "--binarize",
      "1,2,3",
      "--order",
      "0,1,2,3",
    );
    expect(r.stderr).toBe("");
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(33 * 2 * 4);
    // ordered by judge, then metric, then threshold (the labels as they are first)
    expect(rows.slice(0, 4).map((x) => [x.judge, x.metric, x.threshold])).toEqual([
      [submissions[0], "cohen-kappa", null],
      [submissions[0], "cohen-kappa", 1],
      [submissions[0], "cohen-kappa", 2],
      [submissions[0], "cohen-kappa", 3],
    ]);
    expect(Object.keys(rows[0])).toEqual(["judge", "metric", "threshold", "value", "items"]);
    const value = (judge: string, metric: string, threshold: number | null) =>
      rows.find((x) => x.judge === judge && x.metric === metric && x.threshold === threshold);
    expect(published).toHaveLength(33);
    for (const [run, kappa4, alpha, k1, k2, k3] of published) {
      const computed = [
        value(run!, "cohen-kappa", null),
        value(run!, "krippendorff-alpha-ordinal", null),
        value(run!, "cohen-kappa", 1),
        value(run!, "cohen-kappa", 2),
        value(run!, "cohen-kappa", 3),
      ];
      expect(computed.every((x) => x.items === 4423)).toBe(true);
      // NISTRetrieval-* never say 3: kappa at >=3 is undefined (chance agreement 1 on their side is not
      // the case, the LLM side is constant), which the paper prints as 0.0000
      expect(
        computed.map((x) => (x.value ?? 0).toFixed(4)),
        run,
      ).toEqual([kappa4, alpha, k1, k2, k3].map((v) => Number(v).toFixed(4)));
    }
  });

  it("refuses labels outside --order with their line: Assay does not clip", async () => {
    const input = labelsCsv("raw.csv", false);
    const r = await agreement(
      "--input",
      input,
      "--reference",
      "nist",
      "--metrics",
      "cohen-kappa",
      "--order",
      "0,1,2,3",
    );
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim()).toMatch(/^assay: label "(5|10)" \(line \d+\) is not one of --order 0,1,2,3$/);
    const line = Number(/line (\d+)/.exec(r.stderr)![1]);
    expect(fs.readFileSync(input, "utf8").split("\n")[line - 1]).toMatch(/,(5|10)$/);
  });

  it("refuses an unknown reference, a bad metric or threshold, and --metric with --reference, exit 2", async () => {
    const small = path.join(dir, "small.csv");
    fs.writeFileSync(small, "item,judge,label\na,x,1\na,y,0\nb,x,0\nb,y,0\n");
    const cases: [string[], string][] = [
      [
        ["--input", small, "--reference", "z", "--metrics", "cohen-kappa"],
        'assay: --reference "z" is not a judge of the input (x, y)',
      ],
      [
        ["--input", small, "--reference", "x", "--metrics", "cohen-kappa,kappa"],
        `assay: --metrics must be one of percent-agreement, cohen-kappa, weighted-kappa-linear, weighted-kappa-quadratic, krippendorff-alpha-nominal, krippendorff-alpha-ordinal, krippendorff-alpha-interval, fleiss-kappa, not "kappa"`,
      ],
      [
        ["--input", small, "--reference", "x", "--metrics", "cohen-kappa", "--binarize", "1,high"],
        'assay: --binarize takes numbers separated by commas, not "high"',
      ],
      [
        ["--input", small, "--reference", "x", "--metric", "cohen-kappa"],
        "assay: --reference takes --metrics M1,M2,..., not --metric",
      ],
      [
        ["--input", small, "--metric", "cohen-kappa", "--binarize", "1"],
        "assay: --metrics and --binarize go with --reference JUDGE",
      ],
    ];
    for (const [args, message] of cases) {
      const r = await agreement(...args);
      expect([r.status, r.stderr.trim(), r.stdout]).toEqual([2, message, ""]);
    }
  });
});
