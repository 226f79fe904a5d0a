// Nugget-assignment campaigns (TREC RAG): one item per system's answer, the question's nugget list
// kept with its importance, the answer shown without its system; a save assigns every nugget of the
// item and becomes the annotator's labels, which Benchmark impact scores as nuggetizer does.
import { impactQuerySchema } from "@/lib/schemas/impact";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { labelSet } from "@/test/label-set";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { answerNuggetScores, type NuggetAssignment } from "@/lib/domain/nugget-scores/nugget-scores";
import type { CampaignDraft, SaveAnnotation } from "@/lib/schemas/campaigns";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { loadLabelSet } from "@/lib/server/label-sets/load-label-set";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { claimNextItem } from "./claim-next-item";
import { createCampaign } from "./create-campaign";
import { getWorkspaceItem } from "./get-workspace-item";
import { saveAnnotation } from "./save-annotation";
import { getAdjudicationItem } from "../adjudication/get-adjudication-item";
import { getAdjudicationQueue } from "../adjudication/get-adjudication-queue";
import { saveDecision } from "../adjudication/save-decision";
import { getAnnotatorQuality } from "../annotator-quality/get-annotator-quality";

const FILES = path.resolve("test/fixtures/trec-rag");
const RUNS = ["bm25-gpt4o", "dense-llama", "hybrid-qwen"];
let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];

beforeAll(async () => {
  const db = await getDb();
  const id = unique();
  studyId = (await f.upsertStudy(db, { slug: `assign-${id}`, name: `Assignments ${id}` })).id;
  const users = [];
  for (const [i, role] of (["researcher", "annotator", "annotator"] as const).entries()) {
    const user = await f.upsertUser(db, { email: `assign${i}-${id}@test.local`, role, password: "x" });
    await f.upsertMember(db, studyId, user.id, role);
    users.push(toUserDto(user));
  }
  [researcher, ...annotators] = users as [UserDto, ...UserDto[]];
  const file = (name: string) => [textInput(name, fs.readFileSync(path.join(FILES, name), "utf8"))];
  await importIntoStudy(studyId, { format: "trec-rag-answers", createMissing: true, files: file("answers.jsonl") });
  await importIntoStudy(studyId, { format: "nuggetizer-nuggets", files: file("nuggets.jsonl") });
  await importIntoStudy(studyId, {
    format: "nuggetizer-assignments",
    judge: "llm",
    files: file("assignments-llm.jsonl"),
  });
}, 60_000);

const draft = (over: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: `Assignment ${unique()}`,
  taskType: "nugget_assignment",
  scale: { kind: "builtin", id: "binary" },
  guidelines: "",
  protocol: "blind",
  llmJudge: null,
  overlap: 2,
  annotatorIds: annotators.map((a) => a.id),
  sample: { kind: "all_pairs" },
  seed: 5,
  ...over,
});
const save = (assignments: Record<string, string>): SaveAnnotation => ({
  clientId: randomUUID(),
  phase: "blind",
  version: 1,
  payload: { taskType: "nugget_assignment", assignments } as SaveAnnotation["payload"],
  comment: null,
  startedAt: new Date().toISOString(),
  durationMs: 1000,
});

