// Benchmark: the Corrected estimates page's server time on a study of 50,000 (question, chunk)
// pairs labelled by an LLM, with a campaign of 2,000 pairs drawn uniformly at random and labelled
// by two annotators (the operation behind the page and its API), on DATABASE_URL (fresh, migrated).
import { correctedEstimatesQuerySchema } from "@/lib/schemas/corrected-estimates";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { fakeAnnotations } from "@/lib/server/db/bench-fixtures";
import { closeDb, getDb } from "@/lib/server/db/client";
import { closeSharedConnections, withBulkTransaction } from "@/lib/server/db/transactions";
import { getCorrectedEstimates } from "@/lib/server/corrected-estimates/get-corrected-estimates";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { generatedLines } from "../lib/generated-lines";

const N = 50_000;
const study = await findOrCreateStudy("Corrected estimates scale");
let seed = 11;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
await importIntoStudy(study.id, {
  format: "trec-qrels",
  judge: "llm",
  scale: "relevance-3",
  createMissing: true,
  files: [
    {
      name: "llm.qrels",
      chunks: generatedLines((i) => `q${i % 200} 0 d${Math.floor(i / 200)}-${i % 200} ${Math.floor(random() * 3)}`, N),
    },
  ],
});
const db = await getDb();
const annotators: UserDto[] = [];
for (const email of ["bench-ppi-a@assay.local", "bench-ppi-b@assay.local"]) {
  const user = toUserDto(await f.upsertUser(db, { email, role: "annotator", password: "bench" }));
  await f.upsertMember(db, study.id, user.id, "annotator");
  annotators.push(user);
}
const admin = { id: 0, email: "bench", name: "bench", role: "admin" as const };
const campaign = await createCampaign(admin, study.id, {
  name: "Corrected estimates: 2,000 random pairs",
  taskType: "relevance",
  scale: { kind: "builtin", id: "relevance-3" },
  guidelines: "",
  protocol: "blind",
  llmJudge: null,
  overlap: 2,
  annotatorIds: annotators.map((a) => a.id),
  sample: { kind: "random_pairs", pairs: 2000 },
  seed: 1,
});
await withBulkTransaction((tx) =>
  fakeAnnotations(
    tx,
    campaign.id,
    annotators.map((a) => a.id),
  ),
);
const query = { llm: "llm", human: formatLabelSet({ kind: "campaign", campaignId: campaign.id }), confidence: 0.95 };
await getCorrectedEstimates(admin, study.id, correctedEstimatesQuerySchema.parse(query)); // warm
const times: number[] = [];
let report = await getCorrectedEstimates(admin, study.id, correctedEstimatesQuerySchema.parse(query));
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  report = await getCorrectedEstimates(admin, study.id, correctedEstimatesQuerySchema.parse(query));
  times.push(performance.now() - t0);
}
const share = report.quantities[0]!;
if (report.pairs !== N || share.labelled !== 2000 || !share.ppi) throw new Error("unexpected report");
console.log(
  JSON.stringify({
    pairs: report.pairs,
    labelled: share.labelled,
    medianMs: Math.round(times.toSorted((a, b) => a - b)[2]!),
    ppi: share.ppi,
    goalMs: 300,
  }),
);
await closeSharedConnections();
await closeDb();
