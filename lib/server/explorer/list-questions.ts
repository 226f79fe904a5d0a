import "server-only";
import { buildQuestionList } from "@/lib/domain/explorer/build-question-list";
import type { QuestionList, QuestionListQuery } from "@/lib/schemas/explorer";
import { getDb } from "../db/client";
import { countPerQuestion, judgedCounts, searchQuestions } from "../db/explorer-counts";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * A study's questions with what was judged about them, searched (id, title and text), filtered by
 * tag, sorted by any count and cut to one page (see buildQuestionList). The counts are grouped by the database in three
 * queries whatever the size of the pool; sorting and paging run over the questions only.
 */
export async function listQuestions(user: UserDto, studyId: number, query: QuestionListQuery): Promise<QuestionList> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const [study, questions, nuggets, pooled, judged] = await Promise.all([
    db.study.findUniqueOrThrow({ where: { id: studyId }, select: { id: true, name: true } }),
    searchQuestions(studyId, query.q),
    countPerQuestion("Nugget", studyId),
    countPerQuestion("PoolEntry", studyId),
    judgedCounts(studyId),
  ]);
  return buildQuestionList({
    study,
    questions,
    nuggets,
    pooled,
    judged,
    query,
    whole: query.format === "csv",
  });
}
