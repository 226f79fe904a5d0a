// Gold items on the real database: drawn from a reference label set and mixed into the sample,
// their answers kept as annotations only (no Label, in no label set), counted on the annotator
// quality report, carried by a study bundle; and who may read the report.
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { labelSet } from "@/test/label-set";
import { beforeAll, describe, expect, it } from "vitest";
import type { CampaignDraft } from "@/lib/schemas/campaigns";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { getCampaignProgress } from "@/lib/server/campaigns/get-campaign-progress";
import { previewCampaign } from "@/lib/server/campaigns/preview-campaign";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { skipItem } from "@/lib/server/campaigns/skip-item";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { loadLabelSet } from "@/lib/server/label-sets/load-label-set";
import type { UserDto } from "@/lib/server/users/user-dto";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { demoStudyWorld, levelSave } from "@/test/db-world";
import { textInput } from "@/test/import-inputs";
import { getAdjudicationItem } from "@/lib/server/adjudication/get-adjudication-item";
import { saveDecision } from "@/lib/server/adjudication/save-decision";
import { getAnnotatorQuality } from "./get-annotator-quality";

let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];

beforeAll(async () => {
  ({ studyId, researcher, annotators } = await demoStudyWorld(await getDb(), "gold", 3));
}, 60_000);

const draft = (over: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: `Gold ${unique()}`,
  taskType: "support",
  scale: { kind: "builtin", id: "binary" },
  guidelines: "",
  protocol: "blind",
  llmJudge: null,
  overlap: 2,
  annotatorIds: annotators.slice(0, 2).map((a) => a.id),
  sample: { kind: "random_pairs", pairs: 6 },
  gold: { labelSet: "gpt-4o", count: 3 },
  seed: 5,
  ...over,
});

const refused = (message: RegExp) => ({ code: "invalid", message: expect.stringMatching(message) as unknown });

