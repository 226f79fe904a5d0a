import { randomUUID } from "node:crypto";
import { nuggetVersionOf } from "@/test/nugget-versions";
import { beforeAll, describe, expect, it } from "vitest";
import type { NuggetReview } from "@/lib/domain/nuggets/nugget-review";
import type { CampaignDraft, SaveAnnotation } from "@/lib/schemas/campaigns";
import { getDb } from "@/lib/server/db/client";
import { getNuggetQualityReport } from "@/lib/server/nugget-quality/get-nugget-quality-report";
import { addNugget } from "@/lib/server/nuggets/add-nugget";
import { nuggetQualityCsv } from "@/lib/formats/reports/nugget-quality-csv";
import type { UserDto } from "@/lib/server/users/user-dto";
import { demoStudyWorld } from "@/test/db-world";
import { unique } from "@/test/db-tier";
import { claimNextItem } from "../campaigns/claim-next-item";
import { createCampaign } from "../campaigns/create-campaign";
import { getWorkspaceItem } from "../campaigns/get-workspace-item";
import { previewCampaign } from "../campaigns/preview-campaign";
import { saveAnnotation } from "../campaigns/save-annotation";

let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];

beforeAll(async () => {
  const db = await getDb();
  const world = await demoStudyWorld(db, "nugget-quality", 2);
  ({ studyId, researcher, annotators } = world);
}, 60_000);

const draft = (over: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: `Nugget review ${unique()}`,
  taskType: "nugget_quality",
  scale: { kind: "builtin", id: "binary" },
  guidelines: "",
  protocol: "blind",
  llmJudge: null,
  overlap: 2,
  annotatorIds: annotators.map((a) => a.id),
  sample: { kind: "random_questions", questions: 3 },
  seed: 3,
  ...over,
});

const save = (payload: SaveAnnotation["payload"], over: Partial<SaveAnnotation> = {}): SaveAnnotation => ({
  clientId: randomUUID(),
  phase: "blind",
  version: 1,
  payload,
  comment: null,
  startedAt: new Date().toISOString(),
  durationMs: 1000,
  ...over,
});

/** A review marking the nuggets at the given (0-based) indexes. */
const review = (ids: string[], marks: { a?: number[]; b?: number[]; c?: number; texts?: string[] }): NuggetReview => ({
  nuggets: ids.map((nugget, i) => ({
    nugget,
    hallucinated: marks.a?.includes(i) ?? false,
    redundant: marks.b?.includes(i) ?? false,
  })),
  missing: marks.c ?? 0,
  missingNuggets: marks.texts ?? [],
});

