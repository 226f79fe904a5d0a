import { afterAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/server/db/client";
import { DEMO_STUDY_SLUG, seedDemoStudy } from "./seed-demo-study";

afterAll(closeDb);

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
      queries: 10, nuggets: 32, documents: 80, pool: 100, labels: 640, judges: 2, systems: 5, runEntries: 300,
      responses: 10, citations: 20, campaigns: 1, items: 10, members: 3,
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
    expect(disagreements).toBeLessThan(byTarget.size / 4);
    expect(positives).toBeGreaterThan(100);
  });
});
