import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { StudyDataView } from "@/components/imports/study-data-view";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, requirePageUser } from "@/lib/server/auth/page-guards";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const metadata: Metadata = { title: "Import and export" };

export default async function StudyDataPage({ params }: { params: Promise<{ studyId: string }> }) {
  const user = await requirePageUser(["admin", "researcher"]);
  const parsed = studyIdParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const study = await orNotFound(getStudyOverview(user, parsed.data.studyId));
  return <StudyDataView study={study} />;
}
