import "server-only";
import type { LabelPair } from "@/lib/domain/agreement/code-label-pairs";
import { coincidencesFromCounts } from "@/lib/domain/agreement/krippendorff-alpha";
import { MULTI_RATER_STATISTICS, multiRaterStatisticsWithIntervals } from "@/lib/domain/agreement/multi-rater";
import { pairAgreement } from "@/lib/domain/agreement/pair-statistics";
import { firstPhase, levelOfPayload } from "@/lib/domain/campaigns/judgment";
import { binarize, levelIndex, scaleById, type Scale } from "@/lib/domain/scales";
import { labelsPairs } from "@/lib/domain/task-types/registry";
import type { CampaignAgreementReport } from "@/lib/schemas/reports";
import { researcherCampaign } from "../campaigns/campaign-access";
import { getDb } from "../db/client";
import { databaseUrl, providerOf } from "../db/database-url.mjs";
import { readRows } from "../db/sql-connection";
import { invalid, notFound } from "../errors";
import type { UserDto } from "../users/user-dto";
import { REPORT_BOOTSTRAP } from "./report-bootstrap";

/** Items that got the same labels from the same annotators and the same LLM label, counted. */
type Profile = {
  labels: { email: string; level: string }[];
  llm: { value: string; scale: string } | null;
  items: number;
};

/**
 * How far a campaign's annotators agree with each other (every annotator at once: pairwise
 * agreement, Fleiss' κ, Krippendorff's α; and each pair of annotators) and with the campaign's LLM
 * (each annotator, and all together). It reads each annotator's first, independent label of an item
 * (the blind one; under the assisted protocol the only one), not a label revised after a reveal.
 */
export async function getCampaignAgreement(
  user: UserDto,
  studyId: number,
  campaignId: number,
): Promise<CampaignAgreementReport> {
  const campaign = await researcherCampaign(user, campaignId);
  if (campaign.studyId !== studyId) throw notFound("Campaign not found");
  if (!labelsPairs(campaign.taskType))
    throw invalid(
      "campaign: agreement is reported for support and relevance campaigns (a nugget-quality campaign has its own report)",
    );
  const phase = firstPhase(campaign.protocol);
  const scale = campaign.scale;
  const profiles = await loadProfiles(campaign.id, phase, campaign.llmJudge?.id ?? null);
  const label = (level: string) => ({ value: level, scale: scale.id });

  const perAnnotator = new Map<string, number>();
  for (const p of profiles)
    for (const l of p.labels) perAnnotator.set(l.email, (perAnnotator.get(l.email) ?? 0) + p.items);
  const annotators = [...perAnnotator.keys()].sort();

  const counts = profiles.map((p) => {
    const tally = new Array<number>(scale.levels.length).fill(0);
    for (const l of p.labels) {
      const index = levelIndex(scale, l.level);
      if (index !== null) tally[index]!++;
    }
    return tally;
  });
  const weights = profiles.map((p) => p.items);
  const labelled = (min: number, max = Infinity) =>
    counts.reduce((sum, c, i) => {
      const m = c.reduce((s, v) => s + v, 0);
      return m >= min && m <= max ? sum + weights[i]! : sum;
    }, 0);
  const statistics = multiRaterStatisticsWithIntervals(counts, true, { ...REPORT_BOOTSTRAP, weights });

  const byPair = new Map<string, { a: string; b: string; rows: LabelPair[] }>();
  for (const p of profiles) {
    p.labels.forEach((x, i) =>
      p.labels.slice(i + 1).forEach((y) => {
        const key = `${x.email}\n${y.email}`;
        const entry = byPair.get(key) ?? byPair.set(key, { a: x.email, b: y.email, rows: [] }).get(key)!;
        entry.rows.push({ a: label(x.level), b: label(y.level), count: p.items });
      }),
    );
  }
  const pairs = [...byPair.values()]
    .sort((x, y) => x.a.localeCompare(y.a) || x.b.localeCompare(y.b))
    .map(({ a, b, rows }) => ({ a, b, ...pairAgreement(rows, REPORT_BOOTSTRAP) }));

  return {
    campaign: { id: campaign.id, name: campaign.name, protocol: campaign.protocol, phase },
    scaleName: scale.name,
    categories: scale.levels.map((l) => l.label),
    annotators,
    items: labelled(2),
    singlyLabelled: labelled(1, 1),
    labels: [...perAnnotator.values()].reduce((sum, n) => sum + n, 0),
    statistics: MULTI_RATER_STATISTICS.map((metric) => ({ metric, ...statistics[metric] })),
    bootstrap: REPORT_BOOTSTRAP,
    coincidences: coincidencesFromCounts(counts, weights),
    pairs,
    llm: campaign.llmJudge ? agreementWithLlm(campaign.llmJudge.name, scale, annotators, profiles, label) : null,
  };
}

