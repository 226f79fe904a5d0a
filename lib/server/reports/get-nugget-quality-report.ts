import "server-only";
import { questionTitle } from "@/lib/domain/question-title";
import { multiRaterStatisticsWithIntervals } from "@/lib/domain/agreement/multi-rater";
import {
  lastNuggetShareOfRedundant,
  macroQuality,
  microQuality,
  qualityByPosition,
  type QuestionReview,
} from "@/lib/domain/nuggets/nugget-quality";
import { parseNuggetList } from "@/lib/domain/nuggets/nugget-list";
import { nuggetReviewSchema, questionReviewOf, type NuggetReview } from "@/lib/domain/nuggets/nugget-review";
import { labelsPairs } from "@/lib/domain/task-types/registry";
import type { NuggetQualityQuery, NuggetQualityReport } from "@/lib/schemas/nugget-quality";
import { researcherCampaign } from "../campaigns/campaign-access";
import { getDb } from "../db/client";
import { invalid, notFound } from "../errors";
import type { UserDto } from "../users/user-dto";
import { getCampaignAgreement } from "./get-campaign-agreement";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";

type Reviewed = {
  question: string;
  title: string;
  annotator: string;
  review: NuggetReview;
  counts: QuestionReview;
  nuggetByText: Map<string, string>;
  version: number | null;
  currentVersion: number;
};

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
  const campaign = await researcherCampaign(user, query.campaign);
  if (campaign.studyId !== studyId) throw notFound("Campaign not found");
  if (TASK_TYPES[campaign.taskType].report !== "nugget-quality")
    throw invalid("campaign: this is not a nugget-quality campaign");
  const db = await getDb();
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
              nuggetVersion: true,
              nuggets: { select: { externalId: true, text: true } },
            },
          },
        },
      },
    },
  });
  const reviewed: Reviewed[] = annotations.flatMap((a) => {
    if (!a.item.query) return [];
    const review = nuggetReviewSchema.parse(JSON.parse(a.payload));
    const nuggetByText = new Map(a.item.query.nuggets.map((n) => [n.text.trim(), n.externalId]));
    const version = parseNuggetList(a.item.nuggets)?.version ?? null;
    return [
      {
        question: a.item.query.externalId,
        title: questionTitle(a.item.query.title, a.item.query.body),
        annotator: a.user.email,
        review,
        counts: questionReviewOf(review),
        nuggetByText,
        version,
        currentVersion: a.item.query.nuggetVersion,
      },
    ];
  });
  const all = reviewed.map((r) => r.counts);
  const questions = groupBy(reviewed, (r) => r.question);
  const annotators = groupBy(reviewed, (r) => r.annotator);
  return {
    campaign: { id: campaign.id, name: campaign.name },
    reviews: reviewed.length,
    questions: questions.size,
    overall: { micro: microQuality(all), macro: macroQuality(all) },
    perAnnotator: [...annotators]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([annotator, mine]) => ({
        annotator,
        reviews: mine.length,
        micro: microQuality(mine.map((r) => r.counts)),
        macro: macroQuality(mine.map((r) => r.counts)),
      })),
    perQuestion: [...questions]
      .sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }))
      .map(([question, theirs]) => ({
        question,
        title: theirs[0]!.title,
        nuggets: theirs[0]!.counts.nuggets.length,
        nuggetVersion: theirs[0]!.version,
        currentNuggetVersion: theirs[0]!.currentVersion,
        reviews: theirs.length,
        hallucinated: sum(theirs, (r) => r.counts.nuggets.filter((n) => n.hallucinated).length),
        redundant: sum(theirs, (r) => r.counts.nuggets.filter((n) => n.redundant).length),
        missing: sum(theirs, (r) => r.counts.missing),
        quality: microQuality(theirs.map((r) => r.counts)),
      })),
    byPosition: qualityByPosition(all),
    lastNuggetShare: lastNuggetShareOfRedundant(all),
    agreement: agreementOf(questions),
    ...(query.support ? await judgmentSide(user, studyId, query.support) : { judgment: null, judgmentNote: null }),
    missingNuggets: reviewed.flatMap((r) =>
      r.review.missingNuggets.map((text) => ({
        question: r.question,
        annotator: r.annotator,
        text,
        nugget: r.nuggetByText.get(text) ?? null,
      })),
    ),
  };
}

/** Agreement on A and B over nuggets, and on C over questions, among the reviews of the same question (none when no question has two). */
function agreementOf(questions: Map<string, Reviewed[]>): NuggetQualityReport["agreement"] {
  const shared = [...questions.values()].filter((r) => r.length >= 2);
  if (shared.length === 0) return null;
  const markCounts = (mark: "hallucinated" | "redundant") =>
    shared.flatMap((reviews) =>
      reviews[0]!.counts.nuggets.map((_, i) => {
        const yes = reviews.filter((r) => r.counts.nuggets[i]?.[mark]).length;
        return [reviews.length - yes, yes];
      }),
    );
  const values = [...new Set(shared.flatMap((reviews) => reviews.map((r) => r.counts.missing)))].sort((a, b) => a - b);
  const missingCounts = shared.map((reviews) =>
    values.map((v) => reviews.filter((r) => r.counts.missing === v).length),
  );
  const rows = (counts: number[][], ordered: boolean, metrics: readonly string[]) => {
    const stats = multiRaterStatisticsWithIntervals(counts, ordered, {
      ...REPORT_BOOTSTRAP,
      values: ordered ? values : undefined,
    });
    return metrics.map((metric) => ({ metric, ...stats[metric as keyof typeof stats] }));
  };
  const nominal = ["pairwise-agreement", "fleiss-kappa", "krippendorff-alpha-nominal"] as const;
  return {
    nuggets: shared.reduce((s, reviews) => s + reviews[0]!.counts.nuggets.length, 0),
    questions: shared.length,
    hallucinated: rows(markCounts("hallucinated"), false, nominal),
    redundant: rows(markCounts("redundant"), false, nominal),
    missing: rows(missingCounts, true, ["pairwise-agreement", "krippendorff-alpha-interval"]),
  };
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
  const support = await researcherCampaign(user, supportId);
  if (support.studyId !== studyId) throw notFound("Campaign not found");
  if (!labelsPairs(support.taskType)) throw invalid("support: choose a support or relevance campaign");
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

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) (groups.get(key(item)) ?? groups.set(key(item), []).get(key(item))!).push(item);
  return groups;
}

const sum = <T>(items: readonly T[], f: (item: T) => number) => items.reduce((s, item) => s + f(item), 0);
