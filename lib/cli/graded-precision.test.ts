// The `graded-precision` command as its contract states it, run in-process on FeB4RAG's files.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCliInProcess } from "@/test/run-cli";

const FEB4RAG = path.resolve("../shared/data/feb4rag");
const gradedPrecision = (...args: string[]) => runCliInProcess(["graded-precision", ...args]);
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "")
    .sort();

describe("assay graded-precision", () => {
  it("reproduces FeB4RAG's BEIR-QRELS-RS.txt from BEIR-QRELS-RM.txt, line for line as a set", async () => {
    const r = await gradedPrecision("--feb4rag-labels", path.join(FEB4RAG, "BEIR-QRELS-RM.txt"));
    expect(r.status).toBe(0);
    const expected = lines(fs.readFileSync(path.join(FEB4RAG, "BEIR-QRELS-RS.txt"), "utf8"));
    expect(expected).toHaveLength(12_640);
    expect(lines(r.stdout)).toEqual(expected);
  });

  it("refuses bad input with one line and exit code 2", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-graded-"));
    const bad = path.join(dir, "bad.txt");
    fs.writeFileSync(bad, "1 Q0 doc-a 3\n1 Q0 doc-b 7\n");
    const cases: [string[], string][] = [
      [[], "assay: --feb4rag-labels is required"],
      [["--feb4rag-labels", "/nope.txt"], "assay: no such file: /nope.txt"],
      [["--feb4rag-labels", bad], `assay: ${bad} line 2, field label: a FeB4RAG label is 0, 1, 2 or 3, not "7"`],
      [["--labels", bad], "assay: Unknown option '--labels'"],
    ];
    for (const [args, message] of cases) {
      const r = await gradedPrecision(...args);
      expect([r.status, r.stderr.trim(), r.stdout]).toEqual([2, message, ""]);
    }
  });
});
