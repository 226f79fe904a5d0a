import type { Metadata } from "next";
import { ImpactView } from "@/components/impact/impact-view";
import { impactQuerySchema } from "@/lib/schemas/impact";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { AppError } from "@/lib/server/errors";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { labelSetOptions } from "@/lib/domain/label-sets";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const metadata: Metadata = { title: "Benchmark impact" };

/** ?a=&b= scores the study's runs under two label sets (judges, fused:x+y, corrected:x, campaign:N). */
export default async function ImpactPage({
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
  const sources = labelSetOptions(study);
  let report = null;
  let error: string | null = null;
  if (query.success) {
    try {
      report = await getImpactReport(user, study.id, query.data);
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "invalid") throw e;
      error = e.message;
    }
  }
  return (
    <ImpactView
      study={study}
      sources={sources}
      query={query.success ? query.data : { a: search.a ?? "", b: search.b ?? "" }}
      report={report}
      error={error}
    />
  );
}
