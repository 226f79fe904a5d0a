import { beforeAll, describe, expect, it } from "vitest";
import { ALT_TEST_DEFAULTS, altTest } from "@/lib/domain/alt-test/alt-test";
import { parseSystemPairKey } from "@/lib/domain/targets";
import { altTestCsv } from "@/lib/formats/reports/alt-test-csv";
import type { SaveAnnotation } from "@/lib/schemas/campaigns";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { getWorkspaceItem } from "@/lib/server/campaigns/get-workspace-item";
import { DEFAULT_CRITERIA } from "@/lib/domain/preferences/criteria";
import { getDb } from "@/lib/server/db/client";
import type { UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { demoStudyWorld, levelSave } from "@/test/db-world";
import { unique } from "@/test/db-tier";
import { getAltTest } from "./get-alt-test";

// What each of three annotators says about items 0..7 on the binary scale (blind); each then
// revises every item to "1" after the reveal, which the test must not read.
const PLAN = [
  ["1", "0", "1", "1", "0", "1", "1", "0"],
  ["1", "0", "1", "0", "0", "1", "1", "0"],
  ["1", "1", "1", "0", "0", "1", "0", "0"],
];
const SETTINGS = { epsilon: 0.2, q: 0.05, minHumansPerItem: 2, minItemsPerHuman: 5, scoring: undefined };

let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];

beforeAll(async () => {
  ({ studyId, researcher, annotators } = await demoStudyWorld(await getDb(), "alt-test", 3));
}, 60_000);

const revised = (level: string): SaveAnnotation => ({ ...levelSave(level), phase: "revised" });