describe("gold items", () => {
  it("mixes K known-answer pairs from the reference among the sample, seeded and recorded", async () => {
    const db = await getDb();
    const preview = await previewCampaign(researcher, studyId, draft());
    expect(preview).toMatchObject({ items: 9, gold: 3 });
    const { id, items } = await createCampaign(researcher, studyId, draft({ name: `Seeded ${unique()}` }));
    expect(items).toBe(9);
    const rows = await db.item.findMany({ where: { campaignId: id }, orderBy: { position: "asc" } });
    const gold = rows.filter((r) => r.goldLevel !== null);
    expect(gold).toHaveLength(3);
    // the known answer is the reference's label of the pair
    const reference = await loadLabelSet(studyId, labelSet("gpt-4o"));
    for (const g of gold) expect(g.goldLevel).toBe(reference.labels.get(g.targetKey)!.value);
    // and it breaks no question's run: each question's items come one after another
    const runs = rows.map((r) => r.queryId).filter((q, i, all) => i === 0 || all[i - 1] !== q);
    expect(runs).toHaveLength(new Set(runs).size);
    // the same seed draws the same gold at the same places; the sample alone is the one without gold
    const again = await createCampaign(researcher, studyId, draft({ name: `Again ${unique()}` }));
    const againRows = await db.item.findMany({ where: { campaignId: again.id }, orderBy: { position: "asc" } });
    expect(againRows.map((r) => [r.targetKey, r.goldLevel])).toEqual(rows.map((r) => [r.targetKey, r.goldLevel]));
    const plain = await createCampaign(researcher, studyId, draft({ name: `Plain ${unique()}`, gold: undefined }));
    const plainRows = await db.item.findMany({ where: { campaignId: plain.id }, orderBy: { position: "asc" } });
    expect(plainRows.map((r) => r.targetKey)).toEqual(rows.filter((r) => r.goldLevel === null).map((r) => r.targetKey));
    expect((await getCampaignProgress(researcher, id)).gold).toEqual({ labelSet: "gpt-4o", count: 3, items: 3 });
  });

  it("refuses gold a campaign cannot have, naming the field", async () => {
    await expect(
      createCampaign(researcher, studyId, draft({ gold: { labelSet: "nobody", count: 2 } })),
    ).rejects.toMatchObject(refused(/^gold\.labelSet: no judge named "nobody"/));
    await expect(
      createCampaign(researcher, studyId, draft({ gold: { labelSet: "gpt-4o", count: 10_000 } })),
    ).rejects.toMatchObject(
      refused(
        /^gold: 10000 gold items asked, but the sampled questions have only \d+ other pooled pairs with a level of "gpt-4o" on this scale \(gold items come from the sample.s own questions/,
      ),
    );
    await expect(
      createCampaign(researcher, studyId, draft({ scale: { kind: "builtin", id: "relevance-3" } })),
    ).rejects.toMatchObject(refused(/^gold\.labelSet: "gpt-4o" gives no pooled pair outside the sample a level/));
    await expect(
      createCampaign(
        researcher,
        studyId,
        draft({ taskType: "nugget_quality", sample: { kind: "all_pairs" }, overlap: 1 }),
      ),
    ).rejects.toMatchObject(refused(/^gold: gold items are mixed into support and relevance campaigns/));
  });

  it("makes no judge for an annotator whose only answers are to gold items", async () => {
    const db = await getDb();
    const carol = annotators[2]!;
    const { id } = await createCampaign(researcher, studyId, draft({ annotatorIds: [carol.id], overlap: 1 }));
    const goldOf = new Map((await db.item.findMany({ where: { campaignId: id } })).map((r) => [r.id, r.goldLevel]));
    const judgeOfCarol = () => db.judge.findFirst({ where: { studyId, userId: carol.id } });
    // Carol skips the sampled items until a gold one comes, and answers it: no Label, so no judge
    const saved: string[] = [];
    for (;;) {
      const { itemId } = await claimNextItem(carol, id);
      if (itemId === null) break;
      const gold = goldOf.get(itemId) != null;
      if (!gold && saved.length === 0) await skipItem(carol, id, itemId);
      else {
        await saveAnnotation(carol, id, itemId, levelSave("1"));
        saved.push(gold ? "gold" : "sampled");
        if (saved.length === 1) expect(await judgeOfCarol()).toBeNull();
        if (!gold) break;
      }
    }
    // her first answer to a sampled item makes her judge, with that one label
    expect(saved[0]).toBe("gold");
    expect(saved.at(-1)).toBe("sampled");
    const judge = await judgeOfCarol();
    expect(judge).toMatchObject({ kind: "human", name: carol.email });
    expect(await db.label.count({ where: { judgeId: judge!.id } })).toBe(1);
  });

  it("keeps gold answers as annotations only and counts them on the quality report", async () => {
    const db = await getDb();
    const [ann, bo, outsider] = annotators as [UserDto, UserDto, UserDto];
    // blind, with gpt-4o named as its LLM (the report compares each annotator with it)
    const { id } = await createCampaign(researcher, studyId, draft({ llmJudge: "gpt-4o" }));
    const rows = await db.item.findMany({ where: { campaignId: id } });
    const goldOf = new Map(rows.map((r) => [r.id, r.goldLevel]));
    // Ann answers every gold item right, Bo every gold item wrong; both say "1" on the sampled items
    const answered = { ann: 0, bo: 0 };
    for (const [who, user] of [
      ["ann", ann],
      ["bo", bo],
    ] as const) {
      for (;;) {
        const { itemId } = await claimNextItem(user, id);
        if (itemId === null) break;
        const known = goldOf.get(itemId);
        const level = known == null ? "1" : who === "ann" ? known : known === "1" ? "0" : "1";
        await saveAnnotation(user, id, itemId, levelSave(level));
        answered[who]++;
      }
    }
    expect(answered).toEqual({ ann: 9, bo: 9 });
    const goldKeys = rows.filter((r) => r.goldLevel !== null).map((r) => r.targetKey);
    const sampledKeys = rows.filter((r) => r.goldLevel === null).map((r) => r.targetKey);
    // no Label on a gold target from either annotator
    const judges = await db.judge.findMany({ where: { studyId, userId: { in: [ann.id, bo.id] } } });
    const labels = await db.label.findMany({ where: { judgeId: { in: judges.map((j) => j.id) } } });
    expect(labels.map((l) => l.targetKey).sort()).toEqual([...sampledKeys, ...sampledKeys].sort());
    // and none in the campaign's label sets
    for (const name of [`campaign:${id}`, `dawid-skene:${id}`, `adjudicated:${id}`]) {
      const set = await loadLabelSet(studyId, labelSet(name));
      expect([...set.labels.keys()].sort()).toEqual([...sampledKeys].sort());
      for (const key of goldKeys) expect(set.labels.has(key)).toBe(false);
    }
    const report = await getAnnotatorQuality(researcher, studyId, id);
    expect(report.goldItems).toBe(3);
    const byName = new Map(report.annotators.map((a) => [a.annotator, a]));
    expect(byName.get(ann.email)).toMatchObject({ labels: 9, gold: { items: 3, accuracy: 1 } });
    expect(byName.get(bo.email)).toMatchObject({ labels: 9, gold: { items: 3, accuracy: 0 } });
    expect(byName.get(ann.email)!.adjudicated).toMatchObject({ items: 6, accuracy: 1 });
    // against the LLM on the sampled items only: the share of them gpt-4o calls "1", as both said "1"
    const llm = await loadLabelSet(studyId, labelSet("gpt-4o"));
    const llmSays1 = sampledKeys.filter((k) => llm.labels.get(k)?.value === "1").length;
    expect(report.llm).toEqual({ judge: "gpt-4o", reason: null });
    for (const who of [ann, bo]) expect(byName.get(who.email)!.llm).toMatchObject({ items: 6, accuracy: llmSays1 / 6 });
    // between the two annotators on the sampled items, gold out: the items the Agreement page counts
    expect(report.pairs).toEqual([expect.objectContaining({ items: 6, accuracy: 1 })]);
    const agreement = await getAgreementReport(
      researcher,
      studyId,
      agreementQuerySchema.parse({ a: ann.email, b: bo.email, group: "none" }),
    );
    expect(agreement.items).toBe(report.pairs[0]!.items);
    // the campaign's annotators and another annotator of the study never reach it
    for (const user of [ann, bo, outsider])
      await expect(getAnnotatorQuality(user, studyId, id)).rejects.toMatchObject({ code: "not_found" });
    // Ann and Bo disagree on every gold item, yet no gold item is adjudicated: not to be opened nor decided
    const goldItem = rows.find((r) => r.goldLevel !== null)!;
    await expect(getAdjudicationItem(researcher, id, goldItem.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(
      saveDecision(researcher, id, goldItem.id, {
        levels: { [goldItem.targetKey]: "1" },
        reason: null,
        labelsToken: "x",
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await db.decision.count({ where: { itemId: goldItem.id } })).toBe(0);

    // a study bundle carries the gold settings and every gold item's known answer
    const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
    let text = "";
    for await (const chunk of lines) text += `${chunk}\n`;
    const other = (await upsertStudy(db, { slug: `gold-moved-${unique()}`, name: "Moved" })).id;
    await importIntoStudy(other, { format: "assay-bundle", files: [textInput("study.assay.jsonl", text)] });
    const moved = await db.campaign.findFirstOrThrow({
      where: { studyId: other, name: (await db.campaign.findUniqueOrThrow({ where: { id } })).name },
      include: { items: { orderBy: { position: "asc" } } },
    });
    expect(JSON.parse(moved.gold!)).toEqual({ labelSet: "gpt-4o", count: 3, items: 3 });
    const original = await db.item.findMany({ where: { campaignId: id }, orderBy: { position: "asc" } });
    expect(moved.items.map((i) => [i.position, i.goldLevel])).toEqual(original.map((i) => [i.position, i.goldLevel]));
    const movedReport = await getAnnotatorQuality(researcher, other, moved.id);
    expect(movedReport.annotators.map((a) => [a.annotator, a.gold.accuracy])).toEqual(
      report.annotators.map((a) => [a.annotator, a.gold.accuracy]),
    );
  });
});
