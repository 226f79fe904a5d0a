import { impactQuerySchema } from "@/lib/schemas/impact";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { preferenceQuerySchema } from "@/lib/schemas/preferences";
import { correctedEstimatesQuerySchema } from "@/lib/schemas/corrected-estimates";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { getNuggetQualityReport } from "@/lib/server/nugget-quality/get-nugget-quality-report";
import { getPreferencesReport } from "@/lib/server/preferences/get-preferences-report";
import { getStudyHeader } from "@/lib/server/studies/get-study-header";
import { getCorrectedEstimates } from "@/lib/server/corrected-estimates/get-corrected-estimates";
import { DEMO_STUDY_SLUG, seedDemoStudy } from "./seed-demo-study";

async function countsOf(studyId: number) {
  const db = await getDb();
  const where = { studyId };
  return {
    queries: await db.query.count({ where }),
    nuggets: await db.nugget.count({ where }),
    documents: await db.document.count({ where }),
    pool: await db.poolEntry.count({ where }),
    labels: await db.label.count({ where }),
    judges: await db.judge.count({ where }),
    systems: await db.system.count({ where }),
    runEntries: await db.runEntry.count({ where: { system: { studyId } } }),
    responses: await db.response.count({ where }),
    citations: await db.citation.count({ where: { response: { studyId } } }),
    campaigns: await db.campaign.count({ where }),
    items: await db.item.count({ where: { campaign: { studyId } } }),
    members: await db.studyMember.count({ where }),
  };
}

describe("the demo study seed", () => {
  it("creates the demo study and is idempotent", async () => {
    const { studyId } = await seedDemoStudy(await getDb());
    const first = await countsOf(studyId);
    expect(first).toEqual({
      // 640 LLM labels, 2 x 159 expert labels on gpt-4o's positives and 38 more of Eve's in the uniform sample of 80
      // pairs; 3 runs of 6 chunks per question; the live campaign and 4 finished ones
      queries: 10,
      nuggets: 32,
      documents: 80,
      pool: 100,
      labels: 996,
      judges: 4,
      systems: 5,
      runEntries: 180,
      responses: 10,
      citations: 20,
      campaigns: 5,
      items: 259,
      members: 5,
    });
    const again = await seedDemoStudy(await getDb());
    expect(again.studyId).toBe(studyId);
    expect(await countsOf(studyId)).toEqual(first);
    const db = await getDb();
    expect(await db.study.count({ where: { slug: DEMO_STUDY_SLUG } })).toBe(1);
  });

  it("gives the two LLMs different, partly disagreeing labels", async () => {
    const db = await getDb();
    const labels = await db.label.findMany({ where: { study: { slug: DEMO_STUDY_SLUG } }, include: { judge: true } });
    const byTarget = new Map<string, Record<string, string>>();
    for (const l of labels) byTarget.set(l.targetKey, { ...byTarget.get(l.targetKey), [l.judge.name]: l.value });
    const disagreements = [...byTarget.values()].filter((v) => v["gpt-4o"] !== v["solar-11b"]).length;
    const positives = labels.filter((l) => l.value === "1").length;
    expect(disagreements).toBeGreaterThan(10);
    expect(disagreements).toBeLessThan(byTarget.size / 3);
    expect(positives).toBeGreaterThan(100);
  });

  it("tells a story at first sight: the experts' finished campaigns are complete, disagree with gpt-4o, and move the leaderboard", async () => {
    const db = await getDb();
    const study = await db.study.findUniqueOrThrow({ where: { slug: DEMO_STUDY_SLUG } });
    const finished = await db.campaign.findMany({
      where: { studyId: study.id, status: "closed" },
      orderBy: { name: "asc" },
    });
    expect(finished.map((c) => c.taskType)).toEqual(["preference", "support", "nugget_quality", "support"]);
    const ofType = (taskType: string) => finished.find((c) => c.taskType === taskType)!;
    for (const c of finished)
      expect(await db.assignment.count({ where: { campaignId: c.id, status: { not: "submitted" } } })).toBe(0);
    const admin = { id: 0, email: "cli", name: "cli", role: "admin" as const };
    const check = ofType("support");
    const agreement = await getAgreementReport(
      admin,
      study.id,
      agreementQuerySchema.parse({
        a: "gpt-4o",
        b: `campaign:${check.id}`,
        group: "none",
      }),
    );
    expect(agreement.positives!.levels.find((l) => l.level === "Not supported")!.count).toBeGreaterThan(10); // gpt-4o's false positives
    const impact = await getImpactReport(
      admin,
      study.id,
      impactQuerySchema.parse({ a: "gpt-4o", b: "corrected:gpt-4o" }),
    );
    expect(impact.kendallTauB["alpha-ndcg@10"]).toBeLessThan(1);
    expect(impact.swaps["alpha-ndcg@10"]!.length).toBeGreaterThan(0);
    const best = (set: "a" | "b") =>
      impact.systems.toSorted((x, y) => y.scores["alpha-ndcg@10"]![set]! - x.scores["alpha-ndcg@10"]![set]!)[0]!.name;
    expect([best("a"), best("b")]).toEqual(["dense-e5", "hybrid-rrf"]);
    // the reports' defaults read the header: what each campaign labelled, which sample was uniform, whose labels a judge holds
    const header = await getStudyHeader(admin, study.id);
    expect(header.campaigns.map((c) => [c.name, c.items, c.labelled, c.uniform]).sort()).toEqual([
      ["Answer comparison (demo, finished)", 5, 5, null],
      ["Expert check of gpt-4o (demo, finished)", 159, 159, null],
      ["Nugget review (demo, finished)", 5, 5, "questions"], // five random questions, uncapped
      ["Support calibration (demo)", 10, 0, null],
      ["Uniform sample (demo, finished)", 80, 80, "pairs"],
    ]);
    expect(header.judges.filter((j) => j.annotator).map((j) => j.name)).toEqual([
      "expert2@assay.local",
      "expert@assay.local",
    ]);
    // the uniform sample gives Corrected estimates its interval on a first start
    const uniform = finished.find((c) => c.name.startsWith("Uniform sample"))!;
    const corrected = await getCorrectedEstimates(
      admin,
      study.id,
      correctedEstimatesQuerySchema.parse({
        llm: "gpt-4o",
        human: `campaign:${uniform.id}`,
        confidence: 0.95,
      }),
    );
    expect(corrected).toMatchObject({ labelled: 80, sample: { uniform: true } });
    const share = corrected.quantities.find((q) => q.id === "share")!;
    expect(share.withheld).toEqual({ people: null, ppi: null });
    expect(share.ppi!.low).toBeLessThan(share.ppi!.estimate);
    expect(share.ppi!.high).toBeGreaterThan(share.ppi!.estimate);
    const review = await getNuggetQualityReport(admin, study.id, {
      campaign: ofType("nugget_quality").id,
    });
    expect(review).toMatchObject({ reviews: 10, questions: 5 });
    expect(review.overall.micro.precision.value).toBeLessThan(1);
    const preferences = await getPreferencesReport(
      admin,
      study.id,
      preferenceQuerySchema.parse({
        source: `campaign:${ofType("preference").id}`,
      }),
    );
    expect(preferences).toMatchObject({ judgments: 10, items: 5, annotators: 2 });
  });
});
