import type { Metadata } from "next";
import { JudgingView } from "@/components/judging/judging-view";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { getJudgingPage } from "@/lib/server/judging/get-judging-page";
import { getStudyHeader } from "@/lib/server/studies/get-study-header";

export const metadata: Metadata = { title: "LLM judges" };

/** ?targets=nd:1:2&targets=nd:3:4 (or comma-separated, as the disagreement queue sends them) opens a new run on those pairs. */
export default async function JudgesPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<{ targets?: string | string[] }>;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyHeader(user, studyId));
  const page = await getJudgingPage(user, studyId);
  const targets = [(await searchParams).targets ?? []]
    .flat()
    .flatMap((t) => t.split(","))
    .filter(Boolean);
  return <JudgingView studyId={study.id} {...page} targets={targets} />;
}
