import type { ReactNode } from "react";
import { StudyNav } from "@/components/studies/study-nav";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { getStudyHeader } from "@/lib/server/studies/get-study-header";

/**
 * Every page of a study: the study's name and sections above the page. Each page still checks its
 * caller itself (a layout is not re-rendered on every navigation); the header's data is loaded
 * once per request for the layout and the page together.
 */
export default async function StudyLayout({
  params,
  children,
}: {
  params: Promise<{ studyId: string }>;
  children: ReactNode;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyHeader(user, studyId));
  return (
    <>
      <StudyNav study={study} />
      {children}
    </>
  );
}
