// The command line as real processes: what the unit tier's in-process runs cannot show. The bin
// (node_modules/.bin/assay, npm run assay) runs the bundled command line with the same output and
// exit codes as the sources and as an in-process run; output piped into a reader that stops is not
// an error; and on a database it cannot use, one line says what is wrong and what to run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import Database from "libsql";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, runCliFromSources, runCliInProcess } from "@/test/run-cli";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-bin-"));
const labels = path.join(dir, "labels.csv");
fs.writeFileSync(labels, "item,judge,label\na,x,1\na,y,1\nb,x,0\nb,y,1\nc,x,0\nc,y,0\n");
const run = (command: string, args: string[]) => {
  const r = spawnSync(command, args, { encoding: "utf8" });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const source = (...args: string[]) => runCliFromSources(args);

describe("the assay bin", () => {
  it("gives the sources' and an in-process run's output and exit codes, through node_modules/.bin/assay and npm run", async () => {
    const cases = [
      ["help"],
      ["agreement", "--input", labels, "--metric", "cohen-kappa"],
      ["agreement", "--input", labels, "--reference", "x", "--metrics", "cohen-kappa,percent-agreement"],
      ["agreement", "--input", labels, "--metric", "nope"],
      ["agreement", "--input", path.join(dir, "missing.csv"), "--metric", "cohen-kappa"],
      ["no-such-command"],
    ];
    for (const args of cases) {
      const expected = source(...args);
      expect(await runCliInProcess(args), args.join(" ")).toEqual(expected);
      expect(run("node", ["scripts/assay.mjs", ...args]), args.join(" ")).toEqual(expected);
      expect(run("node_modules/.bin/assay", args), args.join(" ")).toEqual(expected);
    }
    expect(new Set(cases.map((args) => source(...args).status))).toEqual(new Set([0, 1, 2]));
    expect(run("npm", ["run", "--silent", "assay", "--", ...cases[1]!]).stdout).toBe(source(...cases[1]!).stdout);
  });

  it("stops quietly when the reader of its output stops (| head)", () => {
    const r = spawnSync("sh", ["-c", "node scripts/assay.mjs help | head -1"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toBe("");
  });
});

const assay = (databaseUrl: string, ...args: string[]) => runCli(args, { env: { DATABASE_URL: databaseUrl } });

describe("assay on a database it cannot use", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "assay-unmigrated-"));

  it("says to run npm run db:deploy when the tables are missing", () => {
    const url = `file:${path.join(dir, "empty.db")}`;
    for (const args of [
      ["studies", "list"],
      ["import", "--study", "x", "--format", "trec-run", "/dev/null"],
    ]) {
      const r = assay(url, ...args);
      expect([r.status, r.stdout, r.stderr]).toEqual([
        1,
        "",
        `assay: the database at ${url} has no Assay tables: run \`npm run db:deploy\` (npm start does it for you)\n`,
      ]);
    }
  });

  it("says how many migrations a database that missed some lacks", () => {
    const file = path.join(dir, "behind.db");
    const url = `file:${file}`;
    const deployed = spawnSync("node_modules/.bin/prisma", ["migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(deployed.status, deployed.stderr).toBe(0);
    expect(assay(url, "studies", "list").status).toBe(0);
    // as if the newest migration had not been applied yet
    const shipped = fs.readdirSync("prisma/sqlite/migrations", { withFileTypes: true }).filter((e) => e.isDirectory());
    const db = new Database(file);
    db.prepare(`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ?`).run(shipped.at(-1)!.name);
    db.close();
    const r = assay(url, "studies", "list");
    expect([r.status, r.stderr]).toEqual([
      1,
      `assay: the database at ${url} lacks 1 of this version's ${shipped.length} migrations: run \`npm run db:deploy\` (npm start does it for you)\n`,
    ]);
  });

  it("says to check DATABASE_URL when the database cannot be reached", () => {
    const r = assay("postgres://assay@127.0.0.1:1/none", "members", "list", "--study", "x");
    expect(r.status).toBe(1);
    expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^assay: cannot reach the database at postgres:\/\/assay@127\.0\.0\.1:1\/none \(check DATABASE_URL\): /,
    );
  });
});
