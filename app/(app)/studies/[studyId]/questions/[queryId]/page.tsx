import type { Metadata } from "next";
import { QuestionPoolView } from "@/components/explorer/question-pool-view";
import { questionPageParamsSchema, questionPageQuerySchema } from "@/lib/schemas/explorer";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { getQuestionPool } from "@/lib/server/explorer/get-question-pool";

export const metadata: Metadata = { title: "Question" };

/** ?chunk=<id> opens a chunk beside the grid; ?only=disagreements keeps the chunks the judges disagree on. */
export default async function QuestionPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string; queryId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId, queryId } = await pageParams(questionPageParamsSchema, params);
  const query = questionPageQuerySchema.catch({ only: "all" }).parse(await searchParams);
  const pool = await orNotFound(getQuestionPool(user, studyId, queryId, query.chunk));
  return <QuestionPoolView pool={pool} only={query.only} />;
}
