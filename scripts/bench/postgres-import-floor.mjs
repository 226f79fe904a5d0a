// The PostgreSQL floor for the import benchmark: load the same rows with psql's \copy into a fresh
// database with the same schema and indexes, in one psql session. Prints {floorMs}.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { FLOOR_TABLES } from "./floor-tables.mjs";

const [source, target, workDir] = process.argv.slice(2);
fs.mkdirSync(workDir, { recursive: true });
const commands = [];
for (const table of FLOOR_TABLES) {
  const csv = path.join(workDir, `${table}.csv`);
  execFileSync("psql", ["-q", "-X", source, "-c", `\\copy "${table}" TO '${csv}' WITH (FORMAT csv)`], {
    stdio: "inherit",
  });
  commands.push(`\\copy "${table}" FROM '${csv}' WITH (FORMAT csv)`);
}
const script = path.join(workDir, "load.sql");
fs.writeFileSync(script, ["\\set ON_ERROR_STOP on", ...commands, ""].join("\n"));
// both the import and this floor start from a checkpoint, not from the previous run's dirty pages
execFileSync("psql", ["-q", "-X", target, "-c", "CHECKPOINT"], { stdio: "inherit" });
const started = performance.now();
execFileSync("psql", ["-q", "-X", target, "-f", script], { stdio: "inherit" });
console.log(JSON.stringify({ floorMs: Math.round(performance.now() - started) }));
