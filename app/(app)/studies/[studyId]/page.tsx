import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { StudyOverviewView } from "@/components/studies/study-overview";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, requirePageUser } from "@/lib/server/auth/page-guards";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const metadata: Metadata = { title: "Study" };

export default async function StudyPage({ params }: { params: Promise<{ studyId: string }> }) {
  const user = await requirePageUser(["admin", "researcher"]);
  const parsed = studyIdParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const overview = await orNotFound(getStudyOverview(user, parsed.data.studyId));
  return <StudyOverviewView study={overview} />;
}
