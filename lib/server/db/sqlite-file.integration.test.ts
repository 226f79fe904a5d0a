// Every path that creates the SQLite database makes it its owner's alone (0600, in a new folder
// 0700): the Prisma CLI (npm run db:deploy) and the command line opening a file that is not there
// yet, as real processes. (npm start's own path: scripts/lib/setup.mjs, the unit test beside this.)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import Database from "libsql";
import { runCli } from "@/test/run-cli";
import { secureSqliteFile } from "./sqlite-file.mjs";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "assay-created-"));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
const mode = (file: string) => fs.statSync(file).mode & 0o777;
const files = (db: string) => [db, `${db}-wal`, `${db}-shm`].filter((f) => fs.existsSync(f));

describe("a SQLite database created by", () => {
  it("npm run db:deploy (prisma migrate deploy) is 0600, with its WAL, in a new folder 0700", () => {
    const db = path.join(base, "by-prisma", "assay.db");
    const result = spawnSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: `file:${db}`, NEXT_TELEMETRY_DISABLED: "1" },
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    expect(files(db).map(mode)).toEqual(files(db).map(() => 0o600));
    expect(mode(path.dirname(db))).toBe(0o700);
  });

  it("the command line on a missing file is 0600, with its WAL and shared memory, in a new folder 0700", () => {
    const db = path.join(base, "by-cli", "assay.db");
    const result = runCli(["studies", "list"], { env: { DATABASE_URL: `file:${db}` } });
    expect(result.stderr).toMatch(/npm run db:deploy/); // no tables yet: it says what to run
    expect(files(db).length).toBeGreaterThan(0);
    expect(files(db).map(mode)).toEqual(files(db).map(() => 0o600));
    expect(mode(path.dirname(db))).toBe(0o700);
  });

  it("leaves alone a database this process has open: it never opens the file, so SQLite's locks hold", () => {
    // closing any descriptor of a database file drops every POSIX lock the process holds on it; once
    // dropped, another process may (here) switch the journal mode under the open connection, and
    // labels committed meanwhile were lost (the load benchmark saw 47 of 732)
    const db = path.join(base, "open", "assay.db");
    secureSqliteFile(db);
    const open = new Database(db);
    open.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1)");
    open.prepare("SELECT x FROM t").all();
    secureSqliteFile(db);
    const other = spawnSync(
      process.execPath,
      [
        "-e",
        `const D = require("libsql"); const d = new D(${JSON.stringify(db)}, { timeout: 0 });
         try { d.prepare("PRAGMA journal_mode = DELETE").get(); console.log("switched") } catch (e) { console.log(e.code) }`,
      ],
      { encoding: "utf8" },
    );
    open.close();
    expect(other.stdout.trim()).toBe("SQLITE_BUSY");
  });
});