describe("nugget-quality campaigns", () => {
  it("reviews whole questions: N random ones, blind, one item per question", async () => {
    const preview = await previewCampaign(researcher, studyId, draft());
    expect(preview).toMatchObject({ items: 3, questions: 3, seats: 6, llmPositive: null });
    expect(preview.first.every((p) => p.nugget === null && p.document === null)).toBe(true);
    await expect(
      previewCampaign(researcher, studyId, draft({ protocol: "assisted", llmJudge: "gpt-4o" })),
    ).rejects.toThrow(/protocol: a nugget-quality campaign is blind \(there is no LLM label to reveal\)/);
    await expect(
      previewCampaign(researcher, studyId, draft({ sample: { kind: "feb4rag", judge: "gpt-4o" } })),
    ).rejects.toThrow(/sample: a nugget-quality campaign takes all questions or N random ones/);
    const all = await previewCampaign(researcher, studyId, draft({ sample: { kind: "all_pairs" } }));
    expect(all.items).toBe(10); // every demo question has nuggets
  });

  it("shows an annotator the question, its gold answer and its nuggets in order, and stores a review exactly as entered", async () => {
    const db = await getDb();
    const { id } = await createCampaign(researcher, studyId, draft());
    const items = await db.item.findMany({ where: { campaignId: id }, orderBy: { position: "asc" } });
    expect(items.map((i) => [i.targetKey, i.documentId, i.nuggetId])).toEqual(
      items.map((i) => [`q:${i.queryId}`, null, null]),
    );

    const [ann] = annotators;
    const { itemId } = await claimNextItem(ann!, id);
    const item = await getWorkspaceItem(ann!, id, itemId!);
    const nuggets = await db.nugget.findMany({
      where: { queryId: items.find((i) => i.id === itemId)!.queryId! },
      orderBy: { position: "asc" },
    });
    expect(item.nuggets.map((n) => n.text)).toEqual(nuggets.map((n) => n.text));
    expect(item.question.answerHtml).toContain("<");
    expect(item).toMatchObject({ document: null, nugget: null, llm: null, mine: [] });

    const ids = nuggets.map((n) => n.externalId);
    await expect(saveAnnotation(ann!, id, itemId!, save({ level: "1" }))).rejects.toThrow(/Invalid review/);
    await expect(saveAnnotation(ann!, id, itemId!, save(review(ids.slice(1), {})))).rejects.toThrow(
      `Invalid review: the question has ${ids.length} nuggets, the review marks ${ids.length - 1}`,
    );
    await expect(saveAnnotation(ann!, id, itemId!, save(review([...ids].reverse(), {})))).rejects.toThrow(
      /Invalid review: nugget 1 of the review is/,
    );
    await expect(
      saveAnnotation(ann!, id, itemId!, save(review(ids, { c: 0, texts: ["an extra idea"] }))),
    ).rejects.toThrow(/more missing nuggets written out than counted/);

    const mine = review(ids, { a: [0], b: [ids.length - 1], c: 2, texts: ["Mention the dead-letter queue"] });
    await saveAnnotation(ann!, id, itemId!, save(mine));
    expect((await getWorkspaceItem(ann!, id, itemId!)).mine).toMatchObject([
      { phase: "blind", level: null, review: mine, version: 1 },
    ]);
    // a review is an annotation, not a Label on a target
    expect(await db.label.count({ where: { studyId, judge: { name: ann!.email } } })).toBe(0);
  });

  it("reports precision, recall and groundedness from what was entered, with agreement and FreshStack's judgment table", async () => {
    const db = await getDb();
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_questions", questions: 2 } }),
    );
    const items = await db.item.findMany({
      where: { campaignId: id },
      orderBy: { position: "asc" },
      include: { query: { include: { nuggets: { orderBy: { position: "asc" } } } } },
    });
    const [first, second] = items.map((i) => ({
      itemId: i.id,
      question: i.query!.externalId,
      ids: i.query!.nuggets.map((n) => n.externalId),
    }));
    const [x, y] = annotators;
    // x: first question, nugget 1 hallucinated and the last redundant, 1 missing; second question clean.
    // y: first question, the last redundant, none missing; second question, nugget 2 redundant, 2 missing.
    const entered = [
      { who: x!, on: first!, marks: { a: [0], b: [first!.ids.length - 1], c: 1 } },
      { who: x!, on: second!, marks: {} },
      { who: y!, on: first!, marks: { b: [first!.ids.length - 1] } },
      { who: y!, on: second!, marks: { b: [1], c: 2, texts: ["Explain the default"] } },
    ];
    for (const e of entered) {
      // each annotator claims the items in order, as the workspace does, and labels what was claimed
      expect((await claimNextItem(e.who, id)).itemId).toBe(e.on.itemId);
      await saveAnnotation(e.who, id, e.on.itemId, save(review(e.on.ids, e.marks)));
    }

    const report = await getNuggetQualityReport(researcher, studyId, { campaign: id });
    const [n1, n2] = [first!.ids.length, second!.ids.length];
    // micro over the four reviews: |N| = 2 n1 + 2 n2, ΣB = 3, ΣA = 1, ΣC = 3
    const n = 2 * n1 + 2 * n2;
    expect(report).toMatchObject({ reviews: 4, questions: 2 });
    expect(report.overall.micro.precision.value).toBeCloseTo((n - 3) / n, 12);
    expect(report.overall.micro.recall.value).toBeCloseTo((n - 3) / (n - 3 + 3), 12);
    expect(report.overall.micro.groundedness.value).toBeCloseTo((n - 1) / n, 12);
    // macro: the mean over the four reviews' precision
    const precisions = [(n1 - 1) / n1, 1, (n1 - 1) / n1, (n2 - 1) / n2];
    expect(report.overall.macro.precision.value).toBeCloseTo(precisions.reduce((s, v) => s + v, 0) / 4, 12);
    const xRow = report.perAnnotator.find((a) => a.annotator === x!.email)!;
    expect(xRow.micro.groundedness.value).toBeCloseTo((n1 + n2 - 1) / (n1 + n2), 12);
    expect(report.perQuestion.find((q) => q.question === first!.question)).toMatchObject({
      reviews: 2,
      hallucinated: 1,
      redundant: 2,
      missing: 1,
    });
    expect(report.byPosition[0]).toMatchObject({ position: 1, nuggets: 4, groundedness: 0.75 });
    // three redundant marks, two of them on a question's last nugget (unless the second question has two nuggets)
    expect(report.lastNuggetShare.value).toBeCloseTo((2 + (n2 === 2 ? 1 : 0)) / 3, 12);
    expect(report.agreement).toMatchObject({ nuggets: n1 + n2, questions: 2 });
    const pairwise = report.agreement!.hallucinated.find((s) => s.metric === "pairwise-agreement")!;
    expect(pairwise.value).toBeCloseTo((n1 + n2 - 1) / (n1 + n2), 12); // they disagree on one nugget only
    expect(report.missingNuggets).toEqual([
      { question: second!.question, annotator: y!.email, text: "Explain the default", nugget: null },
    ]);
    // the researcher adds it to the question: once
    const added = await addNugget(researcher, studyId, { question: second!.question, text: "Explain the default" });
    expect(added).toEqual({ id: `${second!.question}_${n2 + 1}`, position: n2 + 1, added: true });
    expect(await addNugget(researcher, studyId, { question: second!.question, text: " Explain the default " })).toEqual(
      { ...added, added: false },
    );
    await expect(addNugget(annotators[0]!, studyId, { question: second!.question, text: "x" })).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await getNuggetQualityReport(researcher, studyId, { campaign: id })).missingNuggets[0]!.nugget).toBe(
      added.id,
    );
    expect(report).toMatchObject({ judgment: null, judgmentNote: null });
    expect(nuggetQualityCsv(report)).toContain(`overall micro,all,groundedness,${(n - 1) / n},,,${n},\n`);
    expect(nuggetQualityCsv(report).split("\n")[0]).toBe("section,key,metric,value,low,high,count,withheld");

    // the judgment side of FreshStack's Table 5, from a support campaign with an LLM
    const support = await createCampaign(researcher, studyId, {
      ...draft(),
      taskType: "support",
      scale: { kind: "builtin", id: "relevance-3" },
      llmJudge: "gpt-4o",
      overlap: 1,
      annotatorIds: [x!.id],
      sample: { kind: "llm_positive_per_question", questions: 2, judge: "gpt-4o" },
    });
    const early = await getNuggetQualityReport(researcher, studyId, { campaign: id, support: support.id });
    expect(early).toMatchObject({
      judgment: null,
      judgmentNote: expect.stringMatching(/has labelled a pair its LLM called positive yet/),
      reviews: 4,
    });
    for (const level of ["relevant", "non_relevant"]) {
      const { itemId } = await claimNextItem(x!, support.id);
      await saveAnnotation(x!, support.id, itemId!, save({ level }));
    }
    const withJudgment = await getNuggetQualityReport(researcher, studyId, { campaign: id, support: support.id });
    expect(withJudgment.judgment).toMatchObject({ llm: "gpt-4o", pairs: 2 });
    expect(withJudgment.judgment!.levels.map((l) => [l.level, l.share])).toEqual(
      expect.arrayContaining([
        ["Relevant", 0.5],
        ["Non-relevant", 0.5],
      ]),
    );
    await expect(getNuggetQualityReport(researcher, studyId, { campaign: support.id })).rejects.toMatchObject({
      code: "invalid",
    });
    await expect(getNuggetQualityReport(annotators[0]!, studyId, { campaign: id })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("keeps the nugget list a campaign started with when nuggets are added to a question, and says which version its reviews cover", async () => {
    const db = await getDb();
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_questions", questions: 1 }, seed: 11 }),
    );
    const [item] = await db.item.findMany({
      where: { campaignId: id },
      include: { query: { include: { nuggets: { orderBy: { position: "asc" } } } } },
    });
    const question = item!.query!;
    const version = await nuggetVersionOf(db, question.id);
    const ids = question.nuggets.map((n) => n.externalId);
    const [x, y] = annotators;
    await claimNextItem(x!, id);
    await saveAnnotation(x!, id, item!.id, save(review(ids, { a: [0] })));

    // a nugget joins the question while the campaign runs: a new version of its list
    await addNugget(researcher, studyId, {
      question: question.externalId,
      text: `A fact added while reviewing ${unique()}`,
    });
    expect(await nuggetVersionOf(db, question.id)).toBe(version + 1);
    // the campaign's annotators still review the list it started with, first review or edit
    await claimNextItem(y!, id);
    expect((await getWorkspaceItem(y!, id, item!.id)).nuggets.map((n) => n.id)).toEqual(ids);
    expect((await getWorkspaceItem(x!, id, item!.id)).nuggets.map((n) => n.id)).toEqual(ids);
    await saveAnnotation(x!, id, item!.id, save(review(ids, { a: [0, 1] }), { version: 2 }));
    await saveAnnotation(y!, id, item!.id, save(review(ids, {})));
    const now = (await db.nugget.findMany({ where: { queryId: question.id }, orderBy: { position: "asc" } })).map(
      (n) => n.externalId,
    );
    await expect(saveAnnotation(y!, id, item!.id, save(review(now, {}), { version: 2 }))).rejects.toThrow(
      `Invalid review: the question has ${ids.length} nuggets, the review marks ${ids.length + 1}`,
    );

    const report = await getNuggetQualityReport(researcher, studyId, { campaign: id });
    expect(report.perQuestion).toEqual([
      expect.objectContaining({
        question: question.externalId,
        nuggets: ids.length,
        reviews: 2,
        hallucinated: 2,
        nuggetVersion: version,
        currentNuggetVersion: version + 1,
      }),
    ]);
    expect(report.overall.micro.nuggets).toBe(2 * ids.length);
    // a campaign started now reviews the new list
    const later = await createCampaign(researcher, studyId, draft({ sample: { kind: "all_pairs" } }));
    const laterItem = await db.item.findFirstOrThrow({ where: { campaignId: later.id, queryId: question.id } });
    expect(JSON.parse(laterItem.nuggets!)).toEqual({
      version: version + 1,
      nuggets: now.map((nugget, i) => expect.objectContaining({ id: nugget, position: i + 1 })),
    });
  });

  it("keeps each nugget's importance with the list, shows the vital ones, and reports quality by importance", async () => {
    const db = await getDb();
    const [ann] = annotators;
    const oneQuestion = () =>
      createCampaign(
        researcher,
        studyId,
        draft({
          sample: { kind: "random_questions", questions: 1 },
          seed: 23,
          annotatorIds: [ann!.id],
          overlap: 1,
        }),
      );
    const first = await oneQuestion();
    const itemId = (await claimNextItem(ann!, first.id)).itemId!;
    const queryId = (await db.item.findUniqueOrThrow({ where: { id: itemId } })).queryId!;
    const nuggets = await db.nugget.findMany({ where: { queryId }, orderBy: { position: "asc" } });
    // graded after the campaign started: its list keeps the nuggets as they were (not graded)
    await db.nugget.update({ where: { id: nuggets[0]!.id }, data: { importance: "vital" } });
    expect((await getWorkspaceItem(ann!, first.id, itemId)).nuggets.map((n) => n.importance)).toEqual(
      nuggets.map(() => null),
    );
    // a campaign started now (the same question, by the same seed) keeps the grade, and shows it
    const graded = await oneQuestion();
    const gradedItem = (await claimNextItem(ann!, graded.id)).itemId!;
    expect((await db.item.findUniqueOrThrow({ where: { id: gradedItem } })).queryId).toBe(queryId);
    expect((await getWorkspaceItem(ann!, graded.id, gradedItem)).nuggets.map((n) => n.importance)).toEqual(
      nuggets.map((_, i) => (i === 0 ? "vital" : null)),
    );
    const ids = nuggets.map((n) => n.externalId);
    await saveAnnotation(ann!, graded.id, gradedItem, save(review(ids, { a: [0] })));
    const report = await getNuggetQualityReport(researcher, studyId, { campaign: graded.id });
    expect(report.byImportance).toEqual([
      { importance: "vital", nuggets: 1, precision: 1, groundedness: 0 },
      ...(ids.length > 1 ? [{ importance: "not graded", nuggets: ids.length - 1, precision: 1, groundedness: 1 }] : []),
    ]);
    await db.nugget.update({ where: { id: nuggets[0]!.id }, data: { importance: null } });
  });
});
