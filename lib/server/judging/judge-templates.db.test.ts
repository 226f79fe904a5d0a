// Saved judge templates belong to their study (issue 34, finding 4): its researchers (and admins)
// see and extend them; another study's researcher neither lists them, nor adds a version, nor
// resolves their name, whatever the name. On the engine under test.
import { beforeAll, describe, expect, it } from "vitest";
import { builtinTemplate } from "@/lib/domain/judging/builtin-templates";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { buildWorld } from "@/test/db-world";
import { unique } from "@/test/db-tier";
import { listTemplates, resolveTemplate, saveTemplate } from "./judge-templates";

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  world = await buildWorld(await getDb());
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.code}: ${e.message}` : String(e)),
  );

describe("judge templates", () => {
  it("belong to their study: another study's researcher cannot list, extend or run them", async () => {
    const name = `few-shot-${unique()}`;
    const draft = { ...builtinTemplate("umbrela-relevance")!, name, system: "Example: the study's own question." };
    const saved = await saveTemplate(world.researcher, world.study.id, draft);
    const names = async (user: typeof world.researcher, studyId: number) =>
      (await listTemplates(user, studyId)).map((t) => t.name);
    expect(await names(world.researcher, world.study.id)).toEqual([
      "umbrela-relevance",
      "freshstack-support",
      "trec-rag-assignment",
      "trec-rag-support",
      "nuggetizer-create",
      "nuggetizer-score",
      name,
    ]);
    expect(await names(world.admin, world.study.id)).toContain(name);
    expect(await names(world.otherResearcher, world.otherStudy.id)).not.toContain(name);
    expect(await refusal(listTemplates(world.otherResearcher, world.study.id))).toBe("not_found: Study not found");
    expect(await refusal(listTemplates(world.annotator, world.study.id))).toBe("not_found: Study not found");
    expect(await refusal(saveTemplate(world.otherResearcher, world.study.id, draft))).toBe(
      "not_found: Study not found",
    );
    // in his own study the name is free, and his version is his study's, not a newer one of the first
    const his = await saveTemplate(world.otherResearcher, world.otherStudy.id, { ...draft, system: "Mine." });
    expect(his.created).toBe(true);
    expect((await resolveTemplate(world.study.id, name)).version).toBe(saved.version.version);
    expect((await resolveTemplate(world.otherStudy.id, name)).version).toBe(his.version.version);
    expect((await listTemplates(world.researcher, world.study.id)).find((t) => t.name === name)!.versions).toHaveLength(
      1,
    );
  });

  it("resolve a name only within the study", async () => {
    const name = `only-here-${unique()}`;
    await saveTemplate(world.researcher, world.study.id, { ...builtinTemplate("umbrela-relevance")!, name });
    expect(await refusal(resolveTemplate(world.otherStudy.id, name))).toBe(
      `invalid: template: the study has no template named "${name}" (assay judge templates --study S lists them)`,
    );
    expect((await resolveTemplate(world.otherStudy.id, "umbrela-relevance")).builtin).toBe(true);
  });
});
