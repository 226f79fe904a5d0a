import type { Metadata } from "next";
import { queryRefusal, reportOrRefusal, reportPageContext } from "@/lib/server/http/report-page";
import { AgreementView } from "@/components/agreement/agreement-view";
import { CampaignAgreementView } from "@/components/campaign-agreement/campaign-agreement-view";
import { PairAgreementView } from "@/components/agreement/pair-agreement-view";
import { labelSetTitle } from "@/lib/domain/label-sets/registry";
import { choseNothing, defaultPair } from "@/lib/domain/report-defaults";
import { agreementNeeds } from "@/lib/domain/report-needs";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { chosenLabelSets } from "@/lib/schemas/label-set-name";
import { campaignAgreementQuerySchema } from "@/lib/schemas/campaign-agreement";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import { getCampaignAgreement } from "@/lib/server/campaign-agreement/get-campaign-agreement";
import { JudgeAgreementView } from "@/components/judge-agreement/judge-agreement-view";
import { judgeAgreementQuerySchema } from "@/lib/schemas/judge-agreement";
import { getJudgeAgreement } from "@/lib/server/judge-agreement/get-judge-agreement";

export const metadata: Metadata = { title: "Agreement" };

/**
 * ?a=&b=&group= compares two label sets; ?campaign= compares a campaign's annotators;
 * ?reference=&measure= compares every judge with one. Without a choice, the study's first LLM
 * judge against its human reference.
 */
export default async function AgreementPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const { user, study, search: given } = await reportPageContext(params, searchParams);
  // nothing chosen yet: the first LLM judge against the human reference (report-defaults.ts)
  const chosen = choseNothing(given, ["a", "b", "campaign", "reference"]) ? defaultPair(study, "agreement") : null;
  const search = chosen ? { ...given, ...chosen.choice } : given;
  const pairQuery = agreementQuerySchema.safeParse(search);
  const campaignQuery = campaignAgreementQuerySchema.safeParse(search);
  const referenceQuery = judgeAgreementQuerySchema.safeParse(search);
  // ?campaign= wins over ?reference=, which wins over ?a=&b=
  const campaign = await reportOrRefusal(
    campaignQuery.success ? () => getCampaignAgreement(user, study.id, campaignQuery.data.campaign) : null,
  );
  const judges = await reportOrRefusal(
    !campaignQuery.success && referenceQuery.success
      ? () => getJudgeAgreement(user, study.id, referenceQuery.data)
      : null,
  );
  const pair = await reportOrRefusal(
    !campaignQuery.success && !referenceQuery.success && pairQuery.success
      ? () => getAgreementReport(user, study.id, pairQuery.data)
      : null,
  );
  return (
    <AgreementView
      study={study}
      query={pairQuery.success ? pairQuery.data : { ...chosenLabelSets(search, ["a", "b"]), group: "none" }}
      campaignId={campaignQuery.success ? campaignQuery.data.campaign : null}
      reference={{
        name: search.reference ?? "",
        measure: referenceQuery.success ? referenceQuery.data.measure : "ndcg@10",
      }}
      chosenFor={chosen?.why ?? null}
      error={
        campaign.error ??
        judges.error ??
        pair.error ??
        (campaignQuery.success || referenceQuery.success ? null : queryRefusal(pairQuery, search, ["a", "b"]))
      }
      needs={campaign.report || judges.report || pair.report ? null : agreementNeeds(study)}
    >
      {campaign.report && <CampaignAgreementView studyId={study.id} report={campaign.report} />}
      {judges.report && <JudgeAgreementView studyId={study.id} report={judges.report} />}
      {pair.report && (
        <PairAgreementView
          studyId={study.id}
          report={pair.report}
          titles={{ a: labelSetTitle(pairQuery.data!.a, study), b: labelSetTitle(pairQuery.data!.b, study) }}
        />
      )}
    </AgreementView>
  );
}
