import type { Metadata } from "next";
import { reportOrRefusal, reportPageContext } from "@/lib/server/http/report-page";
import { AnnotatorQualityView } from "@/components/annotator-quality/annotator-quality-view";
import { choseNothing, defaultCampaign } from "@/lib/domain/report-defaults";
import { hasAnnotatorQuality } from "@/lib/domain/annotator-quality/quality-tasks";
import { annotatorQualityQuerySchema } from "@/lib/schemas/annotator-quality";
import { getAnnotatorQuality } from "@/lib/server/annotator-quality/get-annotator-quality";

export const metadata: Metadata = { title: "Annotator quality" };

/** ?campaign=N reports a campaign's annotators (researchers only, as every report page). */
export default async function AnnotatorQualityPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const { user, study, search: given } = await reportPageContext(params, searchParams);
  const campaigns = study.campaigns.filter((c) => hasAnnotatorQuality(c.taskType));
  const chosen = choseNothing(given, ["campaign"]) ? defaultCampaign(campaigns, "campaign") : null;
  const search = chosen ? { ...given, campaign: String(chosen.choice.campaign) } : given;
  const query = annotatorQualityQuerySchema.safeParse(search);
  const { report, error } = await reportOrRefusal(
    query.success ? () => getAnnotatorQuality(user, study.id, query.data.campaign) : null,
  );
  return (
    <AnnotatorQualityView
      study={study}
      campaigns={campaigns}
      chosen={query.success ? query.data.campaign : null}
      report={report}
      chosenFor={chosen?.why ?? null}
      error={error}
    />
  );
}
