import type { Metadata } from "next";
import { AgreementView } from "@/components/agreement/agreement-view";
import { CampaignAgreementView } from "@/components/campaign-agreement/campaign-agreement-view";
import { PairAgreementView } from "@/components/agreement/pair-agreement-view";
import { labelSetTitle } from "@/lib/domain/label-sets";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { campaignAgreementQuerySchema } from "@/lib/schemas/campaign-agreement";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { AppError } from "@/lib/server/errors";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { getCampaignAgreement } from "@/lib/server/campaign-agreement/get-campaign-agreement";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const metadata: Metadata = { title: "Agreement" };

/** ?a=&b=&group= compares two label sources; ?campaign= compares a campaign's annotators. */
export default async function AgreementPage({
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
  const pairQuery = agreementQuerySchema.safeParse(search);
  const campaignQuery = campaignAgreementQuerySchema.safeParse(search);
  let body = null;
  let error: string | null = null;
  try {
    if (campaignQuery.success) {
      body = (
        <CampaignAgreementView
          studyId={study.id}
          report={await orNotFound(getCampaignAgreement(user, study.id, campaignQuery.data.campaign))}
        />
      );
    } else if (pairQuery.success) {
      const report = await getAgreementReport(user, study.id, pairQuery.data);
      body = (
        <PairAgreementView
          studyId={study.id}
          report={report}
          titles={{ a: labelSetTitle(report.sources.a, study), b: labelSetTitle(report.sources.b, study) }}
        />
      );
    }
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== "invalid") throw e;
    error = e.message;
  }
  return (
    <AgreementView
      study={study}
      query={pairQuery.success ? pairQuery.data : { a: search.a ?? "", b: search.b ?? "", group: "none" }}
      campaignId={campaignQuery.success ? campaignQuery.data.campaign : null}
      error={error}
    >
      {body}
    </AgreementView>
  );
}
