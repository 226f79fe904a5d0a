import { impactQuerySchema } from "@/lib/schemas/impact";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { getStudyHeader } from "@/lib/server/studies/get-study-header";
import { defaultPair } from "@/lib/domain/report-defaults";
import { seedDemoStudy } from "./seed-demo-study";
import { RELEVANCE_DEMO_SLUG, seedDemoRelevance } from "./seed-demo-relevance";

const ADMIN = { id: 0, email: "cli", name: "cli", role: "admin" as const };

describe("the demo's prose relevance study", () => {
  it("holds questions, prose passages, three judges' graded qrels and three runs, and seeds again to the same state", async () => {
    const db = await getDb();
    await seedDemoStudy(db); // its accounts
    const { studyId } = await seedDemoRelevance(db);
    const counts = async () => ({
      queries: await db.query.count({ where: { studyId } }),
      documents: await db.document.count({ where: { studyId } }),
      labels: await db.label.count({ where: { studyId } }),
      runEntries: await db.runEntry.count({ where: { system: { studyId } } }),
    });
    const first = await counts();
    expect(first).toEqual({ queries: 6, documents: 30, labels: 3 * 36, runEntries: 3 * 36 });
    await seedDemoRelevance(db);
    expect(await counts()).toEqual(first);
    expect((await db.study.findUniqueOrThrow({ where: { id: studyId } })).slug).toBe(RELEVANCE_DEMO_SLUG);
  });

  it("opens Impact on trec_eval's measures, gpt-4o against the assessors, and the leaderboard changes", async () => {
    const db = await getDb();
    const study = await db.study.findUniqueOrThrow({ where: { slug: RELEVANCE_DEMO_SLUG } });
    const header = await getStudyHeader(ADMIN, study.id);
    const chosen = defaultPair(header, "leaderboard")!.choice;
    expect(chosen).toEqual({ a: "gpt-4o", b: "assessors" });
    const impact = await getImpactReport(ADMIN, study.id, impactQuerySchema.parse(chosen));
    expect(impact).toMatchObject({ family: "relevance", families: ["relevance"], questions: 6 });
    const best = (set: "a" | "b") =>
      impact.systems.toSorted((x, y) => y.scores["ndcg@10"]![set]! - x.scores["ndcg@10"]![set]!)[0]!.name;
    expect([best("a"), best("b")]).toEqual(["dense", "hybrid"]);
    expect(impact.swaps["ndcg@10"]!.length).toBeGreaterThan(0);
    const agreement = await getAgreementReport(
      ADMIN,
      study.id,
      agreementQuerySchema.parse({ a: "gpt-4o", b: "assessors", group: "none" }),
    );
    expect(agreement.items).toBe(36);
  });
});
