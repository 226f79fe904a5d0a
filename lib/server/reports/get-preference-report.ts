import "server-only";
import { multiRaterStatisticsWithIntervals } from "@/lib/domain/agreement/multi-rater";
import {
  bradleyTerry,
  choiceCounts,
  leftWins,
  pairTallies,
  wilsonInterval,
  type PairTally,
  type PreferenceJudgment,
} from "@/lib/domain/preference/aggregate";
import { choiceSchema, DEFAULT_CRITERIA } from "@/lib/domain/preference/criteria";
import { storedPreferenceSchema } from "@/lib/domain/preference/judgment";
import type { PreferenceQuery, PreferenceReport } from "@/lib/schemas/preference";
import { researcherCampaign } from "../campaigns/campaign-access";
import { collectionOf } from "../campaigns/load-candidates";
import { getDb, type Db } from "../db/client";
import { readRows } from "../db/sql-connection";
import { invalid, notFound } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";

type Source = { criteria: { id: string; name: string }[]; judgments: PreferenceJudgment[] };

/**
 * Side-by-side preferences (FeB4RAG section 6) of a judge's labels (e.g. FeB4RAG's published
 * selections) or of a preference campaign's annotators ("campaign:<id>", each annotator's latest
 * choice): per criterion and for the verdict, each system's wins and the no-preferences with win
 * rates and Wilson intervals; verdicts per group; position bias where the sides are known;
 * agreement between annotators per criterion; Bradley-Terry strengths beyond two systems.
 */
export async function getPreferenceReport(
  user: UserDto,
  studyId: number,
  query: PreferenceQuery,
): Promise<PreferenceReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const { criteria, judgments } = query.source.startsWith("campaign:")
    ? await campaignJudgments(user, studyId, Number(query.source.slice("campaign:".length)))
    : await judgeJudgments(db, studyId, query.source);
  if (judgments.length === 0) throw invalid(`source: ${query.source} has no preferences yet`);
  const ids = criteria.map((c) => c.id);
  const systems = [...new Set(judgments.flatMap((j) => [j.a, j.b]))].sort();
  const groups = [...new Set(judgments.map((j) => j.group))].sort();
  const bias = leftWins(judgments, ids);
  const biasInterval = wilsonInterval(bias.left, bias.decided);
  const verdicts = pairTallies(judgments, ids, null);
  const agreement = ids
    .map((criterion) => ({ criterion, counts: choiceCounts(judgments, criterion) }))
    .filter((a) => a.counts.length > 0);
  return {
    source: query.source,
    criteria,
    systems,
    judgments: judgments.length,
    items: new Set(judgments.map((j) => `${j.question}\n${j.a}\n${j.b}`)).size,
    annotators: new Set(judgments.map((j) => j.annotator)).size,
    perCriterion: criteria.map((c) => {
      const pairs = pairTallies(judgments, ids, c.id);
      return { criterion: c.id, name: c.name, pairs, winRates: pairs.map(winRateOf) };
    }),
    verdict: { pairs: verdicts, winRates: verdicts.map(winRateOf) },
    perGroup: groups.map((group) => ({
      group,
      pairs: pairTallies(
        judgments.filter((j) => j.group === group),
        ids,
        null,
      ),
    })),
    positionBias: biasInterval ? { ...bias, share: bias.left / bias.decided, ...biasInterval } : null,
    agreement:
      agreement.length === 0
        ? null
        : agreement.map(({ criterion, counts }) => {
            const stats = multiRaterStatisticsWithIntervals(counts, false, REPORT_BOOTSTRAP);
            return {
              criterion,
              items: counts.length,
              statistics: (["pairwise-agreement", "fleiss-kappa", "krippendorff-alpha-nominal"] as const).map(
                (metric) => ({ metric, ...stats[metric] }),
              ),
            };
          }),
    bradleyTerry:
      systems.length > 2
        ? [...bradleyTerry(verdicts)]
            .map(([system, strength]) => ({ system, strength }))
            .sort((x, y) => y.strength - x.strength)
        : null,
  };
}

