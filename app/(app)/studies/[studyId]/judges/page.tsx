import type { Metadata } from "next";
import { JudgingView } from "@/components/judging/judging-view";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { getJudgingPage } from "@/lib/server/judging/get-judging-page";
import { getStudyHeader } from "@/lib/server/studies/get-study-header";

export const metadata: Metadata = { title: "LLM judges" };

export default async function JudgesPage({ params }: { params: Promise<{ studyId: string }> }) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyHeader(user, studyId));
  const page = await getJudgingPage(user, studyId);
  return <JudgingView studyId={study.id} {...page} />;
}
