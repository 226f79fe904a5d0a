// The assay bin (node_modules/.bin/assay, npm run assay) runs the bundled command line with the
// same output as the sources run through the TypeScript loader.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "@/test/run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-bin-"));
const labels = path.join(dir, "labels.csv");
fs.writeFileSync(labels, "item,judge,label\na,x,1\na,y,1\nb,x,0\nb,y,1\nc,x,0\nc,y,0\n");
const run = (command: string, args: string[]) => {
  const r = spawnSync(command, args, { encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const source = (...args: string[]) => runCli(args);

describe("the assay bin", () => {
  it("gives the sources' output and exit codes, through node_modules/.bin/assay and npm run", () => {
    const cases = [
      ["help"],
      ["agreement", "--input", labels, "--metric", "cohen-kappa"],
      ["agreement", "--input", labels, "--reference", "x", "--metrics", "cohen-kappa,percent-agreement"],
      ["agreement", "--input", labels, "--metric", "nope"],
    ];
    for (const args of cases) {
      const expected = source(...args);
      expect(run("node", ["scripts/assay.mjs", ...args]), args.join(" ")).toEqual(expected);
      expect(run("node_modules/.bin/assay", args), args.join(" ")).toEqual(expected);
    }
    expect(run("npm", ["run", "--silent", "assay", "--", ...cases[1]!]).stdout).toBe(source(...cases[1]!).stdout);
  });
});
