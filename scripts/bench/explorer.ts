// Benchmark: the study explorer's server work on the generated FreshStack-scale study (50,000
// chunks, 200 questions, 650 nuggets, 20,000 LLM labels, 20,000 pooled pairs) plus a human judge who
// relabels 5,000 of the pairs, disagreeing with the LLM on a quarter of them: the question list
// (default and sorted by disagreements), a question page, the disagreement queue. On DATABASE_URL.
import fs from "node:fs";
import path from "node:path";
import { closeDb, getDb } from "@/lib/server/db/client";
import { fakeHumanLabels } from "@/lib/server/db/bench-fixtures";
import { closeSharedConnections, withBulkTransaction } from "@/lib/server/db/transactions";
import { getQuestionPool } from "@/lib/server/explorer/get-question-pool";
import { listDisagreements } from "@/lib/server/explorer/list-disagreements";
import { listQuestions } from "@/lib/server/explorer/list-questions";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import { questionListQuerySchema } from "@/lib/schemas/explorer";
import * as f from "@/prisma/factories";

const dir = process.argv[2]!;
const file = (name: string) => ({ name, chunks: fs.createReadStream(path.join(dir, name)) });
const study = await findOrCreateStudy("Explorer scale");
await importIntoStudy(study.id, { format: "freshstack-corpus", files: [file("corpus.jsonl")] });
await importIntoStudy(study.id, { format: "freshstack-queries", files: [file("queries.jsonl")] });
const db = await getDb();
const llm = await db.judge.findFirstOrThrow({ where: { studyId: study.id, kind: "model" } });
const human = await f.upsertJudge(db, study.id, { name: "bench-expert", kind: "human" });
await withBulkTransaction((tx) => fakeHumanLabels(tx, human.id, llm.id));
const admin = { id: 0, email: "bench", name: "bench", role: "admin" as const };
const time = async (run: () => Promise<unknown>, times = 5) => {
  await run(); // warm
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  return Math.round(ms.toSorted((a, b) => a - b)[Math.floor(times / 2)]!);
};
const listMs = await time(() => listQuestions(admin, study.id, questionListQuerySchema.parse({})));
const sorted = await listQuestions(
  admin,
  study.id,
  questionListQuerySchema.parse({ sort: "disagreements", dir: "desc" }),
);
const sortedMs = await time(() =>
  listQuestions(admin, study.id, questionListQuerySchema.parse({ sort: "disagreements", dir: "desc" })),
);
const busiest = sorted.rows[0]!;
const pageMs = await time(() => getQuestionPool(admin, study.id, busiest.id));
const chunk = (await getQuestionPool(admin, study.id, busiest.id)).chunks[0]!.documentId;
const pageWithChunkMs = await time(() => getQuestionPool(admin, study.id, busiest.id, chunk));
const queue = await listDisagreements(admin, study.id, 1);
const queueMs = await time(() => listDisagreements(admin, study.id, 1));
console.log(
  JSON.stringify({
    chunks: await db.document.count({ where: { studyId: study.id } }),
    questions: sorted.total,
    disagreements: queue.total,
    questionListMs: listMs,
    questionListByDisagreementsMs: sortedMs,
    questionPageMs: pageMs,
    questionPageWithChunkMs: pageWithChunkMs,
    poolOfThatQuestion: (await getQuestionPool(admin, study.id, busiest.id)).chunks.length,
    disagreementQueueMs: queueMs,
    goalMs: 300,
  }),
);
await closeSharedConnections();
await closeDb();
