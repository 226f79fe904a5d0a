// Nugget sets (docs/DOMAIN.md, "Nugget sets"): a second list of nuggets for the same questions,
// imported by name beside the first, never mixed with it in a campaign, Impact, an export or a
// bundle, and carried whole by a bundle into another study.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { getNuggetQualityReport } from "@/lib/server/nugget-quality/get-nugget-quality-report";
import { addNugget } from "./add-nugget";
import { saveReviewedSet } from "@/lib/server/nugget-quality/save-reviewed-set";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import { getQuestionPool } from "@/lib/server/explorer/get-question-pool";
import { callTexts } from "@/lib/server/db/judge-calls";
import { createJudgeRun } from "@/lib/server/judging/create-judge-run";
import { fakeEndpoint } from "@/test/judge-runs";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { impactQuerySchema } from "@/lib/schemas/impact";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { nuggetVersionOf } from "@/test/nugget-versions";

const FILES = path.resolve("test/fixtures/trec-rag");
const read = (name: string) => fs.readFileSync(path.join(FILES, name), "utf8");
type Graded = { qid: string; query: string; nuggets: { text: string; importance: string; assignment?: string }[] };
const parse = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Graded);
const toJsonl = (lines: readonly object[]) => `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
/** Another team's list: each question's first two nuggets, reworded. */
const alt = (line: Graded): Graded => ({
  ...line,
  nuggets: line.nuggets.slice(0, 2).map((n) => ({ ...n, text: `${n.text} (as NIST wrote it)` })),
});

let studyId: number;
let researcher: UserDto;
let annotatorIds: number[];
let annotatorUser: UserDto;

async function linesOf(request: Parameters<typeof exportStudy>[1], id = studyId): Promise<string[]> {
  const { lines } = await exportStudy(id, request);
  const out: string[] = [];
  for await (const text of lines) out.push(...text.split("\n"));
  return out;
}

beforeAll(async () => {
  const db = await getDb();
  const id = unique();
  studyId = (await f.upsertStudy(db, { slug: `sets-${id}`, name: `Sets ${id}` })).id;
  const user = await f.upsertUser(db, { email: `sets-r-${id}@test.local`, role: "researcher", password: "x" });
  await f.upsertMember(db, studyId, user.id, "researcher");
  researcher = toUserDto(user);
  const annotator = await f.upsertUser(db, { email: `sets-a-${id}@test.local`, role: "annotator", password: "x" });
  await f.upsertMember(db, studyId, annotator.id, "annotator");
  annotatorIds = [annotator.id];
  annotatorUser = toUserDto(annotator);
  const file = (name: string, text = read(name)) => [textInput(name, text)];
  await importIntoStudy(studyId, { format: "trec-rag-answers", createMissing: true, files: file("answers.jsonl") });
  await importIntoStudy(studyId, { format: "nuggetizer-nuggets", files: file("nuggets.jsonl") });
  await importIntoStudy(studyId, {
    format: "nuggetizer-assignments",
    judge: "llm",
    files: file("assignments-llm.jsonl"),
  });
  // the second set and an LLM's assignments of its nuggets, by name
  await importIntoStudy(studyId, {
    format: "nuggetizer-nuggets",
    nuggetSet: "nist",
    files: file("nist-nuggets.jsonl", toJsonl(parse(read("nuggets.jsonl")).map(alt))),
  });
  await importIntoStudy(studyId, {
    format: "nuggetizer-assignments",
    judge: "llm-on-nist",
    nuggetSet: "nist",
    files: file("nist-assignments.jsonl", toJsonl(parse(read("assignments-llm.jsonl")).map(alt))),
  });
}, 60_000);

describe("nugget sets", () => {
  it("keeps a second set beside the first: its own nuggets and ids, the first's lists and versions untouched", async () => {
    const db = await getDb();
    const sets = await db.nuggetSet.findMany({ where: { studyId }, orderBy: { id: "asc" } });
    expect(sets.map((s) => [s.name, s.source])).toEqual([
      ["main", "import"],
      ["nist", "import"],
    ]);
    const [main, nist] = sets;
    const count = (setId: number) => db.nugget.count({ where: { setId } });
    expect(await count(main!.id)).toBe(12);
    expect(await count(nist!.id)).toBe(8);
    const t1 = await db.query.findFirstOrThrow({ where: { studyId, externalId: "t1" } });
    expect(await nuggetVersionOf(db, t1.id, main!.id)).toBe(1);
    expect(await nuggetVersionOf(db, t1.id, nist!.id)).toBe(1);
    // ids are unique in the study: the second set's first nugget of t1 is not "t1_1"
    const ids = (
      await db.nugget.findMany({ where: { setId: nist!.id, queryId: t1.id }, orderBy: { position: "asc" } })
    ).map((n) => n.externalId);
    expect(ids).toEqual(["t1_1_2", "t1_2_2"]);
    // the explorer shows the first set's list and counts each set's side by side
    const pool = await getQuestionPool(researcher, studyId, t1.id);
    expect(pool.nuggetSet).toBe("main");
    expect(pool.nuggets.map((n) => n.id)).toEqual(["t1_1", "t1_2", "t1_3", "t1_4"]);
    expect(pool.nuggetSets).toEqual([
      { name: "main", nuggets: 4, vital: 2, okay: 2 },
      { name: "nist", nuggets: 2, vital: 2, okay: 0 },
    ]);
    // each set exports as the file it came from
    expect(await linesOf({ what: "nuggets", format: "nuggetizer-nuggets", nuggetSet: "nist" })).toEqual(
      toJsonl(parse(read("nuggets.jsonl")).map(alt))
        .trim()
        .split("\n"),
    );
    const first = await linesOf({ what: "nuggets", format: "nuggetizer-nuggets" });
    expect(first.map((l) => JSON.parse(l) as Graded)).toEqual(parse(read("nuggets.jsonl")));
    await expect(linesOf({ what: "nuggets", format: "nuggetizer-nuggets", nuggetSet: "nope" })).rejects.toThrow(
      'nuggetSet: the study has no nugget set named "nope"',
    );
  });

  it("scores nugget assignments in Impact against the set asked for, says which, and ranks the runs under two sets", async () => {
    const impact = (a: string, b: string, nuggetSet?: string, nuggetSetB?: string) =>
      getImpactReport(researcher, studyId, impactQuerySchema.parse({ a, b, family: "answers", nuggetSet, nuggetSetB }));
    const onMain = await impact("llm", "llm");
    const onNist = await impact("llm-on-nist", "llm-on-nist", "nist");
    expect(onMain.nuggetSets).toEqual({ a: "main", b: "main" });
    expect(onNist.nuggetSets).toEqual({ a: "nist", b: "nist" });
    expect(onMain.questions).toBe(4);
    expect(onNist.questions).toBe(4);
    // two nuggets a question under nist: an answer's All score is over those two only
    const all = (r: typeof onMain, system: string, side: "a" | "b" = "a") =>
      r.systems.find((s) => s.name === system)!.scores.all_score![side];
    expect(all(onNist, "bm25-gpt4o")).not.toBe(all(onMain, "bm25-gpt4o"));
    // labels of one set's nuggets grade nothing under the other
    await expect(impact("llm", "llm", "nist")).rejects.toThrow(/nothing to compare|in common/);
    await expect(impact("llm-on-nist", "llm-on-nist")).rejects.toThrow(/nothing to compare|in common/);
    // sets compared: the same LLM's assignments, A over the first set's nuggets, B over nist's
    const compared = await impact("llm", "llm-on-nist", undefined, "nist");
    expect(compared.nuggetSets).toEqual({ a: "main", b: "nist" });
    expect(compared.questions).toBe(4);
    for (const system of compared.systems.map((s) => s.name)) {
      expect(all(compared, system, "a")).toBe(all(onMain, system));
      expect(all(compared, system, "b")).toBe(all(onNist, system));
    }
    expect(compared.kendallTauB.all_score).toEqual(expect.any(Number));
    expect(Array.isArray(compared.swaps.all_score)).toBe(true);
    await expect(impact("llm", "llm-on-nist", undefined, "nope")).rejects.toThrow(
      'nuggetSetB: the study has no nugget set named "nope"',
    );
  });

  it("starts a nugget assignment campaign on the set asked for, its items holding only that set's nuggets", async () => {
    const db = await getDb();
    const campaign = await createCampaign(researcher, studyId, {
      name: `On nist ${unique()}`,
      taskType: "nugget_assignment",
      scale: { kind: "builtin", id: "binary" },
      guidelines: "",
      protocol: "blind",
      llmJudge: null,
      overlap: 1,
      annotatorIds,
      sample: { kind: "all_pairs" },
      seed: 1,
      nuggetSet: "nist",
    });
    const items = await db.item.findMany({ where: { campaignId: campaign.id } });
    expect(items.length).toBe(12);
    const nist = await db.nuggetSet.findFirstOrThrow({ where: { studyId, name: "nist" } });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).nuggetSetId).toBe(nist.id);
    for (const item of items) {
      const list = JSON.parse(item.nuggets!) as { nuggets: { text: string }[] };
      expect(list.nuggets).toHaveLength(2);
      expect(list.nuggets.every((n) => n.text.endsWith("(as NIST wrote it)"))).toBe(true);
    }
  });

  it("starts an LLM nugget assignment run on the set asked for: its calls read that set's nuggets", async () => {
    const db = await getDb();
    const endpoint = await fakeEndpoint("http://127.0.0.1:9/v1", "m");
    const start = (nuggetSet?: string) =>
      createJudgeRun(researcher, studyId, {
        template: "trec-rag-assignment",
        endpoint,
        sample: { kind: "all_pairs" },
        ...(nuggetSet ? { nuggetSet } : {}),
      });
    const [onMain, onNist] = [await start(), await start("nist")];
    for (const [run, set] of [
      [onMain, "main"],
      [onNist, "nist"],
    ] as const) {
      const stored = await db.judgeRun.findUniqueOrThrow({ where: { id: run.id }, include: { nuggetSet: true } });
      expect(stored.nuggetSet?.name).toBe(set);
      await db.judgeRun.update({ where: { id: run.id }, data: { status: "cancelled" } });
      const calls = await db.judgeCall.findMany({ where: { runId: run.id }, select: { id: true } });
      expect(calls).toHaveLength(12);
      const texts = await callTexts(calls.map((c) => c.id));
      for (const t of texts.values()) {
        if (set === "nist") expect(t.nuggets).toHaveLength(2);
        expect(t.nuggets!.every((n) => n.text.endsWith("(as NIST wrote it)"))).toBe(set === "nist");
      }
    }
    await expect(
      createJudgeRun(researcher, studyId, {
        template: "umbrela-relevance",
        endpoint,
        sample: { kind: "all_pairs" },
        nuggetSet: "nist",
      }),
    ).rejects.toThrow("nuggetSet: only nugget assignment and support runs use a nugget set");
  });

  it("reviews a set in a nugget quality campaign and saves the reviewed lists as a new set", async () => {
    const db = await getDb();
    const name = `Review nist ${unique()}`;
    const campaign = await createCampaign(researcher, studyId, {
      name,
      taskType: "nugget_quality",
      scale: { kind: "builtin", id: "binary" },
      guidelines: "",
      protocol: "blind",
      llmJudge: null,
      overlap: 1,
      annotatorIds,
      sample: { kind: "random_questions", questions: 2 },
      seed: 3,
      nuggetSet: "nist",
    });
    const reviewed: string[] = [];
    for (let k = 0; k < 2; k++) {
      const { itemId } = await claimNextItem(annotatorUser, campaign.id);
      const item = await db.item.findUniqueOrThrow({ where: { id: itemId! }, include: { query: true } });
      const list = JSON.parse(item.nuggets!) as { nuggets: { id: string }[] };
      reviewed.push(item.query!.externalId);
      await saveAnnotation(annotatorUser, campaign.id, itemId!, {
        clientId: randomUUID(),
        phase: "blind",
        version: 1,
        payload: {
          taskType: "nugget_quality",
          // the first nugget hallucinated, one missing nugget written out
          nuggets: list.nuggets.map((n, i) => ({ nugget: n.id, hallucinated: i === 0, redundant: false })),
          missing: 1,
          missingNuggets: [`What ${item.query!.externalId} also needs`],
        } as never,
        comment: null,
        startedAt: new Date().toISOString(),
        durationMs: 1000,
      });
    }
    const report = await getNuggetQualityReport(researcher, studyId, { campaign: campaign.id });
    expect(report.campaign.nuggetSet).toBe("nist");
    // a missing nugget added from the report joins the reviewed set's list, not the first set's
    const added = await addNugget(researcher, studyId, {
      question: reviewed[0]!,
      text: "Added from the report",
      nuggetSet: "nist",
    });
    const nist = await db.nuggetSet.findFirstOrThrow({ where: { studyId, name: "nist" } });
    expect((await db.nugget.findFirstOrThrow({ where: { studyId, externalId: added.id } })).setId).toBe(nist.id);

    expect(await saveReviewedSet(researcher, studyId, { name: "nist reviewed", campaign: campaign.id })).toEqual({
      name: "nist reviewed",
      questions: 2,
      kept: 2,
      added: 2,
    });
    const set = await db.nuggetSet.findFirstOrThrow({ where: { studyId, name: "nist reviewed" } });
    expect(set).toMatchObject({ source: "review", origin: `the reviews of campaign "${name}"` });
    const nuggets = await db.nugget.findMany({
      where: { setId: set.id },
      orderBy: [{ queryId: "asc" }, { position: "asc" }],
      include: { query: { select: { externalId: true } } },
    });
    expect(nuggets).toHaveLength(4);
    for (const q of reviewed) {
      const list = nuggets.filter((n) => n.query.externalId === q);
      expect(list.map((n) => [n.position, n.text.endsWith("(as NIST wrote it)"), n.importance === null])).toEqual([
        [1, true, false],
        [2, false, true],
      ]);
      expect(list[1]!.text).toBe(`What ${q} also needs`);
    }
    // the name is the study's once; another campaign's task cannot make one
    await expect(
      saveReviewedSet(researcher, studyId, { name: "nist reviewed", campaign: campaign.id }),
    ).rejects.toThrow('name: the study has a nugget set named "nist reviewed"');
    const assign = await db.campaign.findFirstOrThrow({ where: { studyId, taskType: "nugget_assignment" } });
    await expect(saveReviewedSet(researcher, studyId, { name: "x", campaign: assign.id })).rejects.toThrow(
      "only a nugget quality campaign's reviews make a reviewed nugget set",
    );
  });

  it("carries every set in a bundle: another study imports it and exports the same bundle", async () => {
    const db = await getDb();
    const bundle = await linesOf({ what: "study", format: "bundle" });
    const records = bundle.map((l) => JSON.parse(l) as { type: string; name?: string; set?: string });
    expect(records.filter((r) => r.type === "nugget_set").map((r) => r.name)).toEqual([
      "main",
      "nist",
      "nist reviewed",
    ]);
    expect(new Set(records.filter((r) => r.type === "nugget").map((r) => r.set))).toEqual(
      new Set(["main", "nist", "nist reviewed"]),
    );
    const other = (await f.upsertStudy(db, { slug: `sets-copy-${unique()}`, name: "Sets copy" })).id;
    await importIntoStudy(other, {
      format: "assay-bundle",
      files: [textInput("study.assay.jsonl", `${bundle.join("\n")}\n`)],
    });
    // the same records (an annotation gets a new client id on the server that has its old one;
    // seats come in the order the server made them)
    const same = (lines: string[]) =>
      lines
        .slice(1)
        .map((l) => {
          const { client_id: _c, ...r } = JSON.parse(l) as Record<string, unknown>;
          return JSON.stringify(r);
        })
        .sort();
    expect(same(await linesOf({ what: "study", format: "bundle" }, other))).toEqual(same(bundle));
    // imported again: nothing changes
    await importIntoStudy(other, {
      format: "assay-bundle",
      files: [textInput("study.assay.jsonl", `${bundle.join("\n")}\n`)],
    });
    expect(same(await linesOf({ what: "study", format: "bundle" }, other))).toEqual(same(bundle));
  });

  it("refuses a nugget id of one set in an import into another, and changes nothing", async () => {
    const bundle = await linesOf({ what: "study", format: "bundle" });
    const db = await getDb();
    const before = await db.nugget.count({ where: { studyId } });
    const moved = bundle.map((l) => {
      const r = JSON.parse(l) as { type: string; id?: string; set?: string };
      return r.type === "nugget" && r.id === "t1_1" ? JSON.stringify({ ...r, set: "nist" }) : l;
    });
    await expect(
      importIntoStudy(studyId, {
        format: "assay-bundle",
        files: [textInput("moved.assay.jsonl", `${moved.join("\n")}\n`)],
      }),
    ).rejects.toThrow('nugget id "t1_1" belongs to another nugget set of the study');
    expect(await db.nugget.count({ where: { studyId } })).toBe(before);
  });
});
