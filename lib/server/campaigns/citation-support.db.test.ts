// Citation-support campaigns (TREC 2024 RAG, Thakur et al. 2025): one item per answer sentence
// and passage it cites (the first, or every one), the answer around the sentence shown without its
// system; a save is the annotator's label on the "sc:" target, and the campaign's majority is a
// label set. On the engine under test.
import { labelSet } from "@/test/label-set";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CampaignDraft, SaveAnnotation } from "@/lib/schemas/campaigns";
import { getDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { exportStudy } from "@/lib/server/exports/export-study";
import { loadLabelSet } from "@/lib/server/label-sets/load-label-set";
import { getCampaignAgreement } from "@/lib/server/campaign-agreement/get-campaign-agreement";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { claimNextItem } from "./claim-next-item";
import { createCampaign } from "./create-campaign";
import { getWorkspaceItem } from "./get-workspace-item";
import { saveAnnotation } from "./save-annotation";

const FILE = path.resolve("test/fixtures/trec-rag/answers.jsonl");
const RUNS = ["bm25-gpt4o", "dense-llama", "hybrid-qwen"];
type Answer = {
  run_id: string;
  topic_id: string;
  references: string[];
  answer: { text: string; citations: number[] }[];
};
const answers = fs
  .readFileSync(FILE, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Answer);
let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];

beforeAll(async () => {
  const db = await getDb();
  const id = unique();
  studyId = (await f.upsertStudy(db, { slug: `cite-${id}`, name: `Citations ${id}` })).id;
  const users = [];
  for (const [i, role] of (["researcher", "annotator", "annotator"] as const).entries()) {
    const user = await f.upsertUser(db, { email: `cite${i}-${id}@test.local`, role, password: "x" });
    await f.upsertMember(db, studyId, user.id, role);
    users.push(toUserDto(user));
  }
  [researcher, ...annotators] = users as [UserDto, ...UserDto[]];
  await importIntoStudy(studyId, {
    format: "trec-rag-answers",
    createMissing: true,
    files: [textInput("answers.jsonl", fs.readFileSync(FILE, "utf8"))],
  });
}, 60_000);

const draft = (over: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: `Citations ${unique()}`,
  taskType: "citation_support",
  scale: { kind: "builtin", id: "citation-support" },
  guidelines: "",
  protocol: "blind",
  llmJudge: null,
  overlap: 2,
  annotatorIds: annotators.map((a) => a.id),
  sample: { kind: "all_pairs" },
  seed: 3,
  ...over,
});
const save = (level: string): SaveAnnotation => ({
  clientId: randomUUID(),
  phase: "blind",
  version: 1,
  payload: { taskType: "citation_support", level },
  comment: null,
  startedAt: new Date().toISOString(),
  durationMs: 1000,
});

