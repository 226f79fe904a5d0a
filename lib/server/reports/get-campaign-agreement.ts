import "server-only";
import type { LabelPair } from "@/lib/domain/agreement/code-label-pairs";
import { coincidencesFromCounts } from "@/lib/domain/agreement/krippendorff-alpha";
import { MULTI_RATER_STATISTICS, multiRaterStatisticsWithIntervals } from "@/lib/domain/agreement/multi-rater";
import { pairAgreement } from "@/lib/domain/agreement/pair-statistics";
import { firstPhase } from "@/lib/domain/campaigns/judgment";
import { levelIndex } from "@/lib/domain/scales";
import type { CampaignAgreementReport } from "@/lib/schemas/reports";
import { researcherCampaign } from "../campaigns/campaign-access";
import { readRows } from "../db/sql-connection";
import { notFound } from "../errors";
import type { UserDto } from "../users/user-dto";
import { REPORT_BOOTSTRAP } from "./report-bootstrap";

type ItemLabels = { targetKey: string; byAnnotator: Map<string, string> };

/**
 * How far a campaign's annotators agree with each other (every annotator at once: pairwise
 * agreement, Fleiss' κ, Krippendorff's α; and each pair of annotators) and with the campaign's LLM
 * (each annotator, and all together). It reads each annotator's first, independent label of an item
 * (the blind one; under the assisted protocol the only one), not a label revised after a reveal.
 */
export async function getCampaignAgreement(user: UserDto, studyId: number, campaignId: number): Promise<CampaignAgreementReport> {
  const campaign = await researcherCampaign(user, campaignId);
  if (campaign.studyId !== studyId) throw notFound("Campaign not found");
  const phase = firstPhase(campaign.protocol);
  const scale = campaign.scale;

  const rows = await readRows<{ itemId: unknown; targetKey: string; email: string; payload: string }>(
    `SELECT a."itemId" AS "itemId", i."targetKey" AS "targetKey", u."email" AS "email", a."payload" AS "payload"
       FROM "Annotation" a JOIN "Item" i ON i."id" = a."itemId" JOIN "User" u ON u."id" = a."userId"
      WHERE i."campaignId" = ? AND a."phase" = ?`,
    [campaign.id, phase],
  );
  const items = new Map<number, ItemLabels>();
  for (const row of rows) {
    const level = (JSON.parse(row.payload) as { level?: unknown }).level;
    if (typeof level !== "string" || levelIndex(scale, level) === null) continue;
    const id = Number(row.itemId);
    const item = items.get(id) ?? items.set(id, { targetKey: row.targetKey, byAnnotator: new Map() }).get(id)!;
    item.byAnnotator.set(row.email, level);
  }
  const annotators = [...new Set(rows.map((r) => r.email))].sort();
  const counts = [...items.values()].map((item) => {
    const tally = new Array<number>(scale.levels.length).fill(0);
    for (const level of item.byAnnotator.values()) tally[levelIndex(scale, level)!]!++;
    return tally;
  });
  const statistics = multiRaterStatisticsWithIntervals(counts, true, REPORT_BOOTSTRAP);
  const label = (value: string) => ({ value, scale: scale.id });

  const pairs = annotators.flatMap((a, i) =>
    annotators.slice(i + 1).flatMap((b) => {
      const both: LabelPair[] = [];
      for (const item of items.values()) {
        const [x, y] = [item.byAnnotator.get(a), item.byAnnotator.get(b)];
        if (x !== undefined && y !== undefined) both.push({ a: label(x), b: label(y) });
      }
      return both.length ? [{ a, b, ...pairAgreement(both, REPORT_BOOTSTRAP) }] : [];
    }),
  );

  return {
    campaign: { id: campaign.id, name: campaign.name, protocol: campaign.protocol, phase },
    scaleName: scale.name,
    categories: scale.levels.map((l) => l.label),
    annotators,
    items: counts.filter((c) => c.reduce((s, v) => s + v, 0) >= 2).length,
    singlyLabelled: counts.filter((c) => c.reduce((s, v) => s + v, 0) === 1).length,
    labels: counts.reduce((sum, c) => sum + c.reduce((s, v) => s + v, 0), 0),
    statistics: MULTI_RATER_STATISTICS.map((metric) => ({ metric, ...statistics[metric] })),
    bootstrap: REPORT_BOOTSTRAP,
    coincidences: coincidencesFromCounts(counts),
    pairs,
    llm: campaign.llmJudge ? await agreementWithLlm(campaign.id, campaign.llmJudge, annotators, items, label) : null,
  };
}

/** Each annotator's labels, and everyone's together, against the LLM's labels of the same targets. */
async function agreementWithLlm(
  campaignId: number,
  judge: { id: number; name: string },
  annotators: string[],
  items: Map<number, ItemLabels>,
  label: (value: string) => LabelPair["a"],
): Promise<CampaignAgreementReport["llm"]> {
  const llmRows = await readRows<{ targetKey: string; value: string; scale: string }>(
    `SELECT l."targetKey" AS "targetKey", l."value" AS "value", l."scale" AS "scale"
       FROM "Label" l WHERE l."judgeId" = ? AND l."targetKey" IN (SELECT i."targetKey" FROM "Item" i WHERE i."campaignId" = ?)`,
    [judge.id, campaignId],
  );
  const llm = new Map(llmRows.map((r) => [r.targetKey, { value: r.value, scale: r.scale }]));
  const pairsOf = (annotator: string | null): LabelPair[] =>
    [...items.values()].flatMap((item) => {
      const model = llm.get(item.targetKey);
      if (!model) return [];
      const humans = annotator === null ? [...item.byAnnotator.values()] : [item.byAnnotator.get(annotator)].filter((v) => v !== undefined);
      return humans.map((value) => ({ a: label(value), b: model }));
    });
  const overall = pairAgreement(pairsOf(null), REPORT_BOOTSTRAP);
  return {
    judge: judge.name,
    comparedOn: overall.comparedOn,
    overall,
    annotators: annotators.map((annotator) => ({ annotator, ...pairAgreement(pairsOf(annotator), REPORT_BOOTSTRAP) })),
  };
}
