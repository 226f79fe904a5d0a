import type { Metadata } from "next";
import { AgreementView } from "@/components/reports/agreement-view";
import { agreementQuerySchema } from "@/lib/schemas/reports";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { AppError } from "@/lib/server/errors";
import { getAgreementReport } from "@/lib/server/reports/get-agreement-report";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const metadata: Metadata = { title: "Agreement" };

export default async function AgreementPage({ params, searchParams }: { params: Promise<{ studyId: string }>; searchParams: Promise<Record<string, string>> }) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyOverview(user, studyId));
  const search = await searchParams;
  const query = agreementQuerySchema.safeParse(search);
  let report = null;
  let error: string | null = null;
  if (query.success) {
    try {
      report = await getAgreementReport(user, study.id, query.data);
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "invalid") throw e;
      error = e.message;
    }
  }
  return <AgreementView study={study} query={query.success ? query.data : { a: search.a ?? "", b: search.b ?? "", group: "none" }} report={report} error={error} />;
}
