import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { secureSqliteFile } from "./sqlite-file.mjs";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe("the SQLite database's file", () => {
  it("is created 0600 in new folders created 0700, and an existing one (with its WAL) is made 0600", () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), "assay-secure-"));
    made.push(base);
    const file = path.join(base, "deep", "data", "assay.db");
    secureSqliteFile(file);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    expect(mode(path.join(base, "deep"))).toBe(0o700);

    const shared = path.join(base, "shared");
    fs.mkdirSync(shared, { mode: 0o755 });
    const old = path.join(shared, "old.db");
    fs.writeFileSync(old, "", { mode: 0o644 });
    fs.writeFileSync(`${old}-wal`, "", { mode: 0o644 });
    secureSqliteFile(old);
    expect([mode(old), mode(`${old}-wal`)]).toEqual([0o600, 0o600]);
    expect(mode(shared)).toBe(0o755); // a folder that existed, not Assay's data/, is left as it is
  });
});
