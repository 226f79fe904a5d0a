import type { Metadata } from "next";
import { ResourcesView } from "@/components/resources/resources-view";
import { impactQuerySchema } from "@/lib/schemas/impact";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { AppError } from "@/lib/server/errors";
import { getResourcesReport } from "@/lib/server/resources/get-resources-report";
import { labelSetOptions } from "@/lib/domain/label-sets";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const metadata: Metadata = { title: "Federated resources" };

/** ?a=&b= scores a federated study's engines per request under two label sets (FeB4RAG). */
export default async function ResourcesPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyOverview(user, studyId));
  const search = await searchParams;
  const query = impactQuerySchema.safeParse(search);
  let report = null;
  let error: string | null = null;
  if (query.success) {
    try {
      report = await getResourcesReport(user, study.id, query.data);
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "invalid") throw e;
      error = e.message;
    }
  }
  return (
    <ResourcesView
      study={study}
      sources={labelSetOptions(study)}
      query={query.success ? query.data : { a: search.a ?? "", b: search.b ?? "" }}
      report={report}
      error={error}
    />
  );
}
