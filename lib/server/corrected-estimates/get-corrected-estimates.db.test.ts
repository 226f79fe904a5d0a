// Corrected estimates on LLMJudge: NIST's qrels and one LLM's (willia-umbrela3, UMBRELA's prompt)
// as a qrels-only study; a campaign of 300 pairs drawn uniformly at random, labelled by two
// annotators who copy NIST's label; the share of pairs at level >= 2 as the LLM alone, the people
// alone and PPI, equal to the domain functions on the same labels.
import { correctedEstimatesQuerySchema } from "@/lib/schemas/corrected-estimates";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { classicalMean, ppiMean } from "@/lib/domain/ppi/ppi-mean";
import { getDb } from "@/lib/server/db/client";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { getWorkspaceItem } from "@/lib/server/campaigns/get-workspace-item";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { clippedQrels, qrelsRows } from "@/test/llmjudge-data";
import { buildWorld } from "@/test/db-world";
import { getCorrectedEstimates } from "./get-corrected-estimates";

const LLM = "willia-umbrela3";
let studyId: number;
let admin: UserDto;
let campaignId: number;
const nist = new Map(qrelsRows("human_qrels.txt", true).map(([q, d, rel]) => [`${q} ${d}`, Number(rel)]));
const llm = new Map(qrelsRows(`llm_labels/${LLM}.txt`, true).map(([q, d, rel]) => [`${q} ${d}`, Number(rel)]));

beforeAll(async () => {
  const db = await getDb();
  admin = (await buildWorld(db)).admin;
  studyId = (await findOrCreateStudy(`LLMJudge PPI ${unique()}`)).id;
  const qrels = (judge: string, kind: "model" | "human", text: string) =>
    importIntoStudy(studyId, {
      format: "trec-qrels",
      judge,
      judgeKind: kind,
      scale: "trec-dl-0-3",
      createMissing: true,
      files: [textInput(`${judge}.txt`, text)],
    });
  await qrels(
    "nist",
    "human",
    qrelsRows("human_qrels.txt", true)
      .map(([q, d, r]) => `${q} 0 ${d} ${r}`)
      .join("\n"),
  );
  await qrels(LLM, "model", clippedQrels(LLM));
  const annotators: UserDto[] = [];
  for (const name of ["ann", "bo"]) {
    const user = toUserDto(
      await f.upsertUser(db, {
        email: `${name}-${unique()}@test.local`,
        role: "annotator",
        password: "labels by copying",
      }),
    );
    await f.upsertMember(db, studyId, user.id, "annotator");
    annotators.push(user);
  }
  campaignId = (
    await createCampaign(admin, studyId, {
      name: "Corrected estimates: 300 random pairs",
      taskType: "relevance",
      scale: { kind: "builtin", id: "trec-dl-0-3" },
      guidelines: "",
      protocol: "blind",
      llmJudge: null,
      overlap: 2,
      annotatorIds: annotators.map((a) => a.id),
      sample: { kind: "random_pairs", pairs: 300 },
      seed: 17,
    })
  ).id;
  // both annotators label every item with NIST's label, which the test knows
  for (const annotator of annotators) {
    for (;;) {
      const { itemId } = await claimNextItem(annotator, campaignId);
      if (itemId === null) break;
      const item = await getWorkspaceItem(annotator, campaignId, itemId);
      const level = String(nist.get(`${item.question.id} ${item.document!.id}`));
      await saveAnnotation(annotator, campaignId, itemId, {
        clientId: randomUUID(),
        phase: "blind",
        version: 1,
        payload: { taskType: "relevance", level },
        comment: null,
        startedAt: new Date().toISOString(),
        durationMs: 1000,
      });
    }
  }
}, 120_000);