describe("nugget-assignment campaigns", () => {
  it("draws answers: every one, N random questions with all their answers, or N random answers; blind", async () => {
    const db = await getDb();
    const all = await createCampaign(researcher, studyId, draft());
    expect(await db.item.count({ where: { campaignId: all.id } })).toBe(12);
    const two = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_questions", questions: 2 } }),
    );
    const items = await db.item.findMany({ where: { campaignId: two.id } });
    expect(items).toHaveLength(2 * RUNS.length);
    expect(new Set(items.map((i) => i.queryId)).size).toBe(2);
    expect(items.every((i) => /^a:\d+:\d+$/.test(i.targetKey) && i.responseAId !== null)).toBe(true);
    const five = await createCampaign(researcher, studyId, draft({ sample: { kind: "random_pairs", pairs: 5 } }));
    expect(await db.item.count({ where: { campaignId: five.id } })).toBe(5);
    await expect(createCampaign(researcher, studyId, draft({ protocol: "blind_then_reveal" }))).rejects.toThrow(
      "llmJudge: blind-then-reveal and assisted campaigns need the LLM whose labels are shown",
    );
  });

  it("shows an answer without its system, the nuggets with the vital ones, and refuses an assignment that misses one", async () => {
    const db = await getDb();
    const { id } = await createCampaign(researcher, studyId, draft({ seed: 9 }));
    const [ann] = annotators;
    const { itemId } = await claimNextItem(ann!, id);
    const item = await getWorkspaceItem(ann!, id, itemId!);
    expect(item.answer!.html).toContain("<p>");
    for (const run of RUNS) expect(JSON.stringify(item)).not.toContain(run);
    const question = await db.query.findFirstOrThrow({
      where: { id: (await db.item.findUniqueOrThrow({ where: { id: itemId! } })).queryId! },
      include: { nuggets: { orderBy: { position: "asc" } } },
    });
    expect(item.nuggets.map((n) => [n.id, n.importance])).toEqual(
      question.nuggets.map((n) => [n.externalId, n.importance]),
    );
    expect(item.nuggets.some((n) => n.importance === "vital")).toBe(true);

    const ids = item.nuggets.map((n) => n.id);
    const full = Object.fromEntries(ids.map((nugget, i) => [nugget, i === 0 ? "partial_support" : "support"]));
    const { [ids[0]!]: _, ...short } = full;
    await expect(saveAnnotation(ann!, id, itemId!, save(short))).rejects.toThrow(
      `Invalid assignment: 1 of the ${ids.length} nuggets have no assignment`,
    );
    await expect(saveAnnotation(ann!, id, itemId!, save({ ...full, t9_1: "support" }))).rejects.toThrow(
      'Invalid assignment: the answer\'s question has no nugget "t9_1" in this campaign',
    );
    await expect(saveAnnotation(ann!, id, itemId!, save({ ...full, [ids[0]!]: "maybe" }))).rejects.toThrow(
      /Invalid assignment/,
    );

    await saveAnnotation(ann!, id, itemId!, save(full));
    expect((await getWorkspaceItem(ann!, id, itemId!)).mine).toMatchObject([{ phase: "blind", assignments: full }]);
    // the annotator's labels: one per nugget of the answer, on the nugget-assignment scale
    const labels = await db.label.findMany({
      where: { studyId, judge: { name: ann!.email } },
      include: { nugget: true },
      orderBy: { nugget: { position: "asc" } },
    });
    expect(labels.map((l) => [l.targetType, l.scale, l.nugget!.externalId, l.value])).toEqual(
      ids.map((nugget) => ["nugget_answer", "nugget-assignment", nugget, full[nugget]]),
    );

    // Benchmark impact scores the annotator against the LLM on the one answer both assigned, as nuggetizer does
    const report = await getImpactReport(researcher, studyId, impactQuerySchema.parse({ a: ann!.email, b: "llm" }));
    expect(report.family).toBe("answers");
    expect(report.perAnswer).toHaveLength(1);
    const expected = answerNuggetScores(
      question.nuggets.map((n) => ({
        importance: n.importance === "vital" ? "vital" : "okay",
        assignment: full[n.externalId] as NuggetAssignment,
      })),
    );
    expect(report.perAnswer![0]!.a).toEqual(expected);
  });

  it("is a label set, campaign:<id>: its annotators' majority on each nugget of each answer, a tie left out", async () => {
    const db = await getDb();
    const { id } = await createCampaign(researcher, studyId, draft({ sample: { kind: "random_pairs", pairs: 2 } }));
    const expected = new Map<string, string>();
    for (const [who, ann] of annotators.entries())
      for (;;) {
        const { itemId } = await claimNextItem(ann, id);
        if (itemId === null) break;
        const item = await getWorkspaceItem(ann, id, itemId);
        // the first annotator finds every nugget supported; the second disputes the first nugget
        const levels = Object.fromEntries(
          item.nuggets.map((n, i) => [n.id, who === 1 && i === 0 ? "not_support" : "support"]),
        );
        await saveAnnotation(ann, id, itemId, save(levels));
        if (who === 0) {
          const row = await db.item.findUniqueOrThrow({ where: { id: itemId }, include: { responseA: true } });
          const nuggets = await db.nugget.findMany({ where: { studyId, externalId: { in: Object.keys(levels) } } });
          for (const n of nuggets)
            if (n.externalId !== item.nuggets[0]!.id) expected.set(`na:${n.id}:${row.responseA!.systemId}`, "support");
        }
      }
    expect(expected.size).toBeGreaterThan(0);
    const set = await loadLabelSet(studyId, labelSet(`campaign:${id}`));
    expect(new Map([...set.labels].map(([key, l]) => [key, l.value]))).toEqual(expected);
    expect([...set.labels.values()].every((l) => l.scale === "nugget-assignment" && l.nuggetId !== null)).toBe(true);
    // the Agreement page compares it with the LLM's assignments, nugget by nugget
    const report = await getAgreementReport(
      researcher,
      studyId,
      agreementQuerySchema.parse({ a: `campaign:${id}`, b: "llm", group: "none" }),
    );
    expect(report.items).toBe(expected.size);
  });

  it("travels in a study bundle: its items show the same answers, its annotations and labels come along", async () => {
    const db = await getDb();
    const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
    let bundle = "";
    for await (const text of lines) bundle += `${text}\n`;
    const other = (await f.upsertStudy(db, { slug: `assign-moved-${unique()}`, name: `Moved ${unique()}` })).id;
    await importIntoStudy(other, { format: "assay-bundle", files: [textInput("study.assay.jsonl", bundle)] });
    const shape = async (id: number) => {
      const items = await db.item.findMany({
        where: { campaign: { studyId: id, taskType: "nugget_assignment" } },
        include: {
          campaign: { select: { name: true } },
          query: { select: { externalId: true } },
          responseA: { select: { system: { select: { name: true } } } },
          annotations: { select: { payload: true } },
        },
      });
      return items
        .map((i) => [
          i.campaign.name,
          i.position,
          i.query!.externalId,
          i.responseA?.system.name ?? null,
          i.nuggets,
          i.annotations.map((a) => a.payload),
        ])
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    };
    const before = await shape(studyId);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((i) => i[3] !== null)).toBe(true);
    expect(await shape(other)).toEqual(before);
    const labels = (id: number) => db.label.count({ where: { studyId: id, targetType: "nugget_answer" } });
    expect(await labels(other)).toBe(await labels(studyId));
  });

  it("shows the LLM's assignment of each nugget only as the protocol allows: after the blind one, from the start when assisted, never when blind", async () => {
    const db = await getDb();
    const llmOf = async (itemId: number) => {
      const item = await db.item.findUniqueOrThrow({
        where: { id: itemId },
        include: { responseA: true, query: { include: { nuggets: { orderBy: { position: "asc" } } } } },
      });
      const judge = await db.judge.findFirstOrThrow({ where: { studyId, name: "llm" } });
      const labels = await db.label.findMany({
        where: { judgeId: judge.id, systemAId: item.responseA!.systemId, queryId: item.queryId },
        include: { nugget: true },
      });
      return Object.fromEntries(labels.map((l) => [l.nugget!.externalId, l.value]));
    };
    const [ann, other] = annotators;
    const everything = (ids: string[], value: string) => Object.fromEntries(ids.map((id) => [id, value]));

    const reveal = await createCampaign(
      researcher,
      studyId,
      draft({ protocol: "blind_then_reveal", llmJudge: "llm", seed: 21 }),
    );
    const itemId = (await claimNextItem(ann!, reveal.id)).itemId!;
    const before = await getWorkspaceItem(ann!, reveal.id, itemId);
    expect([before.llmAssignments, before.llm]).toEqual([null, null]);
    const ids = before.nuggets.map((n) => n.id);
    await saveAnnotation(ann!, reveal.id, itemId, save(everything(ids, "not_support")));
    const after = await getWorkspaceItem(ann!, reveal.id, itemId);
    expect(after.llmAssignments).toEqual({ judge: "llm", levels: await llmOf(itemId) });
    // the revision is the annotator's final assignment: their labels follow it
    await saveAnnotation(ann!, reveal.id, itemId, { ...save(everything(ids, "support")), phase: "revised" });
    const revealed = await db.item.findUniqueOrThrow({ where: { id: itemId }, include: { responseA: true } });
    const mine = await db.label.findMany({
      where: {
        studyId,
        judge: { name: ann!.email },
        systemAId: revealed.responseA!.systemId,
        queryId: revealed.queryId,
      },
      include: { nugget: true },
    });
    expect(Object.fromEntries(mine.map((l) => [l.nugget!.externalId, l.value]))).toEqual(everything(ids, "support"));

    const assisted = await createCampaign(
      researcher,
      studyId,
      draft({ protocol: "assisted", llmJudge: "llm", seed: 22 }),
    );
    const shown = (await claimNextItem(other!, assisted.id)).itemId!;
    expect((await getWorkspaceItem(other!, assisted.id, shown)).llmAssignments).toEqual({
      judge: "llm",
      levels: await llmOf(shown),
    });

    const blind = await createCampaign(researcher, studyId, draft({ llmJudge: "llm", seed: 23 }));
    const hidden = (await claimNextItem(other!, blind.id)).itemId!;
    const blindItem = await getWorkspaceItem(other!, blind.id, hidden);
    await saveAnnotation(
      other!,
      blind.id,
      hidden,
      save(
        everything(
          blindItem.nuggets.map((n) => n.id),
          "support",
        ),
      ),
    );
    expect((await getWorkspaceItem(other!, blind.id, hidden)).llmAssignments).toBeNull();
  });

  it("is adjudicated nugget by nugget: an answer is queued for the nuggets its annotators differ on, and adjudicated:<id> holds each nugget's final level", async () => {
    const db = await getDb();
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_questions", questions: 1 } }),
    );
    const answers = await db.item.count({ where: { campaignId: id } });
    expect(answers).toBeGreaterThan(1);
    // Ann supports every nugget; Bo does not support the first nugget of each answer, and agrees on the rest
    const firstNugget = new Map<number, string>();
    for (const [k, ann] of annotators.entries())
      for (let { itemId } = await claimNextItem(ann, id); itemId !== null; { itemId } = await claimNextItem(ann, id)) {
        const item = await getWorkspaceItem(ann, id, itemId);
        firstNugget.set(itemId, item.nuggets[0]!.id);
        const levels = Object.fromEntries(
          item.nuggets.map((n, i) => [n.id, k === 1 && i === 0 ? "not_support" : "support"]),
        );
        await saveAnnotation(ann, id, itemId, save(levels));
      }
    const queue = await getAdjudicationQueue(researcher, id);
    expect(queue.queue).toHaveLength(answers);
    expect(queue.queue.every((q) => q.distance === 1 && !q.decided)).toBe(true);
    expect(queue.counts).toMatchObject({ items: answers, waiting: 0, disagreements: answers, decided: 0 });

    const [first] = queue.queue;
    const view = await getAdjudicationItem(researcher, id, first!.itemId);
    expect(view.item.answer?.html).toBeTruthy();
    expect(view.annotators.map((a) => a.annotator)).toEqual(["Annotator 1", "Annotator 2"]);
    expect(view.targets[0]).toMatchObject({
      nugget: { id: firstNugget.get(first!.itemId), position: 1 },
      levels: ["support", "not_support"],
      queued: true,
    });
    expect(view.targets.slice(1).every((t) => !t.queued && t.levels.every((l) => l === "support"))).toBe(true);
    // an agreed nugget is final; the disputed one is decided
    await expect(
      saveDecision(researcher, id, first!.itemId, {
        levels: { [view.targets[1]!.key]: "not_support" },
        labelsToken: view.labelsToken,
      }),
    ).rejects.toThrow(/nugget 2: its annotators agree \(support\)/);
    await saveDecision(researcher, id, first!.itemId, {
      levels: { [view.targets[0]!.key]: "partial_support" },
      reason: "half of it",
      labelsToken: view.labelsToken,
    });
    expect((await getAdjudicationQueue(researcher, id)).queue.find((q) => q.itemId === first!.itemId)?.decided).toBe(
      true,
    );
    const set = await loadLabelSet(studyId, labelSet(`adjudicated:${id}`));
    // every agreed nugget of every answer, and the decided one; the other answers' first nuggets undecided
    expect(set.undecided).toBe(answers - 1);
    expect(set.labels.get(view.targets[0]!.key)).toMatchObject({
      value: "partial_support",
      scale: "nugget-assignment",
    });
    expect(set.labels.get(view.targets[1]!.key)?.value).toBe("support");
    const nuggetsPerAnswer = view.targets.length;
    expect(set.labels.size).toBe(answers * nuggetsPerAnswer - (answers - 1));
  });
  it("reports its annotators nugget by nugget on the annotator quality page, against each other and its LLM", async () => {
    const db = await getDb();
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_pairs", pairs: 2 }, llmJudge: "llm", seed: 13 }),
    );
    // Ann says every nugget is supported; Bo says the first of each answer is not: 1 s on screen per answer
    const units: string[] = [];
    for (const [who, user] of [
      ["ann", annotators[0]!],
      ["bo", annotators[1]!],
    ] as const) {
      for (;;) {
        const { itemId } = await claimNextItem(user, id);
        if (itemId === null) break;
        const nuggets = (await getWorkspaceItem(user, id, itemId)).nuggets.map((n) => n.id);
        await saveAnnotation(
          user,
          id,
          itemId,
          save(Object.fromEntries(nuggets.map((n, i) => [n, who === "bo" && i === 0 ? "not_support" : "support"]))),
        );
        if (who === "ann") units.push(...nuggets);
      }
    }
    const report = await getAnnotatorQuality(researcher, studyId, id);
    const n = units.length;
    expect(report.unit).toBe("nugget");
    expect(report.labels).toBe(2 * n);
    const [ann, bo] = [annotators[0]!.email, annotators[1]!.email].map((e) =>
      report.annotators.find((a) => a.annotator === e)!,
    );
    expect(ann).toMatchObject({ labels: n, levels: { support: 1, not_support: 0, partial_support: 0 } });
    expect(bo!.levels.not_support).toBeCloseTo(2 / n, 12);
    // each nugget is the answer's second shared among its nuggets
    expect(ann!.medianSeconds! * 1000).toBeGreaterThan(0);
    expect(ann!.medianSeconds).toBeLessThan(1);
    expect(report.pairs).toEqual([expect.objectContaining({ items: n, accuracy: (n - 2) / n })]);
    // the LLM's assignments of the same nuggets ("na:<nugget>:<system>"): Ann agrees where it says "support"
    const items = await db.item.findMany({ where: { campaignId: id }, include: { responseA: true } });
    const keys = [];
    for (const item of items)
      for (const nugget of await db.nugget.findMany({ where: { queryId: item.queryId! } }))
        keys.push(`na:${nugget.id}:${item.responseA!.systemId}`);
    expect(keys).toHaveLength(n);
    const llm = await loadLabelSet(studyId, labelSet("llm"));
    const llmSupport = keys.filter((k) => llm.labels.get(k)?.value === "support").length;
    expect(llmSupport).toBeGreaterThan(0);
    expect(llmSupport).toBeLessThan(n);
    expect(report.llm).toEqual({ judge: "llm", reason: null });
    expect(ann!.llm).toMatchObject({ items: n, accuracy: llmSupport / n });
    expect(ann!.gold.items).toBe(0);
    expect(report.dawidSkene.reason).toBeNull();
  });
});
