import { tagsOf } from "../query-metadata";
import { questionTitle } from "../question-title";

export const QUESTION_PAGE_SIZE = 50;

/** What the explorer's question list sorts by (any count, or the question's id). */
export const QUESTION_SORTS = ["id", "nuggets", "pooled", "llmPositive", "humanJudged", "disagreements"] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];

/** Per question id: pooled pairs some LLM called positive, pairs a human judged, pairs the judges disagree on. */
export type JudgedCounts = { llmPositive: number; humanJudged: number; disagreements: number };

/**
 * A study's questions with what was judged about them, filtered by tag, sorted by any count (ties
 * by id, in natural order) and cut to one page of 50; the tags of every question listed for the filter.
 */
export function buildQuestionList<Study>(inputs: {
  study: Study;
  questions: readonly { id: number; externalId: string; title: string; body: string; metadata: string }[];
  nuggets: ReadonlyMap<number, number>;
  pooled: ReadonlyMap<number, number>;
  judged: ReadonlyMap<number, JudgedCounts>;
  query: { tag: string; sort: QuestionSort; dir: "asc" | "desc"; page: number };
  /** Every question listed on one page (an export), instead of pages of 50. */
  whole?: boolean;
}) {
  const { query } = inputs;
  const allTags = new Set<string>();
  const rows = inputs.questions.map((q) => {
    const tags = tagsOf(q.metadata);
    for (const t of tags) allTags.add(t);
    const j = inputs.judged.get(q.id);
    return {
      id: q.id,
      externalId: q.externalId,
      title: questionTitle(q.title, q.body),
      tags,
      nuggets: inputs.nuggets.get(q.id) ?? 0,
      pooled: inputs.pooled.get(q.id) ?? 0,
      llmPositive: j?.llmPositive ?? 0,
      humanJudged: j?.humanJudged ?? 0,
      disagreements: j?.disagreements ?? 0,
    };
  });
  type Row = (typeof rows)[number];
  const filtered = query.tag ? rows.filter((r) => r.tags.includes(query.tag)) : rows;
  const direction = query.dir === "asc" ? 1 : -1;
  const byId = (a: Row, b: Row) => a.externalId.localeCompare(b.externalId, "en", { numeric: true });
  filtered.sort((a, b) =>
    query.sort === "id" ? direction * byId(a, b) : direction * (a[query.sort] - b[query.sort]) || byId(a, b),
  );
  const pageSize = inputs.whole ? Math.max(1, filtered.length) : QUESTION_PAGE_SIZE;
  const page = inputs.whole ? 1 : query.page;
  const start = (page - 1) * pageSize;
  return {
    study: inputs.study,
    total: filtered.length,
    page,
    pageSize,
    tags: [...allTags].sort(),
    rows: filtered.slice(start, start + pageSize),
  };
}
