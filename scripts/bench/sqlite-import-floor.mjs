// The floor for the import benchmark: load the same rows with the sqlite3 shell's .import into a
// fresh database with the same schema and indexes. Prints {floorMs}.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { FLOOR_TABLES } from "./floor-tables.mjs";

const [source, target, workDir] = process.argv.slice(2);
fs.mkdirSync(workDir, { recursive: true });
const commands = [".mode csv"];
for (const table of FLOOR_TABLES) {
  const csv = path.join(workDir, `${table}.csv`);
  execFileSync("sqlite3", ["-csv", source, `SELECT * FROM "${table}"`], {
    stdio: ["ignore", fs.openSync(csv, "w"), "inherit"],
  });
  commands.push(`.import ${csv} ${table}`);
}
const started = performance.now();
execFileSync("sqlite3", [target, ...commands], { stdio: "inherit" });
console.log(JSON.stringify({ floorMs: Math.round(performance.now() - started) }));
