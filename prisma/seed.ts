// `npm run db:seed`: the demo study and the demo accounts (idempotent).
// With --if-empty it seeds only a database without users (npm start's first run), and otherwise
// just reports whether the demo accounts exist.
import { closeDb, getDb } from "@/lib/server/db/client";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoStudy } from "./demo/seed-demo-study";
import { seedDemoSnapshot } from "./demo/seed-demo-snapshot";
import { seedDemoRelevance } from "./demo/seed-demo-relevance";
import { seedDemoRag } from "./demo/seed-demo-rag";

const started = performance.now();
const db = await getDb();
const onlyIfEmpty = process.argv.includes("--if-empty");
if (!onlyIfEmpty || (await db.user.count()) === 0) {
  const { studyId } = await seedDemoStudy(db);
  await seedDemoSnapshot(db); // the same questions a year later, for the Drift page
  await seedDemoRelevance(db); // prose passages and graded qrels, the shape most teams bring
  await seedDemoRag(db); // RAG systems' answers graded against nuggets, as the TREC RAG track grades them
  const [queries, documents, llmLabels, humanLabels] = await Promise.all([
    db.query.count({ where: { studyId } }),
    db.document.count({ where: { studyId } }),
    db.label.count({ where: { studyId, judge: { kind: "model" } } }),
    db.label.count({ where: { studyId, judge: { kind: "human" } } }),
  ]);
  console.log(
    `Demo study seeded: ${queries} questions, ${documents} chunks, ${llmLabels} LLM labels, ${humanLabels} expert labels (${Math.round(performance.now() - started)} ms).`,
  );
}
if (await db.user.findUnique({ where: { email: DEMO_ACCOUNTS[0].email } })) {
  console.log(
    `Demo sign-in (password "${DEMO_PASSWORD}"): ${DEMO_ACCOUNTS.map((a) => `${a.email} (${a.role})`).join(", ")}`,
  );
}
await closeDb();
