import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { labelSet } from "@/test/label-set";
import { beforeAll, describe, expect, it } from "vitest";
import { cohenKappa } from "@/lib/domain/agreement/kappa";
import { krippendorffAlpha } from "@/lib/domain/agreement/krippendorff-alpha";
import type { SaveAnnotation } from "@/lib/schemas/campaigns";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { getDb } from "@/lib/server/db/client";
import type { UserDto } from "@/lib/server/users/user-dto";
import { seedDemoStudy } from "@/prisma/demo/seed-demo-study";
import { demoStudyWorld, levelSave } from "@/test/db-world";
import { unique } from "@/test/db-tier";
import { campaignAgreementCsv } from "@/lib/formats/reports/campaign-agreement-csv";
import { getAgreementReport } from "../agreement/get-agreement-report";
import { getCampaignAgreement } from "./get-campaign-agreement";
import { loadLabelSet } from "../label-sets/load-label-set";

const LEVELS = ["non_relevant", "partially_relevant", "relevant"] as const;
// What each of three annotators says about items 0..7 (level index; null = not labelled).
const PLAN: (number | null)[][] = [
  [0, 1, 2, 2, 0, 1, 2, 0],
  [0, 1, 2, 1, 0, 2, 2, 0],
  [0, 2, 2, 1, 0, null, null, null],
];

let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];

beforeAll(async () => {
  const db = await getDb();
  const world = await demoStudyWorld(db, "campaign-agreement", 3);
  ({ studyId, researcher, annotators } = world);
}, 60_000);

const save = (phase: SaveAnnotation["phase"], level: string): SaveAnnotation => ({ ...levelSave(level), phase });

