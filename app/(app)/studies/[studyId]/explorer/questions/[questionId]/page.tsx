import type { Metadata } from "next";
import { QuestionPoolView } from "@/components/explorer/question-pool-view";
import { questionPageParamsSchema, questionPageQuerySchema } from "@/lib/schemas/explorer";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { getQuestionPool } from "@/lib/server/explorer/get-question-pool";
import { findQuestion } from "@/lib/server/explorer/find-question";
import { permanentRedirect } from "next/navigation";

export const metadata: Metadata = { title: "Question" };

/**
 * A question by its own id (`/explorer/questions/hq-101`); ?chunk=<id> opens a chunk beside the grid;
 * ?only=disagreements keeps the chunks the judges disagree on.
 */
export default async function QuestionPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string; questionId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId, questionId } = await pageParams(questionPageParamsSchema, params);
  const search = await searchParams;
  const found = await orNotFound(findQuestion(user, studyId, questionId));
  // an old link by the database's number: to the question's own address, with its choices
  if ("movedTo" in found) permanentRedirect(`${found.movedTo}?${new URLSearchParams(search)}`);
  const query = questionPageQuerySchema.catch({ only: "all" }).parse(search);
  const pool = await orNotFound(getQuestionPool(user, studyId, found.queryId, query.chunk));
  return <QuestionPoolView pool={pool} only={query.only} />;
}
