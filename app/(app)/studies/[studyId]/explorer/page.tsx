import type { Metadata } from "next";
import { QuestionListView } from "@/components/explorer/question-list-view";
import { questionListQuerySchema } from "@/lib/schemas/explorer";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { listQuestions } from "@/lib/server/explorer/list-questions";

export const metadata: Metadata = { title: "Questions" };

export default async function QuestionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const query = questionListQuerySchema.catch(questionListQuerySchema.parse({})).parse(await searchParams);
  const list = await orNotFound(listQuestions(user, studyId, query));
  return <QuestionListView query={query} list={list} />;
}
