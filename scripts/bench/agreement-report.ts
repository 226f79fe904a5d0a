// Benchmark: the agreement report for two judges with 100,000 labelled targets each, and the
// report on a campaign's annotators for a campaign of 50,000 items labelled by two annotators
// (100,000 labels): the operations behind the report pages and their API, on DATABASE_URL (fresh,
// migrated).
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { fakeAnnotations } from "@/lib/server/db/bench-fixtures";
import { withBulkTransaction, closeSharedConnections } from "@/lib/server/db/transactions";
import { getCampaignAgreement } from "@/lib/server/campaign-agreement/get-campaign-agreement";
import { getDb } from "@/lib/server/db/client";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { closeDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import { generatedLines } from "../lib/generated-lines";

const N = 100_000;
const study = await findOrCreateStudy("Report scale");
await importIntoStudy(study.id, {
  format: "beir-queries",
  files: [{ name: "q.tsv", chunks: generatedLines((i) => `q${i}\tQuestion ${i}`, 200) }],
});
await importIntoStudy(study.id, {
  format: "beir-corpus",
  files: [{ name: "c.tsv", chunks: generatedLines((i) => `d${i}\tChunk ${i}`, N / 200) }],
});
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const human: number[] = [];
const llm: number[] = [];
for (let i = 0; i < N; i++) {
  human.push(Math.floor(random() * 3));
  llm.push(random() < 0.7 ? human[i]! : Math.floor(random() * 3));
}
const qrels = (values: number[]) => generatedLines((i) => `q${i % 200} 0 d${Math.floor(i / 200)} ${values[i]}`, N);
await importIntoStudy(study.id, {
  format: "trec-qrels",
  judge: "human",
  judgeKind: "human",
  scale: "relevance-3",
  files: [{ name: "h.qrels", chunks: qrels(human) }],
});
await importIntoStudy(study.id, {
  format: "trec-qrels",
  judge: "llm",
  scale: "relevance-3",
  files: [{ name: "l.qrels", chunks: qrels(llm) }],
});

const admin = { id: 0, email: "bench", name: "bench", role: "admin" as const };
const times: Record<string, number> = {};
for (const group of ["none", "query"] as const) {
  await getAgreementReport(admin, study.id, agreementQuerySchema.parse({ a: "llm", b: "human", group })); // warm
  const t0 = performance.now();
  const report = await getAgreementReport(admin, study.id, agreementQuerySchema.parse({ a: "llm", b: "human", group }));
  times[group] = Math.round(performance.now() - t0);
  if (report.items !== N) throw new Error(`expected ${N} pairs, got ${report.items}`);
}

const db = await getDb();
const annotators: UserDto[] = [];
for (const email of ["bench-rater-a@assay.local", "bench-rater-b@assay.local"]) {
  const user = toUserDto(await f.upsertUser(db, { email, role: "annotator", password: "bench" }));
  await f.upsertMember(db, study.id, user.id, "annotator");
  annotators.push(user);
}
const campaign = await createCampaign(admin, study.id, {
  name: "Two raters",
  taskType: "relevance",
  scale: { kind: "builtin", id: "relevance-3" },
  guidelines: "",
  protocol: "blind",
  llmJudge: "llm",
  overlap: 2,
  annotatorIds: annotators.map((a) => a.id),
  sample: { kind: "all_pairs", cap: N / 2 },
  seed: 1,
});
await withBulkTransaction((tx) =>
  fakeAnnotations(
    tx,
    campaign.id,
    annotators.map((a) => a.id),
  ),
);
await getCampaignAgreement(admin, study.id, campaign.id); // warm
const t0 = performance.now();
const campaignReport = await getCampaignAgreement(admin, study.id, campaign.id);
const campaignMs = Math.round(performance.now() - t0);
if (campaignReport.labels !== N) throw new Error(`expected ${N} campaign labels, got ${campaignReport.labels}`);

console.log(
  JSON.stringify({
    labels: 2 * N,
    reportMs: times.none,
    reportByQueryMs: times.query,
    campaignLabels: campaignReport.labels,
    campaignReportMs: campaignMs,
    goalMs: 1000,
  }),
);
await closeSharedConnections();
await closeDb();
