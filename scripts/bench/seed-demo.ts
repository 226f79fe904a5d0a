// Benchmark: seed the demo study into the (empty, migrated) DATABASE_URL; print time and memory.
import { closeDb, getDb } from "@/lib/server/db/client";
import { seedDemoStudy } from "@/prisma/demo/seed-demo-study";

const db = await getDb();
const t0 = performance.now();
await seedDemoStudy(db);
const first = performance.now() - t0;
const t1 = performance.now();
await seedDemoStudy(db);
const again = performance.now() - t1;
const rows =
  (await db.label.count()) + (await db.document.count()) + (await db.runEntry.count()) + (await db.poolEntry.count());
console.log(
  JSON.stringify({
    firstSeedMs: Math.round(first),
    reseedMs: Math.round(again),
    rows,
    rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
  }),
);
await closeDb();