describe("citation-support campaigns", () => {
  it("draw each cited sentence with its first passage, or with every passage it cites", async () => {
    const db = await getDb();
    // counted from the file: sentences that cite, and distinct (sentence, passage) pairs
    const firsts = answers.flatMap((a) => a.answer.filter((s) => s.citations.length > 0)).length;
    const every = answers
      .flatMap((a) => a.answer.map((s) => new Set(s.citations.map((c) => a.references[c])).size))
      .reduce((x, y) => x + y, 0);
    expect(every).toBeGreaterThan(firsts);
    const first = await createCampaign(researcher, studyId, draft());
    expect(first.items).toBe(firsts);
    const all = await createCampaign(researcher, studyId, draft({ sample: { kind: "all_pairs", citations: "every" } }));
    expect(all.items).toBe(every);
    const two = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_pairs", pairs: 2, citations: "first" } }),
    );
    const items = await db.item.findMany({ where: { campaignId: two.id }, select: { responseAId: true } });
    expect(new Set(items.map((i) => i.responseAId)).size).toBe(2);
    await expect(createCampaign(researcher, studyId, draft({ sample: { kind: "all_pairs", cap: 3 } }))).rejects.toThrow(
      "sample.cap: a citation-support sample takes whole answers",
    );
  });

  it("show the sentence in its answer beside the passage, never the system; a save labels the sc: target", async () => {
    const db = await getDb();
    const { id } = await createCampaign(researcher, studyId, draft({ seed: 11 }));
    const [ann] = annotators;
    const { itemId } = await claimNextItem(ann!, id);
    const item = await getWorkspaceItem(ann!, id, itemId!);
    for (const run of RUNS) expect(JSON.stringify(item)).not.toContain(run);
    const row = await db.item.findUniqueOrThrow({
      where: { id: itemId! },
      include: { document: true, query: true, responseA: { include: { system: true } } },
    });
    const source = answers.find(
      (a) => a.run_id === row.responseA!.system.name && a.topic_id === row.query!.externalId,
    )!;
    expect(item.citedSentence!.sentences).toEqual(source.answer.map((s) => s.text));
    const sentence = source.answer[item.citedSentence!.index]!;
    // the passage is the one the sentence cites first
    expect(item.document!.id).toBe(source.references[sentence.citations[0]!]);
    expect(row.targetKey).toBe(
      `sc:${row.queryId}:${row.responseA!.systemId}:${item.citedSentence!.index}:${row.documentId}`,
    );
    await expect(saveAnnotation(ann!, id, itemId!, save("maybe"))).rejects.toThrow(/Invalid label/);
    await saveAnnotation(ann!, id, itemId!, save("partial_support"));
    const label = await db.label.findFirstOrThrow({ where: { studyId, judge: { name: ann!.email } } });
    expect(label).toMatchObject({
      targetType: "sentence_citation",
      targetKey: row.targetKey,
      queryId: row.queryId,
      documentId: row.documentId,
      systemAId: row.responseA!.systemId,
      scale: "citation-support",
      value: "partial_support",
    });
  });

  it("show the LLM's level only after the blind one under blind then reveal (the paper's post-editing)", async () => {
    const db = await getDb();
    // an LLM's levels of every first citation: full support
    const lines = answers.flatMap((a) =>
      a.answer.flatMap((s, i) =>
        s.citations.length === 0
          ? []
          : [
              JSON.stringify({
                run_id: a.run_id,
                topic_id: a.topic_id,
                sentence_index: i,
                citation: a.references[s.citations[0]!],
                level: "full_support",
              }),
            ],
      ),
    );
    await importIntoStudy(studyId, {
      format: "citation-support",
      judge: "gpt-4o-cites",
      files: [textInput("llm.jsonl", `${lines.join("\n")}\n`)],
    });
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({
        protocol: "blind_then_reveal",
        llmJudge: "gpt-4o-cites",
        overlap: 1,
        sample: { kind: "random_pairs", pairs: 1 },
      }),
    );
    const [ann] = annotators;
    const { itemId } = await claimNextItem(ann!, id);
    expect((await getWorkspaceItem(ann!, id, itemId!)).llm).toBeNull();
    await saveAnnotation(ann!, id, itemId!, save("no_support"));
    expect((await getWorkspaceItem(ann!, id, itemId!)).llm).toMatchObject({
      judge: "gpt-4o-cites",
      level: "full_support",
    });
    expect(await db.label.count({ where: { studyId, judge: { name: "gpt-4o-cites" } } })).toBe(lines.length);
  });

  it("is a label set, campaign:<id>: the annotators' majority on each pair, a tie left out", async () => {
    const db = await getDb();
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_pairs", pairs: 1, citations: "every" }, seed: 4 }),
    );
    const levels = new Map<string, string[]>();
    for (const [who, ann] of annotators.entries())
      for (let n = 0; ; n++) {
        const { itemId } = await claimNextItem(ann, id);
        if (itemId === null) break;
        const { targetKey } = await db.item.findUniqueOrThrow({ where: { id: itemId } });
        // both say full support, except on the first item they reach, where the second says none
        const level = who === 1 && n === 0 ? "no_support" : "full_support";
        levels.set(targetKey, [...(levels.get(targetKey) ?? []), level]);
        await saveAnnotation(ann, id, itemId, save(level));
      }
    const agreed = [...levels].filter(([, l]) => l.length === 2 && l[0] === l[1]).map(([key]) => key);
    const set = await loadLabelSet(studyId, labelSet(`campaign:${id}`));
    expect([...set.labels.keys()].sort()).toEqual(agreed.sort());
    expect([...set.labels.values()].every((l) => l.value === "full_support" && l.scale === "citation-support")).toBe(
      true,
    );
    // the campaign's agreement report reads the two annotators on every pair
    const report = await getCampaignAgreement(researcher, studyId, id);
    expect(report.items).toBe(levels.size);
  });

  it("travel in a study bundle: items on the same sentences and passages, labels on the same targets", async () => {
    const db = await getDb();
    const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
    let bundle = "";
    for await (const text of lines) bundle += `${text}\n`;
    const other = (await f.upsertStudy(db, { slug: `cite-moved-${unique()}`, name: `Moved ${unique()}` })).id;
    await importIntoStudy(other, { format: "assay-bundle", files: [textInput("study.assay.jsonl", bundle)] });
    // a target by external ids: question, system, sentence, passage
    const named = async (id: number) => {
      const [queries, systems, documents] = await Promise.all([
        db.query.findMany({ where: { studyId: id } }),
        db.system.findMany({ where: { studyId: id } }),
        db.document.findMany({ where: { studyId: id } }),
      ]);
      const name = (key: string) => {
        const [, q, s, sentence, d] = key.split(":");
        return [
          queries.find((x) => x.id === Number(q))!.externalId,
          systems.find((x) => x.id === Number(s))!.name,
          sentence,
          documents.find((x) => x.id === Number(d))!.externalId,
        ].join("|");
      };
      const items = await db.item.findMany({
        where: { campaign: { studyId: id, taskType: "citation_support" } },
        include: { campaign: true },
      });
      const labels = await db.label.findMany({
        where: { studyId: id, targetType: "sentence_citation" },
        include: { judge: true },
      });
      return {
        items: items.map((i) => `${i.campaign.name}|${i.position}|${name(i.targetKey)}`).sort(),
        labels: labels.map((l) => `${l.judge.name}|${name(l.targetKey)}|${l.value}`).sort(),
      };
    };
    const before = await named(studyId);
    expect(before.items.length).toBeGreaterThan(0);
    expect(before.labels.length).toBeGreaterThan(0);
    expect(await named(other)).toEqual(before);
  });
});
