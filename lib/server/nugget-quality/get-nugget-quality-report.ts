import "server-only";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import { buildNuggetQualityReport } from "@/lib/domain/nugget-quality/build-nugget-quality-report";
import { parseNuggetList } from "@/lib/domain/nuggets/nugget-list";
import { storedImportance, type NuggetImportance } from "@/lib/domain/nugget-scores/nugget-scores";
import { nuggetReviewSchema } from "@/lib/domain/nuggets/nugget-review";
import { questionTitle } from "@/lib/domain/question-title";
import type { NuggetQualityQuery } from "@/lib/schemas/nugget-quality";
import type { NuggetQualityReport } from "@/lib/domain/nugget-quality/build-nugget-quality-report";
import { reportCampaign } from "../campaigns/campaign-access";
import { getDb } from "../db/client";
import type { UserDto } from "../users/user-dto";
import { getCampaignAgreement } from "../campaign-agreement/get-campaign-agreement";

/**
 * A nugget-quality campaign's numbers (FreshStack section 5.2.1): precision, recall and
 * groundedness overall (micro and macro), per annotator and per question; by nugget position; the
 * annotators' agreement on A, B and C where reviews overlap; and, with a support campaign of the
 * same study, the judgment side of FreshStack's Table 5. Reads each annotator's latest review, of
 * the nugget list the campaign started with (each question says which version, and whether the
 * question's list has changed since).
 */
export async function getNuggetQualityReport(
  user: UserDto,
  studyId: number,
  query: NuggetQualityQuery,
): Promise<NuggetQualityReport> {
  const campaign = await reportCampaign(
    user,
    studyId,
    query.campaign,
    "nugget-quality",
    "campaign: this is not a nugget-quality campaign",
  );
  const db = await getDb();
  // the campaign's nugget set: its questions' lists now (which nuggets were added, the current version)
  const { nuggetSetId, nuggetSet } = await db.campaign.findUniqueOrThrow({
    where: { id: campaign.id },
    select: { nuggetSetId: true, nuggetSet: { select: { name: true } } },
  });
  const setId = nuggetSetId ?? -1;
  const annotations = await db.annotation.findMany({
    where: { item: { campaignId: campaign.id } },
    orderBy: { id: "asc" },
    select: {
      payload: true,
      user: { select: { email: true } },
      item: {
        select: {
          nuggets: true,
          query: {
            select: {
              externalId: true,
              title: true,
              body: true,
              nuggetLists: { where: { setId }, select: { version: true } },
              nuggets: { where: { setId }, select: { externalId: true, text: true, importance: true } },
            },
          },
        },
      },
    },
  });
  const reviews = annotations.flatMap((a) => {
    if (!a.item.query) return [];
    return [
      {
        question: a.item.query.externalId,
        title: questionTitle(a.item.query.title, a.item.query.body),
        annotator: a.user.email,
        review: nuggetReviewSchema.parse(JSON.parse(a.payload)),
        nuggetByText: new Map(a.item.query.nuggets.map((n) => [n.text.trim(), n.externalId])),
        importance: reviewedImportance(a.item.nuggets, a.item.query.nuggets),
        version: parseNuggetList(a.item.nuggets)?.version ?? null,
        currentVersion: a.item.query.nuggetLists[0]?.version ?? 1,
      },
    ];
  });
  return buildNuggetQualityReport({
    campaign: { id: campaign.id, name: campaign.name, nuggetSet: nuggetSet?.name ?? null },
    reviews,
    judgmentSide: query.support
      ? await judgmentSide(user, studyId, query.support)
      : { judgment: null, judgmentNote: null },
    bootstrap: REPORT_BOOTSTRAP,
  });
}

/**
 * How a support campaign's annotators labelled the pairs its LLM called positive (its campaign
 * agreement report), or a note saying why there is nothing to show yet.
 */
async function judgmentSide(
  user: UserDto,
  studyId: number,
  supportId: number,
): Promise<Pick<NuggetQualityReport, "judgment" | "judgmentNote">> {
  const support = await reportCampaign(
    user,
    studyId,
    supportId,
    "campaign-agreement",
    "support: choose a support or relevance campaign",
  );
  const none = (judgmentNote: string) => ({ judgment: null, judgmentNote });
  if (!support.llmJudge)
    return none(`${support.name} has no LLM judge to compare with: choose a campaign created with an LLM`);
  const positives = (await getCampaignAgreement(user, studyId, supportId)).llm?.positives;
  if (!positives) return none(`No annotator of ${support.name} has labelled a pair its LLM called positive yet`);
  return {
    judgment: {
      campaign: { id: support.id, name: support.name },
      llm: positives.llm,
      pairs: positives.pairs,
      levels: positives.levels,
    },
    judgmentNote: null,
  };
}

/** Each reviewed nugget's importance: as the campaign's list kept it, else (a list kept before importance was) the question's. */
function reviewedImportance(
  kept: string | null,
  current: readonly { externalId: string; importance: string | null }[],
): Map<string, NuggetImportance | null> {
  const out = new Map(current.map((n) => [n.externalId, storedImportance(n.importance)]));
  for (const n of parseNuggetList(kept)?.nuggets ?? []) if (n.importance !== undefined) out.set(n.id, n.importance);
  return out;
}