describe("the Alternative Annotator Test of a campaign", () => {
  it("tests every LLM judge on the campaign's scale against each annotator's blind labels", async () => {
    const db = await getDb();
    const campaign = await createCampaign(researcher, studyId, {
      name: `Alt-Test ${unique()}`,
      taskType: "support",
      scale: { kind: "builtin", id: "binary" },
      guidelines: "",
      protocol: "blind_then_reveal",
      llmJudge: "gpt-4o",
      overlap: 3,
      annotatorIds: annotators.map((a) => a.id),
      sample: { kind: "random_questions", questions: 3, cap: 8 },
      seed: 3,
    });
    const items = await db.item.findMany({ where: { campaignId: campaign.id }, orderBy: { position: "asc" } });
    expect(items).toHaveLength(8);
    for (const [a, plan] of PLAN.entries())
      for (const level of plan) {
        const { itemId } = await claimNextItem(annotators[a]!, campaign.id);
        await saveAnnotation(annotators[a]!, campaign.id, itemId!, levelSave(level));
        await saveAnnotation(annotators[a]!, campaign.id, itemId!, revised("1"));
      }
    // a second LLM that says the opposite of the first annotator, and a third on another scale only
    const contrary = await f.upsertJudge(db, studyId, { name: "contrary-llm", kind: "model" });
    const graded = await f.upsertJudge(db, studyId, { name: "graded-llm", kind: "model" });
    for (const [i, item] of items.entries()) {
      const pair = { queryId: item.queryId!, nuggetId: item.nuggetId!, documentId: item.documentId! };
      await f.upsertSupportLabel(db, studyId, {
        judgeId: contrary.id,
        ...pair,
        scale: "binary",
        value: PLAN[0]![i] === "1" ? "0" : "1",
      });
      await f.upsertSupportLabel(db, studyId, { judgeId: graded.id, ...pair, scale: "relevance-3", value: "relevant" });
    }

    // as the route passes it: the whole query, the campaign and format among it
    const report = await getAltTest(researcher, studyId, campaign.id, {
      ...SETTINGS,
      campaign: campaign.id,
      format: "json",
    } as typeof SETTINGS);

    // the expectation from the database's own rows: each annotator's blind level by item (claimed in
    // position order), each LLM's binary labels of those items, through the authors' procedure
    const humans = new Map(
      annotators
        .map((a, k) => [a.email, new Map(items.map((item, i) => [item.targetKey, PLAN[k]![i]!]))] as const)
        .sort(([x], [y]) => (x < y ? -1 : 1)),
    );
    const llmLabels = async (judge: string) =>
      new Map(
        (
          await db.label.findMany({
            where: {
              studyId,
              judge: { name: judge },
              targetKey: { in: items.map((i) => i.targetKey) },
              scale: "binary",
            },
          })
        ).map((l) => [l.targetKey, l.value]),
      );
    const options = { ...ALT_TEST_DEFAULTS, minItemsPerHuman: 5, epsilon: 0.2, scoring: "accuracy" as const };
    expect(report.options).toEqual(options);
    expect(report.llms.map((l) => [l.judge, l.campaignLlm])).toEqual([
      ["gpt-4o", true],
      ["contrary-llm", false],
      ["solar-11b", false], // the demo's second LLM, on binary too
    ]);
    for (const llm of report.llms) {
      const labels = await llmLabels(llm.judge);
      expect(labels.size, llm.judge).toBeGreaterThan(0);
      const expected = altTest(labels, humans, options);
      expect(llm.winningRate, llm.judge).toBe(expected.winningRate);
      expect(llm.advantageProbability, llm.judge).toBe(expected.advantageProbability);
      expect(llm.passed, llm.judge).toBe(expected.passed);
      expect(llm.annotators, llm.judge).toEqual(
        expected.annotators.map((a) => ({ ...a, pValue: Number.isNaN(a.pValue) ? null : a.pValue })),
      );
      expect(llm.compared).toBe(labels.size);
    }
    // the contrary LLM never matches the first annotator, so it loses to them on every item
    const first = report.llms[1]!.annotators.find((a) => a.annotator === annotators[0]!.email)!;
    expect(first.won).toBe(false);
    expect(report.otherScales).toEqual(["graded-llm (relevance-3)"]);
    expect(report.annotators.map((a) => a.labels)).toEqual([8, 8, 8]);
    expect(report.sharedUnits).toBe(8);
    // every item has three blind labels: pairwise agreement by hand over the plan's columns
    const agreeing = items.reduce((sum, _, i) => {
      const ones = PLAN.filter((p) => p[i] === "1").length;
      return sum + ones * (ones - 1) + (3 - ones) * (2 - ones);
    }, 0);
    expect(report.agreement.pairwiseAgreement.value).toBeCloseTo(agreeing / (8 * 6), 12);
    expect(report.needs).toBeNull();

    const csv = altTestCsv(report).trim().split("\n");
    expect(csv[0]).toBe("section,llm,annotator,items,value,p_value,won,passed,reason");
    expect(csv.filter((l) => l.startsWith("annotator,gpt-4o,"))).toHaveLength(report.llms[0]!.annotators.length);
    expect(csv).toContain(`winning_rate,gpt-4o,,8,${report.llms[0]!.winningRate},,,${report.llms[0]!.passed},`);
  });

  it("reads a preference campaign's choices per criterion, an LLM's labels turned when its systems are the other way round", async () => {
    const db = await getDb();
    const campaign = await createCampaign(researcher, studyId, {
      name: `Preference ${unique()}`,
      taskType: "preference",
      systems: ["rag-baseline", "rag-rerank"],
      scale: { kind: "builtin", id: "binary" },
      guidelines: "",
      protocol: "blind",
      llmJudge: null,
      overlap: 3,
      annotatorIds: annotators.map((a) => a.id),
      sample: { kind: "all_pairs" },
      seed: 4,
    });
    // each annotator chooses by a pattern of their own over the criteria, by screen position
    for (const [k, who] of annotators.entries())
      for (let n = 0; ; n++) {
        const { itemId } = await claimNextItem(who, campaign.id);
        if (itemId === null) break;
        const { comparison } = await getWorkspaceItem(who, campaign.id, itemId);
        const choices = Object.fromEntries(
          DEFAULT_CRITERIA.map((c, i) => [c.id, (["1", "2", "none"] as const)[(k + n + i) % 3]!]),
        );
        await saveAnnotation(who, campaign.id, itemId, {
          ...levelSave("0"),
          payload: { sides: comparison!.sides, choices, justifications: {} },
        });
      }
    const annotations = await db.annotation.findMany({
      where: { item: { campaignId: campaign.id } },
      include: { item: true },
    });
    expect(annotations.length).toBeGreaterThan(0);
    // an LLM that chooses as the first expert did, stored with the systems swapped
    const llm = await f.upsertJudge(db, studyId, { name: "swapped-llm", kind: "model" });
    const expert = annotations[0]!.userId;
    for (const a of annotations.filter((x) => x.userId === expert)) {
      const { queryId, systemAId, systemBId } = parseSystemPairKey(a.item.targetKey)!;
      const { choices } = JSON.parse(a.payload) as { choices: Record<string, "a" | "b" | "none"> };
      for (const [criterion, choice] of Object.entries(choices))
        await db.label.create({
          data: {
            studyId,
            judgeId: llm.id,
            targetType: "system_pair",
            targetKey: `sp:${queryId}:${systemBId}:${systemAId}:${criterion}`,
            queryId,
            systemAId: systemBId,
            systemBId: systemAId,
            criterion,
            scale: "preference",
            value: choice === "a" ? "b" : choice === "b" ? "a" : "none",
          },
        });
    }
    const report = await getAltTest(researcher, studyId, campaign.id, { ...SETTINGS, minItemsPerHuman: 1 });
    expect(report.unit).toBe("choice");
    expect(report.options.scoring).toBe("accuracy");
    const swapped = report.llms.find((l) => l.judge === "swapped-llm")!;
    // turned back, its labels are the expert's own: each of its units is one the expert labelled
    const expertEmail = (await db.user.findUniqueOrThrow({ where: { id: expert } })).email;
    const mine = report.annotators.find((a) => a.annotator === expertEmail)!;
    expect(swapped.labelled).toBe(mine.labels);
    // left out, the expert and the LLM say the same thing on every item: a tie each time, ρ = 1
    expect(swapped.annotators.find((a) => a.annotator === expertEmail)!.advantageProbability).toBe(1);
    await expect(getAltTest(researcher, studyId, campaign.id, { ...SETTINGS, scoring: "neg-rmse" })).rejects.toThrow(
      /scoring: a preference's choices have no numeric levels/,
    );
  });

  it("is the study's researchers' only, and refuses a nugget review", async () => {
    const db = await getDb();
    const support = await db.campaign.findFirstOrThrow({ where: { studyId, taskType: "support" } });
    await expect(getAltTest(annotators[0]!, studyId, support.id, SETTINGS)).rejects.toThrow(/Campaign not found/);
    const review = await createCampaign(researcher, studyId, {
      name: `Review ${unique()}`,
      taskType: "nugget_quality",
      scale: { kind: "builtin", id: "binary" },
      guidelines: "",
      protocol: "blind",
      llmJudge: null,
      overlap: 2,
      annotatorIds: annotators.map((a) => a.id),
      sample: { kind: "random_questions", questions: 1 },
      seed: 1,
    });
    await expect(getAltTest(researcher, studyId, review.id, SETTINGS)).rejects.toThrow(/not a nugget review/);
  });
});