describe("corrected estimates", () => {
  it("gives the share at level >= 2 as the LLM alone, the people alone and PPI, as the domain computes them", async () => {
    const report = await getCorrectedEstimates(
      admin,
      studyId,
      correctedEstimatesQuerySchema.parse({
        llm: LLM,
        human: `campaign:${campaignId}`,
        confidence: 0.9,
      }),
    );
    expect(report).toMatchObject({ kind: "relevance", pairs: 4423, labelled: 300, sample: { uniform: true } });
    const share = report.quantities.find((q) => q.id === "share")!;
    // the same computation from the files: Ŷ = LLM >= 2 on every pair, Y = NIST >= 2 on the campaign's 300
    const db = await getDb();
    const items = await db.item.findMany({ where: { campaignId }, include: { query: true, document: true } });
    const sampled = new Set(items.map((i) => `${i.query!.externalId} ${i.document!.externalId}`));
    expect(sampled.size).toBe(300);
    const y: number[] = [];
    const yhat: number[] = [];
    const yhatUnlabelled: number[] = [];
    for (const [key, level] of llm) {
      if (sampled.has(key)) {
        y.push(nist.get(key)! >= 2 ? 1 : 0);
        yhat.push(level >= 2 ? 1 : 0);
      } else yhatUnlabelled.push(level >= 2 ? 1 : 0);
    }
    const expected = ppiMean({ y, yhat, yhatUnlabelled, confidence: 0.9 });
    // equal up to the order of summation (the database returns the pairs in its own order)
    const same = (actual: Record<string, number> | null, wanted: Record<string, number>) => {
      expect(Object.keys(actual!)).toEqual(Object.keys(wanted));
      for (const k of Object.keys(wanted)) expect(Math.abs(actual![k]! - wanted[k]!)).toBeLessThan(1e-12);
    };
    same({ llmOnly: share.llmOnly! }, { llmOnly: expected.llmOnly.estimate });
    expect(share.llmOnly!.toFixed(4)).toBe("0.1519"); // the LLM alone, far from the truth 0.2679
    same(share.classical, classicalMean(y, 0.9));
    same(share.ppi, { estimate: expected.estimate, low: expected.low, high: expected.high, lambda: expected.lambda });
    expect(share.withheld).toEqual({ people: null, ppi: null });
    expect(share.people).toBe(share.classical!.estimate);
    expect(share.plan!.targets.map((t) => t.halfWidth)).toEqual([0.05, 0.03, 0.02, 0.01]);
    // the mean level on the one shared scale (0..3) is a second quantity
    expect(report.quantities.map((q) => q.id)).toEqual(["share", "mean-level"]);
  });

  it("corrects each run's nDCG@10 over questions only with whole pools drawn at random: here it says why not", async () => {
    // two runs over every judged pair: one ranks by NIST's label, one by the LLM's
    for (const [system, source] of [
      ["by-nist", nist],
      ["by-llm", llm],
    ] as const) {
      const lines = [...source].map(([key, level], i) => {
        const [q, d] = key.split(" ");
        return `${q} Q0 ${d} ${i + 1} ${level + (i % 7) / 10} ${system}`;
      });
      await importIntoStudy(studyId, { format: "trec-run", files: [textInput(`${system}.run`, lines.join("\n"))] });
    }
    const report = await getCorrectedEstimates(
      admin,
      studyId,
      correctedEstimatesQuerySchema.parse({
        llm: LLM,
        human: `campaign:${campaignId}`,
        confidence: 0.9,
      }),
    );
    expect(report.runs).toMatchObject({ measure: "ndcg@10", questions: 25, labelled: 0 });
    expect(report.runs!.systems.map((s) => s.system).sort()).toEqual(["by-llm", "by-nist"]);
    // a sample of pairs is not one of questions: the runs' note says so, apart from the pairs' (valid) one
    expect(report.runs!.withheld.people).toBe("no question with its whole pool judged by people");
    expect(report.runs!.sample.uniform).toBe(false);
    expect(report.runs!.withheld.ppi).toBe(report.runs!.sample.why);
    expect(report.sample.uniform).toBe(true);
    // under the LLM's labels the run that ranks by them wins
    const byName = new Map(report.runs!.systems.map((s) => [s.system, s.llmOnly!]));
    expect(byName.get("by-llm")!).toBeGreaterThan(byName.get("by-nist")!);
  });

  it("withholds the PPI interval when the people's labels were not drawn uniformly at random", async () => {
    const report = await getCorrectedEstimates(
      admin,
      studyId,
      correctedEstimatesQuerySchema.parse({ llm: LLM, human: "nist", confidence: 0.9 }),
    );
    // NIST labelled every pair: nothing is left to correct
    expect(report.quantities[0]!.withheld.ppi).toBe(
      "people labelled every pair: their mean is the answer, there is nothing to correct",
    );
    expect(report.sample.uniform).toBe(false);
    await expect(
      getCorrectedEstimates(
        admin,
        studyId,
        correctedEstimatesQuerySchema.parse({ llm: LLM, human: LLM, confidence: 0.9 }),
      ),
    ).rejects.toThrow("is an LLM: choose people's labels");
  });
});
