import { correctedEstimatesQuerySchema } from "@/lib/schemas/corrected-estimates";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { labelSet } from "@/test/label-set";
import { beforeAll, describe, expect, it } from "vitest";
import { dawidSkene } from "@/lib/domain/aggregation/dawid-skene";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { getCorrectedEstimates } from "@/lib/server/corrected-estimates/get-corrected-estimates";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { getDb } from "@/lib/server/db/client";
import type { UserDto } from "@/lib/server/users/user-dto";
import { demoStudyWorld, levelSave } from "@/test/db-world";
import { unique } from "@/test/db-tier";
import { loadLabelSet } from "./load-label-set";

// The label set dawid-skene:<campaign> on the real database: three annotators, one careless; the
// set is crowd-kit's Dawid-Skene over their latest labels, and the reports take it.
let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];

beforeAll(async () => {
  ({ studyId, researcher, annotators } = await demoStudyWorld(await getDb(), "dawid-skene", 3));
}, 60_000);

describe("dawid-skene:<campaign>", () => {
  it("is Dawid and Skene's estimate from the annotators' latest labels, and Agreement reads it", async () => {
    const { id } = await createCampaign(researcher, studyId, {
      name: `Three annotators ${unique()}`,
      taskType: "support",
      scale: { kind: "builtin", id: "binary" },
      guidelines: "",
      protocol: "blind",
      llmJudge: null,
      overlap: 3,
      annotatorIds: annotators.map((a) => a.id),
      sample: { kind: "random_questions", questions: 2, cap: 6 },
      seed: 3,
    });
    // two careful annotators say 1 on even positions, 0 on odd; the careless one says 1 everywhere
    const db = await getDb();
    const responses: { item: string; judge: string; label: string }[] = [];
    for (const [k, a] of annotators.entries())
      for (let { itemId } = await claimNextItem(a, id); itemId !== null; { itemId } = await claimNextItem(a, id)) {
        const item = await db.item.findUniqueOrThrow({ where: { id: itemId } });
        const level = k === 2 || item.position % 2 === 0 ? "1" : "0";
        await saveAnnotation(a, id, itemId, levelSave(level));
        responses.push({ item: item.targetKey, judge: String(a.id), label: level });
      }
    const set = await loadLabelSet(studyId, labelSet(`dawid-skene:${id}`));
    const expected = dawidSkene(responses).items;
    expect(expected.length).toBeGreaterThan(2);
    expect([...set.labels.values()].map((l) => [l.targetKey, l.value]).sort()).toEqual(
      expected.map((i) => [i.item, i.label]).sort(),
    );
    expect(set.kind).toBe("human");
    // the careful pair wins: odd positions are 0 although the careless annotator said 1
    const odd = await db.item.findMany({ where: { campaignId: id, position: { in: [1, 3, 5] } } });
    for (const item of odd) expect(set.labels.get(item.targetKey)?.value).toBe("0");
    const report = await getAgreementReport(
      researcher,
      studyId,
      agreementQuerySchema.parse({
        a: "gpt-4o",
        b: `dawid-skene:${id}`,
        group: "none",
      }),
    );
    expect(report.sets.b).toBe(`dawid-skene:${id}`);
    // Corrected estimates takes it as the people's labels, one value per target
    const corrected = await getCorrectedEstimates(
      researcher,
      studyId,
      correctedEstimatesQuerySchema.parse({
        llm: "gpt-4o",
        human: `dawid-skene:${id}`,
        confidence: 0.95,
      }),
    );
    expect(corrected.labelled).toBeGreaterThan(0);
    await expect(loadLabelSet(studyId + 100000, labelSet(`dawid-skene:${id}`))).rejects.toThrow(/no campaign/);
  });
});