function winRateOf(t: PairTally) {
  const decided = t.firstWins + t.secondWins;
  const ci = wilsonInterval(t.firstWins, decided);
  return {
    first: t.first,
    second: t.second,
    decided,
    rate: decided === 0 ? null : t.firstWins / decided,
    low: ci?.low ?? null,
    high: ci?.high ?? null,
  };
}

/** A judge's preference labels, one judgment per request and pair of systems; criteria in FeB4RAG's order, then by name. */
async function judgeJudgments(db: Db, studyId: number, name: string): Promise<Source> {
  const judge = await db.judge.findUnique({ where: { studyId_name: { studyId, name } } });
  if (!judge) throw invalid(`source: the study has no judge named "${name}"`);
  const rows = await readRows<{
    question: string;
    meta: string;
    a: string;
    b: string;
    criterion: string;
    value: string;
  }>(
    `SELECT q."externalId" AS "question", q."metadata" AS "meta", sa."name" AS "a", sb."name" AS "b", l."criterion" AS "criterion", l."value" AS "value"
       FROM "Label" l JOIN "Query" q ON q."id" = l."queryId" JOIN "System" sa ON sa."id" = l."systemAId" JOIN "System" sb ON sb."id" = l."systemBId"
      WHERE l."judgeId" = ? AND l."scale" = 'preference' AND l."criterion" IS NOT NULL`,
    [judge.id],
  );
  const byItem = new Map<string, PreferenceJudgment & { choices: Record<string, "a" | "b" | "none"> }>();
  for (const r of rows) {
    const key = `${r.question}\n${r.a}\n${r.b}`;
    const j =
      byItem.get(key) ??
      byItem
        .set(key, {
          question: r.question,
          group: collectionOf(r.meta) ?? "all",
          annotator: name,
          a: r.a,
          b: r.b,
          left: null,
          choices: {},
        })
        .get(key)!;
    j.choices[r.criterion] = choiceSchema.parse(r.value);
  }
  const known = DEFAULT_CRITERIA.map((c) => c.id);
  const ids = [...new Set(rows.map((r) => r.criterion))].sort(
    (x, y) => (known.indexOf(x) + 1 || 99) - (known.indexOf(y) + 1 || 99) || x.localeCompare(y),
  );
  return {
    criteria: ids.map((id) => ({ id, name: DEFAULT_CRITERIA.find((c) => c.id === id)?.name ?? id })),
    judgments: [...byItem.values()],
  };
}

/** A preference campaign's judgments: each annotator's stored choices, with the side each saw on the left. */
async function campaignJudgments(user: UserDto, studyId: number, campaignId: number): Promise<Source> {
  const campaign = await researcherCampaign(user, campaignId);
  if (campaign.studyId !== studyId) throw notFound("Campaign not found");
  if (TASK_TYPES[campaign.taskType].report !== "preferences")
    throw invalid("source: this is not a preference campaign");
  const db = await getDb();
  const annotations = await db.annotation.findMany({
    where: { item: { campaignId: campaign.id } },
    orderBy: { id: "asc" },
    select: {
      payload: true,
      user: { select: { email: true } },
      item: {
        select: {
          query: { select: { externalId: true, metadata: true } },
          responseA: { select: { system: { select: { name: true } } } },
          responseB: { select: { system: { select: { name: true } } } },
        },
      },
    },
  });
  const judgments = annotations.flatMap((a): PreferenceJudgment[] => {
    const { query, responseA, responseB } = a.item;
    if (!query || !responseA || !responseB) return [];
    const stored = storedPreferenceSchema.parse(JSON.parse(a.payload));
    return [
      {
        question: query.externalId,
        group: collectionOf(query.metadata) ?? "all",
        annotator: a.user.email,
        a: responseA.system.name,
        b: responseB.system.name,
        left: stored.left,
        choices: stored.choices,
      },
    ];
  });
  return { criteria: campaign.criteria.map((c) => ({ id: c.id, name: c.name })), judgments };
}
