import type { LlmPositives } from "../agreement/llm-positives";
import { multiRaterStatisticsWithIntervals } from "../agreement/multi-rater";
import type { ReportBootstrap } from "../agreement/report-bootstrap";
import type { NuggetImportance } from "../nugget-scores/nugget-scores";
import { questionReviewOf, type NuggetReview } from "../nuggets/nugget-review";
import {
  lastNuggetShareOfRedundant,
  macroQuality,
  microQuality,
  qualityByImportance,
  qualityByPosition,
} from "./nugget-quality";
import type { QuestionReview } from "../nuggets/nugget-review";

/** One annotator's latest review of one question, with what the report says about the question. */
export type ReviewInput = {
  question: string;
  title: string;
  annotator: string;
  review: NuggetReview;
  /** The question's current nuggets by text, to say which missing nuggets were added since. */
  nuggetByText: ReadonlyMap<string, string>;
  /** Each reviewed nugget's importance by its id (a nugget not in the map is not graded). */
  importance: ReadonlyMap<string, NuggetImportance | null>;
  /** The version of the nugget list reviewed (null: items made before lists were kept) and the question's current one. */
  version: number | null;
  currentVersion: number;
};

/** FreshStack's Table 5, judgment side, when a support campaign was chosen (see the nugget-quality schema). */
export type JudgmentSide<J> = { judgment: J | null; judgmentNote: string | null };

type Reviewed = ReviewInput & { counts: QuestionReview };

/**
 * A nugget-quality campaign's numbers (FreshStack section 5.2.1): precision, recall and
 * groundedness overall (micro and macro), per annotator and per question; by nugget position; the
 * annotators' agreement on A, B and C where reviews of one question overlap; the missing nuggets
 * written out; and the judgment side given by the caller.
 */
export function buildNuggetQualityReport<J>(inputs: {
  /** The campaign, with the nugget set it reviews (null: none recorded). */
  campaign: { id: number; name: string; nuggetSet: string | null };
  reviews: readonly ReviewInput[];
  judgmentSide: JudgmentSide<J>;
  bootstrap: ReportBootstrap;
}) {
  const { campaign, bootstrap } = inputs;
  const reviewed: Reviewed[] = inputs.reviews.map((r) => ({ ...r, counts: questionReviewOf(r.review) }));
  const all = reviewed.map((r) => r.counts);
  const questions = groupBy(reviewed, (r) => r.question);
  const annotators = groupBy(reviewed, (r) => r.annotator);
  return {
    campaign: { id: campaign.id, name: campaign.name, nuggetSet: campaign.nuggetSet },
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
    byImportance: qualityByImportance(
      reviewed.flatMap((r) =>
        r.review.nuggets.map((n) => ({
          importance: r.importance.get(n.nugget) ?? ("not graded" as const),
          hallucinated: n.hallucinated,
          redundant: n.redundant,
        })),
      ),
    ),
    lastNuggetShare: lastNuggetShareOfRedundant(all),
    agreement: agreementOf(questions, bootstrap),
    ...inputs.judgmentSide,
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
function agreementOf(questions: Map<string, Reviewed[]>, bootstrap: ReportBootstrap) {
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
      ...bootstrap,
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

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) (groups.get(key(item)) ?? groups.set(key(item), []).get(key(item))!).push(item);
  return groups;
}

const sum = <T>(items: readonly T[], f: (item: T) => number) => items.reduce((s, item) => s + f(item), 0);

/** The report as the builder gives it (lib/schemas/nugget-quality.ts describes it over HTTP). */
export type NuggetQualityReport = ReturnType<typeof buildNuggetQualityReport<SupportJudgment>>;

/**
 * FreshStack's Table 5, judgment side: how a support campaign's annotators labelled the pairs its
 * LLM called positive.
 */
export type SupportJudgment = { campaign: { id: number; name: string } } & Pick<
  LlmPositives,
  "llm" | "pairs" | "levels"
>;
