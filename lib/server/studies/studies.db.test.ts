import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { buildWorld } from "@/test/db-world";
import { getStudyHeader } from "./get-study-header";
import { getStudyOverview } from "./get-study-overview";
import { listStudies } from "./list-studies";
import { createStudy } from "./create-study";
import { findOrCreateStudy, findStudy } from "./find-or-create-study";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  world = await buildWorld(await getDb());
});

describe("listStudies", () => {
  const slugs = async (user: typeof world.admin) =>
    (await listStudies(user)).map((s) => s.slug).filter((s) => s.endsWith(world.id));

  it("shows an admin every study", async () => {
    expect((await slugs(world.admin)).sort()).toEqual([`other-${world.id}`, `study-${world.id}`]);
  });

  it("shows a researcher only the studies they are a researcher of", async () => {
    expect(await slugs(world.researcher)).toEqual([`study-${world.id}`]);
    expect(await slugs(world.otherResearcher)).toEqual([`other-${world.id}`]);
  });

  it("shows an annotator no study, even one they annotate in", async () => {
    expect(await slugs(world.annotator)).toEqual([]);
  });
});

describe("getStudyOverview", () => {
  it("counts the study's content", async () => {
    const overview = await getStudyOverview(world.researcher, world.study.id);
    expect(overview.counts).toEqual({
      queries: 1,
      nuggets: 2,
      documents: 2,
      poolEntries: 2,
      llmLabels: 4,
      campaigns: 2,
      systems: 0,
      responses: 0,
      members: 2,
    });
    expect(overview.judges).toEqual([{ name: "gpt-4o", kind: "model", labels: 4 }]);
  });

  it("answers not-found to a researcher of another study, an annotator member, and for a missing study", async () => {
    await expect(getStudyOverview(world.otherResearcher, world.study.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getStudyOverview(world.annotator, world.study.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getStudyOverview(world.admin, 987_654_321)).rejects.toMatchObject({ code: "not_found" });
  });

  it("lets an admin open any study", async () => {
    expect((await getStudyOverview(world.admin, world.otherStudy.id)).slug).toBe(`other-${world.id}`);
  });
});

describe("getStudyHeader", () => {
  it("names the study, counts its members and lists the judges and campaigns its reports choose from", async () => {
    const header = await getStudyHeader(world.researcher, world.study.id);
    expect(header).toMatchObject({ id: world.study.id, slug: `study-${world.id}`, members: 2 });
    expect(header.judges).toEqual([{ name: "gpt-4o", kind: "model", annotator: false }]);
    expect(header.campaigns.map((c) => [c.name, c.taskType, c.items, c.labelled, c.uniform]).sort()).toEqual([
      ["Active", "support", 2, 0, null],
      ["Draft", "support", 0, 0, null],
    ]);
  });

  it("checks the caller on every call, so a cached header is never shown to someone who may not see it", async () => {
    await getStudyHeader(world.researcher, world.study.id);
    await expect(getStudyHeader(world.otherResearcher, world.study.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getStudyHeader(world.annotator, world.study.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getStudyHeader(world.admin, 987_654_321)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("deleting a study", () => {
  it("cascades to everything in it (foreign keys are enforced)", async () => {
    const db = await getDb();
    const other = await buildWorld(db);
    await db.study.delete({ where: { id: other.study.id } });
    const where = { studyId: other.study.id };
    expect(
      await Promise.all([db.query.count({ where }), db.label.count({ where }), db.campaign.count({ where })]),
    ).toEqual([0, 0, 0]);
    expect(await db.item.count({ where: { campaignId: other.campaign.id } })).toBe(0);
  });
});

describe("study names", () => {
  it("refuses a name another study bears ignoring case and surrounding spaces", async () => {
    const name = `NovelEval ${unique()}`;
    const first = await createStudy({ name }, null);
    await expect(createStudy({ name: `  ${name.toLowerCase()} ` }, null)).rejects.toMatchObject({
      code: "conflict",
      message: `name: a study named "${name}" already exists (names may not differ only in case or spaces)`,
    });
    expect(await findStudy(name.toUpperCase())).toMatchObject({ id: first.id });
  });

  it("refuses a value that names two studies (one's slug, another's name), listing both; each stays reachable by id", async () => {
    const db = await getDb();
    const tag = unique();
    // made before names had to differ: "collide-<tag>" is one study's slug and the other's name
    const slugged = await upsertStudy(db, { slug: `collide-${tag}`, name: `Collide ${tag} A` });
    const named = await upsertStudy(db, { slug: `collide-${tag}-2`, name: `collide-${tag}` });
    await expect(findStudy(`collide-${tag}`)).rejects.toMatchObject({
      code: "invalid",
      message: `"collide-${tag}" names 2 studies: ${slugged.id} "Collide ${tag} A" (slug collide-${tag}), ${named.id} "collide-${tag}" (slug collide-${tag}-2); name the one you mean by its id`,
    });
    expect(await findStudy(String(named.id))).toMatchObject({ id: named.id });
    expect(await findStudy(`collide-${tag}-2`)).toMatchObject({ id: named.id });
    await expect(findOrCreateStudy(`collide-${tag}`)).rejects.toMatchObject({ code: "invalid" });
  });
});