/** Each annotator's labels, and everyone's together, against the LLM's labels of the same targets. */
function agreementWithLlm(
  judge: string,
  scale: Scale,
  annotators: string[],
  profiles: Profile[],
  label: (level: string) => LabelPair["a"],
): CampaignAgreementReport["llm"] {
  const pairsOf = (annotator: string | null): LabelPair[] =>
    profiles.flatMap((p) =>
      p.llm === null
        ? []
        : p.labels
            .filter((l) => annotator === null || l.email === annotator)
            .map((l) => ({ a: label(l.level), b: p.llm!, count: p.items })),
    );
  const overall = pairAgreement(pairsOf(null), REPORT_BOOTSTRAP);
  return {
    judge,
    comparedOn: overall.comparedOn,
    overall,
    annotators: annotators.map((annotator) => ({ annotator, ...pairAgreement(pairsOf(annotator), REPORT_BOOTSTRAP) })),
    positives: humanLabelsOverLlmPositives(judge, scale, profiles),
  };
}

/** FreshStack's table: every annotator label of a target the LLM called positive, by level (highest first). */
function humanLabelsOverLlmPositives(
  judge: string,
  scale: Scale,
  profiles: Profile[],
): NonNullable<CampaignAgreementReport["llm"]>["positives"] {
  const tally = new Map<string, number>();
  let pairs = 0;
  for (const p of profiles) {
    const llmScale = p.llm && scaleById(p.llm.scale);
    if (!llmScale || !binarize(llmScale, p.llm!.value)) continue;
    for (const l of p.labels) {
      tally.set(l.level, (tally.get(l.level) ?? 0) + p.items);
      pairs += p.items;
    }
  }
  if (pairs === 0) return null;
  const levels = scale.levels.toReversed().filter((l) => tally.has(l.value));
  return {
    llm: judge,
    human: "the annotators",
    pairs,
    levels: levels.map((l) => ({ level: l.label, count: tally.get(l.value)!, share: tally.get(l.value)! / pairs })),
  };
}

/**
 * The campaign's items grouped by what they got: each annotator's label in `phase` and the LLM's
 * label. The database does the grouping (one pass over the items, their labels and the LLM's), so
 * a campaign of 100,000 labels reads a few dozen rows.
 */
async function loadProfiles(campaignId: number, phase: string, llmJudgeId: number | null): Promise<Profile[]> {
  const postgres = providerOf(databaseUrl()) === "postgres";
  const labels = `CAST(a."userId" AS TEXT) || ' ' || a."payload"`; // JSON payloads never hold a raw newline
  const rows = await readRows<{ p: string; lv: string | null; ls: string | null; n: unknown }>(
    `SELECT t.p AS p, t.lv AS lv, t.ls AS ls, COUNT(*) AS n FROM (
       SELECT ${postgres ? `string_agg(${labels}, chr(10))` : `group_concat(${labels}, char(10))`} AS p, l."value" AS lv, l."scale" AS ls
         FROM "Item" i JOIN "Annotation" a ON a."itemId" = i."id"
         LEFT JOIN "Label" l ON l."judgeId" = ? AND l."targetKey" = i."targetKey"
        WHERE i."campaignId" = ? AND a."phase" = ?
        GROUP BY i."id", l."value", l."scale") t
      GROUP BY t.p, t.lv, t.ls`,
    [llmJudgeId ?? -1, campaignId, phase],
  );
  const db = await getDb();
  const parsed = rows.map((row) => ({
    labels: row.p.split("\n").map((entry) => {
      const space = entry.indexOf(" ");
      return { userId: Number(entry.slice(0, space)), level: levelOfPayload(entry.slice(space + 1)) ?? "" };
    }),
    llm: row.lv === null || row.ls === null ? null : { value: row.lv, scale: row.ls },
    items: Number(row.n),
  }));
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(parsed.flatMap((p) => p.labels.map((l) => l.userId)))] } },
    select: { id: true, email: true },
  });
  const email = new Map(users.map((u) => [u.id, u.email]));
  return parsed.map((p) => ({
    ...p,
    labels: p.labels
      .map((l) => ({ email: email.get(l.userId)!, level: l.level }))
      .sort((x, y) => x.email.localeCompare(y.email)),
  }));
}
