// A researcher grades a question's nuggets: the importance is stored, a change raises the question's
// nugget list version (an unchanged grade does not), and only the study's researchers may.
import { nuggetVersionOf } from "@/test/nugget-versions";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { demoStudyWorld } from "@/test/db-world";
import { setNuggetImportance } from "./set-nugget-importance";

let world: Awaited<ReturnType<typeof demoStudyWorld>>;
beforeAll(async () => {
  world = await demoStudyWorld(await getDb(), "importance", 1);
});

describe("setNuggetImportance", () => {
  it("stores the grade and raises the list's version only when it changes", async () => {
    const db = await getDb();
    const nugget = await db.nugget.findFirstOrThrow({ where: { studyId: world.studyId } });
    const before = await nuggetVersionOf(db, nugget.queryId);
    const set = (importance: "vital" | "okay" | null) =>
      setNuggetImportance(world.researcher, world.studyId, { nugget: nugget.externalId, importance });
    expect(await set("vital")).toEqual({ id: nugget.externalId, importance: "vital", nuggetVersion: before + 1 });
    expect(await set("vital")).toEqual({ id: nugget.externalId, importance: "vital", nuggetVersion: before + 1 });
    expect(await set(null)).toEqual({ id: nugget.externalId, importance: null, nuggetVersion: before + 2 });
    expect((await db.nugget.findUniqueOrThrow({ where: { id: nugget.id } })).importance).toBeNull();
  });

  it("refuses an unknown nugget, and an annotator of the study", async () => {
    await expect(
      setNuggetImportance(world.researcher, world.studyId, { nugget: "no-such-nugget", importance: "okay" }),
    ).rejects.toMatchObject({ message: 'nugget: this study has no nugget "no-such-nugget"' });
    const db = await getDb();
    const nugget = await db.nugget.findFirstOrThrow({ where: { studyId: world.studyId } });
    await expect(
      setNuggetImportance(world.annotators[0]!, world.studyId, { nugget: nugget.externalId, importance: "okay" }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