describe("agreement among a campaign's annotators", () => {
  it("computes the multi-rater statistics from the blind labels, each pair, and each annotator against the LLM", async () => {
    const campaign = await createCampaign(researcher, studyId, {
      name: `Raters ${unique()}`,
      taskType: "support",
      scale: { kind: "builtin", id: "relevance-3" },
      guidelines: "",
      protocol: "blind_then_reveal",
      llmJudge: "gpt-4o",
      overlap: 3,
      annotatorIds: annotators.map((a) => a.id),
      sample: { kind: "random_questions", questions: 3, cap: 8 },
      seed: 3,
    });
    expect(campaign.items).toBe(8);
    const db = await getDb();
    const items = await db.item.findMany({ where: { campaignId: campaign.id }, orderBy: { position: "asc" } });
    for (const [a, plan] of PLAN.entries()) {
      for (const level of plan) {
        if (level === null) break;
        const { itemId } = await claimNextItem(annotators[a]!, campaign.id);
        await saveAnnotation(annotators[a]!, campaign.id, itemId!, save("blind", LEVELS[level]!));
        // A revision after the reveal must not count: agreement is about independent labels.
        await saveAnnotation(annotators[a]!, campaign.id, itemId!, save("revised", "relevant"));
      }
    }
    const report = await getCampaignAgreement(researcher, studyId, campaign.id);

    // The plan, in the order each annotator claimed the items (by position).
    const reliability = PLAN.map((plan) => items.map((_, i) => plan[i] ?? null));
    const unit: number[] = [];
    const code: number[] = [];
    reliability.forEach((row) => row.forEach((v, u) => v !== null && (unit.push(u), code.push(v))));
    const expected = krippendorffAlpha({ unit, code, units: items.length, categories: 3 }, "ordinal").value!;
    const stat = (metric: string) => report.statistics.find((s) => s.metric === metric)!;
    expect(report).toMatchObject({
      items: 8,
      singlyLabelled: 0,
      labels: 21,
      annotators: annotators.map((a) => a.email).sort(),
      campaign: { phase: "blind" },
    });
    expect(stat("krippendorff-alpha-ordinal").value).toBeCloseTo(expected, 12);
    expect(stat("krippendorff-alpha-nominal").value).toBeCloseTo(
      krippendorffAlpha({ unit, code, units: items.length, categories: 3 }, "nominal").value!,
      12,
    );
    expect(stat("fleiss-kappa")).toMatchObject({ value: null, reason: expect.stringMatching(/same number/) });
    // 5 items x 3 ratings (6 ordered pairs) + 3 items x 2 ratings (2 pairs); agreeing pairs counted by hand.
    expect(stat("pairwise-agreement").value).toBeCloseTo((6 + 2 + 6 + 2 + 6 + 0 + 2 + 2) / (5 * 6 + 3 * 2), 12);
    expect(report.coincidences.flat().reduce((s, v) => s + v, 0)).toBeCloseTo(21, 9);

    const pairOf = (x: number, y: number) =>
      report.pairs.find(
        (p) =>
          p.a === [annotators[x]!.email, annotators[y]!.email].sort()[0] &&
          p.b === [annotators[x]!.email, annotators[y]!.email].sort()[1],
      )!;
    const both = (x: number, y: number) =>
      items.map((_, i) => i).filter((i) => PLAN[x]![i] != null && PLAN[y]![i] != null);
    expect(pairOf(0, 1).items).toBe(8);
    expect(pairOf(0, 1).kappa.value).toBeCloseTo(
      cohenKappa({ a: both(0, 1).map((i) => PLAN[0]![i]!), b: both(0, 1).map((i) => PLAN[1]![i]!), categories: 3 })
        .value!,
      12,
    );
    expect(pairOf(1, 2).items).toBe(5);

    // Against gpt-4o's binary labels, through each scale's binarization (relevance >= partially).
    const llm = new Map(
      (await db.label.findMany({ where: { studyId, judge: { name: "gpt-4o" } } })).map((l) => [
        l.targetKey,
        Number(l.value),
      ]),
    );
    const mine = both(0, 0);
    const kappa0 = cohenKappa({
      a: mine.map((i) => (PLAN[0]![i]! >= 1 ? 1 : 0)),
      b: mine.map((i) => llm.get(items[i]!.targetKey)!),
      categories: 2,
    });
    const first = report.llm!.annotators.find((a) => a.annotator === annotators[0]!.email)!;
    expect(report.llm).toMatchObject({ judge: "gpt-4o", overall: { items: 21 } });
    expect(report.llm!.comparedOn).toMatch(/binarization/);
    expect(first.items).toBe(8);
    if (kappa0.value === null) expect(first.kappa.value).toBeNull();
    else expect(first.kappa.value).toBeCloseTo(kappa0.value, 12);

    // FreshStack's table: every annotator label of a target gpt-4o called positive, by level.
    const positive = items.map((_, i) => i).filter((i) => llm.get(items[i]!.targetKey) === 1);
    const onPositives = PLAN.flatMap((plan) => positive.map((i) => plan[i]).filter((v) => v != null));
    const relevant = onPositives.filter((v) => v === 2).length;
    expect(relevant).toBeGreaterThan(0); // the sample (seed 3) holds LLM-positive pairs the plan calls relevant
    expect(report.llm!.positives).toMatchObject({ llm: "gpt-4o", pairs: onPositives.length });
    expect(report.llm!.positives!.levels[0]).toEqual({
      level: "Relevant",
      count: relevant,
      share: relevant / onPositives.length,
    });

    // As a label set, the campaign is its annotators' majority of their latest labels: all revised to relevant here.
    const majority = await loadLabelSet(studyId, labelSet(`campaign:${campaign.id}`));
    expect(majority.kind).toBe("human");
    expect([...majority.labels.keys()].sort()).toEqual(items.map((i) => i.targetKey).sort());
    expect(new Set([...majority.labels.values()].map((l) => `${l.scale}:${l.value}`))).toEqual(
      new Set(["relevance-3:relevant"]),
    );
    expect(
      (
        await getAgreementReport(
          researcher,
          studyId,
          agreementQuerySchema.parse({ a: "gpt-4o", b: `campaign:${campaign.id}`, group: "none" }),
        )
      ).items,
    ).toBe(8);

    const csv = campaignAgreementCsv(report);
    expect(csv.split("\n")[0]).toBe("section,name,value,low,high,items,withheld");
    expect(csv).toContain(`statistic,krippendorff-alpha-ordinal,${stat("krippendorff-alpha-ordinal").value}`);
  });

  it("is not found for another study's campaign or an annotator", async () => {
    const db = await getDb();
    const campaign = await db.campaign.findFirstOrThrow({ where: { studyId } });
    const other = (await seedDemoStudy(db, `campaign-agreement-other-${unique()}`)).studyId;
    await expect(getCampaignAgreement(researcher, other, campaign.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(getCampaignAgreement(annotators[0]!, studyId, campaign.id)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(loadLabelSet(other, labelSet(`campaign:${campaign.id}`))).rejects.toThrow(
      `no campaign ${campaign.id} in this study`,
    );
  });
});
