import "server-only";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";
import type { PreferenceJudgment } from "@/lib/domain/preferences/aggregate";
import { buildPreferencesReport } from "@/lib/domain/preferences/build-preferences-report";
import { choiceSchema, DEFAULT_CRITERIA } from "@/lib/domain/preferences/criteria";
import { storedPreferenceSchema } from "@/lib/domain/preferences/judgment";
import type { PreferenceQuery } from "@/lib/schemas/preferences";
import type { PreferenceReport } from "@/lib/domain/preferences/build-preferences-report";
import { reportCampaign } from "../campaigns/campaign-access";
import { collectionOf } from "@/lib/domain/query-metadata";
import { getDb, type Db } from "../db/client";
import { preferenceLabelsOfJudge } from "../db/preference-labels";
import { invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";

type Source = { criteria: { id: string; name: string }[]; judgments: PreferenceJudgment[] };

/**
 * Side-by-side preferences (FeB4RAG section 6) of a judge's labels (e.g. FeB4RAG's published
 * selections) or of a preference campaign's annotators ("campaign:<id>", each annotator's latest
 * choice): per criterion and for the verdict, each system's wins and the no-preferences with win
 * rates and Wilson intervals; verdicts per group; position bias where the sides are known;
 * agreement between annotators per criterion; Bradley-Terry strengths beyond two systems.
 */
export async function getPreferencesReport(
  user: UserDto,
  studyId: number,
  query: PreferenceQuery,
): Promise<PreferenceReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const set = query.source;
  const source = formatLabelSet(set);
  const { criteria, judgments } =
    set.kind === "campaign"
      ? await campaignJudgments(user, studyId, set.campaignId)
      : await judgeJudgments(db, studyId, source);
  if (judgments.length === 0) throw invalid(`source: ${source} has no preferences yet`);
  return buildPreferencesReport({ source, criteria, judgments, bootstrap: REPORT_BOOTSTRAP });
}

/** A judge's preference labels, one judgment per request and pair of systems; criteria in FeB4RAG's order, then by name. */
async function judgeJudgments(db: Db, studyId: number, name: string): Promise<Source> {
  const judge = await db.judge.findUnique({ where: { studyId_name: { studyId, name } } });
  if (!judge) throw invalid(`source: the study has no judge named "${name}"`);
  const rows = await preferenceLabelsOfJudge(judge.id);
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
  const campaign = await reportCampaign(
    user,
    studyId,
    campaignId,
    "preferences",
    "source: this is not a preference campaign",
  );
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
