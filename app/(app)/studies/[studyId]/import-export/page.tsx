import type { Metadata } from "next";
import { StudyDataView } from "@/components/imports/study-data-view";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { getExportOptions } from "@/lib/server/exports/get-export-options";
import { getStudyHeader } from "@/lib/server/studies/get-study-header";

export const metadata: Metadata = { title: "Import and export" };

export default async function StudyDataPage({ params }: { params: Promise<{ studyId: string }> }) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyHeader(user, studyId));
  return <StudyDataView study={study} exportOptions={await getExportOptions(user, studyId)} />;
}
