import { driftQuerySchema } from "@/lib/schemas/drift";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { getDriftReport } from "@/lib/server/drift/get-drift-report";
import { listSnapshotStudies } from "@/lib/server/drift/list-snapshot-studies";
import { toUserDto } from "@/lib/server/users/user-dto";
import { DEMO_ACCOUNTS, seedDemoStudy } from "./seed-demo-study";
import { DEMO_LOST_NUGGET, DEMO_SNAPSHOT_SLUG, seedDemoSnapshot } from "./seed-demo-snapshot";

describe("the demo's later snapshot", () => {
  it("is seeded once, and shows drift at first sight beside the demo study", async () => {
    const db = await getDb();
    const demo = await seedDemoStudy(db);
    const { studyId } = await seedDemoSnapshot(db);
    const counts = async () => ({
      documents: await db.document.count({ where: { studyId } }),
      labels: await db.label.count({ where: { studyId } }),
      runEntries: await db.runEntry.count({ where: { system: { studyId } } }),
    });
    const first = await counts();
    expect((await seedDemoSnapshot(db)).studyId).toBe(studyId);
    expect(await counts()).toEqual(first);
    expect(await db.study.count({ where: { slug: DEMO_SNAPSHOT_SLUG } })).toBe(1);

    const researcher = toUserDto(await db.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS[1].email } }));
    const offered = await listSnapshotStudies(researcher, demo.studyId);
    // other tests' copies of the demo share its questions too: the snapshot is among the first
    expect(offered.find((s) => s.id === studyId)).toMatchObject({ sharedQuestions: 10 });
    expect(offered[0]!.sharedQuestions).toBe(10);

    const report = await getDriftReport(
      researcher,
      demo.studyId,
      driftQuerySchema.parse({
        snapshot: studyId,
        source: "repository",
        delimiter: "/",
      }),
    );
    expect(report.questions).toEqual({ matched: 10, onlyA: [], onlyB: [] });
    expect(report.grounding.lostSupport.map((n) => n.nugget)).toEqual([DEMO_LOST_NUGGET]);
    expect(report.grounding.lostFullSupport).toContain(DEMO_LOST_NUGGET.slice(0, DEMO_LOST_NUGGET.lastIndexOf("_")));
    const harbor = report.sources.bySource.find((s) => s.source === "harbor-dev/harbor")!;
    expect(harbor.a.share).toBeGreaterThan(0.6);
    expect(harbor.b.share).toBeLessThan(harbor.a.share / 2); // the code and docs moved out
    expect(report.sources.relevant.b).toBeGreaterThan(report.sources.relevant.a); // the cookbook's copies
    expect(report.leaderboards.unmatched).toEqual({ a: [], b: ["dense-e5-v2"] });
    expect(report.leaderboards.systems.map((s) => s.system)).toEqual(["bm25", "dense-e5", "hybrid-rrf"]);
  }, 120_000);
});
