// Benchmark: import the generated FreshStack-scale study into DATABASE_URL (fresh, migrated), the
// way the CLI does, and print wall time, rows per second and peak memory of this process.
import fs from "node:fs";
import path from "node:path";
import { closeDb, getDb } from "@/lib/server/db/client";
import { databaseUrl, providerOf } from "@/lib/server/db/database-url.mjs";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";

const dir = process.argv[2]!;
const file = (name: string) => ({ name, chunks: fs.createReadStream(path.join(dir, name)) });
const study = await findOrCreateStudy("FreshStack scale");
// PostgreSQL starts from a checkpoint, as its floor does (scripts/bench/postgres-import-floor.mjs)
if (providerOf(databaseUrl()) === "postgres") await (await getDb()).$executeRawUnsafe("CHECKPOINT");
const started = performance.now();
const steps: Record<string, number> = {};
const step = async (name: string, run: () => Promise<unknown>) => {
  const t0 = performance.now();
  await run();
  steps[name] = Math.round(performance.now() - t0);
};
await step("corpus", () => importIntoStudy(study.id, { format: "freshstack-corpus", files: [file("corpus.jsonl")] }));
await step("queries", () =>
  importIntoStudy(study.id, { format: "freshstack-queries", files: [file("queries.jsonl")] }),
);
const runs = fs
  .readdirSync(dir)
  .filter((f) => f.startsWith("run-"))
  .sort();
await step("runs", async () => {
  for (const run of runs) await importIntoStudy(study.id, { format: "trec-run", files: [file(run)] });
});
const wallMs = performance.now() - started;
const db = await getDb();
const where = { studyId: study.id };
const rows = {
  documents: await db.document.count({ where }),
  queries: await db.query.count({ where }),
  nuggets: await db.nugget.count({ where }),
  poolEntries: await db.poolEntry.count({ where }),
  labels: await db.label.count({ where }),
  runEntries: await db.runEntry.count({ where: { system: where } }),
};
const total = Object.values(rows).reduce((a, b) => a + b, 0);
console.log(
  JSON.stringify({
    wallMs: Math.round(wallMs),
    steps,
    rows,
    rowsPerSecond: Math.round(total / (wallMs / 1000)),
    peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
await closeDb();
