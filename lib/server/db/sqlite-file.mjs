// The SQLite database's file is its owner's alone, whoever creates it: `npm start`, the Prisma CLI
// (`npm run db:deploy`), the command line or the server opening a file that is not there yet.
import fs from "node:fs";
import path from "node:path";
import { defaultSqliteFile } from "./database-url.mjs";

/**
 * Makes a SQLite database readable by its owner alone: the folders it creates 0700, the file (and
 * its -wal and -shm files, which SQLite creates with the file's mode) 0600, created empty when
 * missing. A folder that exists already is left as it is, but for Assay's own data/.
 *
 * An existing file is never opened here, only chmod-ed by its path: closing any descriptor of a
 * database file drops every POSIX lock this process holds on it (SQLite's own connections' locks
 * included), which would let two writers in at once.
 */
export function secureSqliteFile(file) {
  const folder = path.dirname(file);
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (path.resolve(folder) === path.dirname(defaultSqliteFile())) fs.chmodSync(folder, 0o700);
  try {
    fs.closeSync(fs.openSync(file, "wx", 0o600)); // created only when missing
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  for (const suffix of ["", "-wal", "-shm"])
    if (fs.existsSync(`${file}${suffix}`)) fs.chmodSync(`${file}${suffix}`, 0o600);
}
