// Benchmark: the server time of the annotation hot path, claiming the next item and saving its
// label, on a relevance campaign of 100,000 items (1,000 questions x 100 pooled chunks, overlap 2,
// 10 annotators) on DATABASE_URL (fresh, migrated). Annotators take turns, as in a real session;
// every claim and save is timed by itself.
import { randomUUID } from "node:crypto";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { getCampaignProgress } from "@/lib/server/campaigns/get-campaign-progress";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections } from "@/lib/server/db/transactions";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import { toUserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { generatedLines } from "../lib/generated-lines";

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 1_000);
const POOL = 100;
const ANNOTATORS = 10;
const CYCLES = Number(process.env.BENCH_CYCLES ?? 3_000);
const log = (m: string) => process.stderr.write(`[${Math.round(performance.now())} ms] ${m}\n`);

const study = await findOrCreateStudy("Workspace scale");
await importIntoStudy(study.id, {
  format: "beir-queries",
  files: [{ name: "q.tsv", chunks: generatedLines((i) => `q${i}\tQuestion ${i}`, QUESTIONS) }],
});
await importIntoStudy(study.id, {
  format: "beir-corpus",
  files: [{ name: "c.tsv", chunks: generatedLines((i) => `d${i}\tChunk ${i}`, QUESTIONS * POOL) }],
});
await importIntoStudy(study.id, {
  format: "trec-qrels",
  judge: "llm",
  scale: "relevance-3",
  files: [
    { name: "llm.qrels", chunks: generatedLines((i) => `q${Math.floor(i / POOL)} 0 d${i} ${i % 3}`, QUESTIONS * POOL) },
  ],
});

log("imported");
const db = await getDb();
const researcher = toUserDto(
  await f.upsertUser(db, { email: "bench-researcher@assay.local", role: "researcher", password: "bench" }),
);
await f.upsertMember(db, study.id, researcher.id, "researcher");
const annotators = [];
for (let i = 0; i < ANNOTATORS; i++) {
  const user = toUserDto(
    await f.upsertUser(db, { email: `bench-annotator-${i}@assay.local`, role: "annotator", password: "bench" }),
  );
  await f.upsertMember(db, study.id, user.id, "annotator");
  annotators.push(user);
}
const t0 = performance.now();
const campaign = await createCampaign(researcher, study.id, {
  name: "Bench",
  taskType: "relevance",
  scale: { kind: "builtin", id: "relevance-3" },
  guidelines: "",
  protocol: "blind_then_reveal",
  llmJudge: "llm",
  overlap: 2,
  annotatorIds: annotators.map((a) => a.id),
  sample: { kind: "all_pairs" },
  seed: 1,
});
const createMs = Math.round(performance.now() - t0);
if (campaign.items !== QUESTIONS * POOL) throw new Error(`expected ${QUESTIONS * POOL} items, got ${campaign.items}`);

log("campaign created");
const claims: number[] = [];
const saves: number[] = [];
const levels = ["non_relevant", "partially_relevant", "relevant"];
for (let cycle = 0; cycle < CYCLES; cycle++) {
  const annotator = annotators[cycle % ANNOTATORS]!;
  let t = performance.now();
  const { itemId } = await claimNextItem(annotator, campaign.id);
  claims.push(performance.now() - t);
  if (itemId === null) throw new Error("the campaign ran out of items");
  const save = {
    clientId: randomUUID(),
    phase: "blind" as const,
    version: 1,
    payload: { level: levels[cycle % 3]! },
    comment: null,
    startedAt: new Date().toISOString(),
    durationMs: 1000,
  };
  t = performance.now();
  await saveAnnotation(annotator, campaign.id, itemId, save);
  saves.push(performance.now() - t);
}
const stored = await db.annotation.count({ where: { item: { campaignId: campaign.id } } });
if (stored !== CYCLES) throw new Error(`expected ${CYCLES} stored labels, found ${stored}`);

// the researcher's campaign page over this campaign (it refreshes every 5 s): progress and stranded items
const progressTimes: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  await getCampaignProgress(researcher, campaign.id);
  progressTimes.push(performance.now() - t);
}

const quantile = (xs: number[], q: number) => {
  const s = xs.toSorted((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10;
};
console.log(
  JSON.stringify({
    items: campaign.items,
    createMs,
    cycles: CYCLES,
    claimMs: { median: quantile(claims, 0.5), p95: quantile(claims, 0.95) },
    saveMs: { median: quantile(saves, 0.5), p95: quantile(saves, 0.95) },
    goalP95Ms: 20,
    campaignPageMs: quantile(progressTimes, 0.5),
  }),
);
await closeSharedConnections();
await closeDb();
