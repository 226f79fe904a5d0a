// The `alt-test` command as its contract states it, run in-process (test/run-cli.ts). Expected
// values: the authors' `alt_test` (nitaytech/AltTest) on the same labels, with scipy 1.10.1; see
// lib/domain/alt-test/alt-test.test.ts for the fixtures' cases.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "@/test/run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-alt-test-"));
const csv = (name: string, lines: string[]) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
};
const rows = (judge: string, labels: Record<string, string | number>) =>
  Object.entries(labels).map(([item, label]) => `${item},${judge},${label}`);
const LABELS = [
  "item,judge,label",
  ...rows("b", { i1: "rel", i2: "rel", i3: "rel", i4: "non", i6: "non" }),
  ...rows("gpt", { i1: "rel", i2: "non", i3: "rel", i4: "non", i5: "non", i6: "non" }),
  ...rows("a", { i1: "rel", i2: "non", i3: "rel", i4: "par", i5: "rel", i6: "non" }),
  ...rows("c", { i1: "non", i3: "rel" }),
];
const altTest = (...args: string[]) => runCliInProcess(["alt-test", ...args]);

describe("assay alt-test", () => {
  it("prints one line per --llm, the annotators by name, every judge not named an annotator", async () => {
    const r = await altTest(
      "--input",
      csv("labels.csv", LABELS),
      "--llm",
      "gpt",
      "--epsilon",
      "0.2",
      "--scoring",
      "accuracy",
      "--min-items-per-human",
      "3",
    );
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["llm", "winning_rate", "advantage_probability", "passed", "annotators"]);
    expect(out).toMatchObject({ llm: "gpt", winning_rate: 0, advantage_probability: 1, passed: false });
    expect(
      out.annotators.map((a: { annotator: string; items: number; won: boolean }) => [a.annotator, a.items, a.won]),
    ).toEqual([
      ["a", 5, false],
      ["b", 5, false],
    ]);
    expect(out.annotators[0].p_value).toBeCloseTo(0.05805826175840775, 12);
    // two LLMs at once: each is tested against the annotators only (a and c), not against the other
    const two = await altTest(
      "--input",
      csv("two.csv", LABELS),
      ...["--llm", "gpt", "--llm", "b", "--epsilon", "0.2", "--scoring", "accuracy", "--min-items-per-human", "2"],
    );
    const lines = two.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { llm: string; annotators: { annotator: string }[] });
    expect(lines.map((l) => [l.llm, l.annotators.map((a) => a.annotator)])).toEqual([
      ["gpt", ["a", "c"]],
      ["b", ["a", "c"]],
    ]);
  });

  it("gives no winning rate, with the reason, when no annotator has enough items", async () => {
    const r = await altTest(
      "--input",
      csv("few.csv", LABELS),
      "--llm",
      "gpt",
      "--epsilon",
      "0.1",
      "--scoring",
      "accuracy",
    );
    expect(JSON.parse(r.stdout)).toEqual({
      llm: "gpt",
      winning_rate: null,
      advantage_probability: null,
      passed: false,
      annotators: [],
      reason: "no annotator has 30 items that the LLM and 2 or more annotators labelled",
    });
  });

  it.each([
    [["--llm", "gpt", "--epsilon", "0.2", "--scoring", "accuracy"], "assay: --input is required"],
    [
      ["--input", "X", "--epsilon", "0.2", "--scoring", "accuracy"],
      "assay: --llm JUDGE is required (once per LLM to test)",
    ],
    [
      ["--input", "X", "--llm", "gpt", "--epsilon", "0.2", "--scoring", "kappa"],
      "assay: --scoring must be accuracy or neg-rmse",
    ],
    [
      ["--input", "X", "--llm", "gpt", "--epsilon", "2", "--scoring", "accuracy"],
      'assay: --epsilon must be a number in [0, 1], not "2"',
    ],
    [
      ["--input", "X", "--llm", "nobody", "--epsilon", "0.2", "--scoring", "accuracy"],
      '--llm: X has no judge "nobody"',
    ],
  ])("refuses %j: %s", async (args, message) => {
    const file = csv("x.csv", LABELS);
    const r = await altTest(...args.map((a) => (a === "X" ? file : a)));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message.replace("X", file));
  });

  it("refuses a repeated judge on an item, and a label that is no number under neg-rmse, naming the line", async () => {
    const repeated = csv("repeated.csv", [...LABELS, "i1,a,non"]);
    const r = await altTest("--input", repeated, "--llm", "gpt", "--epsilon", "0.2", "--scoring", "accuracy");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `${repeated} line ${LABELS.length + 1}, field item: judge "a" on item "i1" is listed twice (first on line 13)`,
    );
    const words = csv("words.csv", LABELS);
    const n = await altTest("--input", words, "--llm", "gpt", "--epsilon", "0.2", "--scoring", "neg-rmse");
    expect(n.status).toBe(2);
    expect(n.stderr).toContain(`${words} line 2, field label: is not a number ("rel"): neg-rmse compares numbers`);
  });
});
