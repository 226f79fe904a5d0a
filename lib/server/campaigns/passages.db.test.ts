// Passages as people read them (issue 35): prose wrapped into paragraphs, code highlighted,
// Markdown rendered, as the study or the import says; the question's terms marked when a campaign
// asks for it; every setting carried by a study bundle. On the engine under test.
import { beforeAll, describe, expect, it } from "vitest";
import * as f from "@/prisma/factories";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { exportStudy } from "@/lib/server/exports/export-study";
import { getQuestionPool } from "@/lib/server/explorer/get-question-pool";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { updateStudySettings } from "@/lib/server/studies/update-study-settings";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { claimNextItem } from "./claim-next-item";
import { createCampaign } from "./create-campaign";
import { getWorkspaceItem } from "./get-workspace-item";
import { skipItem } from "./skip-item";

const PROSE =
  '"Middle Ground" is a song by the Canadian singer Sarah McLachlan.\n\nThe song was released in 2014 as a single.';
let researcher: UserDto;
let annotator: UserDto;
let studyId: number;

/** A study with NovelEval's shape: one question, a prose passage from a BEIR corpus, and a code chunk. */
async function proseStudy(): Promise<number> {
  const db = await getDb();
  const study = await f.upsertStudy(db, { slug: `passages-${unique()}`, name: `Passages ${unique()}` });
  await f.upsertMember(db, study.id, researcher.id, "researcher");
  await f.upsertMember(db, study.id, annotator.id, "annotator");
  await importIntoStudy(study.id, {
    format: "beir-queries",
    files: [textInput("queries.tsv", "q1\tWhat is the song Middle Ground about?\n")],
  });
  await importIntoStudy(study.id, {
    format: "beir-corpus",
    files: [textInput("corpus.jsonl", `${JSON.stringify({ _id: "p1", title: "", text: PROSE })}\n`)],
  });
  const query = await db.query.findFirstOrThrow({ where: { studyId: study.id } });
  const prose = await db.document.findFirstOrThrow({ where: { studyId: study.id, externalId: "p1" } });
  const code = await f.upsertDocument(db, study.id, {
    externalId: "c1",
    text: "def song():\n    return 1\n",
    path: "a.py",
    language: "python",
  });
  for (const doc of [prose, code]) await f.upsertPoolEntry(db, study.id, query.id, doc.id);
  return study.id;
}

const campaign = (id: number, highlightTerms: boolean) =>
  createCampaign(researcher, id, {
    name: `Relevance ${unique()}`,
    taskType: "relevance",
    scale: { kind: "builtin", id: "trec-dl-0-3" },
    guidelines: "",
    protocol: "blind",
    llmJudge: null,
    highlightTerms,
    overlap: 1,
    annotatorIds: [annotator.id],
    sample: { kind: "all_pairs" },
    seed: 1,
  });

/** The campaign's items as the annotator sees them, by document id. */
async function shown(campaignId: number) {
  const seen = new Map<string, Awaited<ReturnType<typeof getWorkspaceItem>>["document"]>();
  for (;;) {
    const { itemId } = await claimNextItem(annotator, campaignId);
    if (itemId === null) break;
    const item = await getWorkspaceItem(annotator, campaignId, itemId);
    seen.set(item.document!.id, item.document);
    await skipItem(annotator, campaignId, itemId); // on to the next
  }
  return seen;
}

beforeAll(async () => {
  const db = await getDb();
  researcher = toUserDto(
    await f.upsertUser(db, { email: `passages-r-${unique()}@test.local`, role: "researcher", password: "x" }),
  );
  annotator = toUserDto(
    await f.upsertUser(db, { email: `passages-a-${unique()}@test.local`, role: "annotator", password: "x" }),
  );
  studyId = await proseStudy();
});

