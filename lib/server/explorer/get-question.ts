import "server-only";
import type { QuestionPool } from "@/lib/schemas/explorer";
import { notFound } from "../errors";
import type { UserDto } from "../users/user-dto";
import { findQuestion } from "./find-question";
import { getQuestionPool } from "./get-question-pool";

/**
 * A question's page data by the question's own id, for the API: no redirect from the database's
 * number (the page keeps that for old links), so a script names what the files name.
 */
export async function getQuestion(
  user: UserDto,
  studyId: number,
  questionId: string,
  chunk?: number,
): Promise<QuestionPool> {
  const found = await findQuestion(user, studyId, questionId);
  if ("movedTo" in found) throw notFound("Question not found: name it by its own id, as the imported files do");
  return getQuestionPool(user, studyId, found.queryId, chunk);
}