describe("passages", () => {
  it("are shown by their kind: a BEIR passage as wrapped prose, a chunk with a path as code", async () => {
    const docs = await shown((await campaign(studyId, false)).id);
    expect(docs.get("p1")).toMatchObject({ kind: "prose" });
    expect(docs.get("p1")!.html).toBe(
      '<div class="prose-passage"><p>&quot;Middle Ground&quot; is a song by the Canadian singer Sarah McLachlan.</p><p>The song was released in 2014 as a single.</p></div>',
    );
    expect(docs.get("c1")).toMatchObject({ kind: "code" });
    expect(docs.get("c1")!.html).toContain('class="code-lines"');
  });

  it("mark the question's terms only in a campaign that asks for it", async () => {
    const marked = (await shown((await campaign(studyId, true)).id)).get("p1")!.html;
    expect(marked.match(/<mark class="term">[^<]*<\/mark>/g)).toEqual([
      '<mark class="term">Middle</mark>',
      '<mark class="term">Ground</mark>',
      '<mark class="term">song</mark>',
      '<mark class="term">song</mark>',
    ]);
  });

  it("follow the study's setting, which its researchers change and an import's setting overrides", async () => {
    const id = await proseStudy();
    expect(await updateStudySettings(researcher, id, { passageDisplay: "code" })).toEqual({ passageDisplay: "code" });
    const query = await (await getDb()).query.findFirstOrThrow({ where: { studyId: id } });
    const pool = await getQuestionPool(researcher, id, query.id);
    const chunk = async (externalId: string) => {
      const d = await (await getDb()).document.findFirstOrThrow({ where: { studyId: id, externalId } });
      return (await getQuestionPool(researcher, id, query.id, d.id)).chunk!;
    };
    expect(pool.question.externalId).toBe("q1");
    expect((await chunk("p1")).kind).toBe("code");
    // the corpus imported again as prose: those passages are prose whatever the study says
    await importIntoStudy(id, {
      format: "beir-corpus",
      display: "prose",
      files: [textInput("corpus.jsonl", `${JSON.stringify({ _id: "p1", title: "", text: PROSE })}\n`)],
    });
    expect((await chunk("p1")).kind).toBe("prose");
    expect((await chunk("c1")).kind).toBe("code");
    // a format without passages takes no display, and a researcher of another study changes nothing
    const refused = await importIntoStudy(id, {
      format: "trec-qrels",
      judge: "j",
      scale: "trec-dl-0-3",
      display: "prose",
      files: [textInput("q.txt", "q1 0 p1 1\n")],
    }).catch((e: unknown) => e);
    expect((refused as AppError).message).toMatch(/^display: trec-qrels files bring no passages' texts/);
    const stranger = toUserDto(
      await f.upsertUser(await getDb(), {
        email: `stranger-${unique()}@test.local`,
        role: "researcher",
        password: "x",
      }),
    );
    await expect(updateStudySettings(stranger, id, { passageDisplay: "markdown" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("travel in a study bundle: the study's setting, each passage's and each campaign's", async () => {
    const id = await proseStudy();
    await updateStudySettings(researcher, id, { passageDisplay: "markdown" });
    await importIntoStudy(id, {
      format: "beir-corpus",
      display: "prose",
      files: [textInput("corpus.jsonl", `${JSON.stringify({ _id: "p1", title: "", text: PROSE })}\n`)],
    });
    await campaign(id, true);
    const { lines } = await exportStudy(id, { what: "study", format: "bundle" });
    const blocks: string[] = [];
    for await (const block of lines) blocks.push(block);
    const text = `${blocks.join("\n")}\n`;
    const target = (await f.upsertStudy(await getDb(), { slug: `moved-${unique()}`, name: `Moved ${unique()}` })).id;
    await importIntoStudy(target, { format: "assay-bundle", files: [textInput("study.assay.jsonl", text)] });
    const db = await getDb();
    expect((await db.study.findUniqueOrThrow({ where: { id: target } })).passageDisplay).toBe("markdown");
    const docs = await db.document.findMany({ where: { studyId: target }, orderBy: { externalId: "asc" } });
    expect(docs.map((d) => [d.externalId, d.display])).toEqual([
      ["c1", null],
      ["p1", "prose"],
    ]);
    expect((await db.campaign.findFirstOrThrow({ where: { studyId: target } })).highlightTerms).toBe(true);
  });
});
