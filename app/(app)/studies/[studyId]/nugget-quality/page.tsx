import type { Metadata } from "next";
import { reportOrRefusal, reportPageContext } from "@/lib/server/http/report-page";
import { NuggetQualityView } from "@/components/nugget-quality/nugget-quality-view";
import { choseNothing, defaultCampaign } from "@/lib/domain/report-defaults";
import { labelsPairs, TASK_TYPES } from "@/lib/domain/task-types/registry";
import { nuggetQualityQuerySchema } from "@/lib/schemas/nugget-quality";
import { getNuggetQualityReport } from "@/lib/server/nugget-quality/get-nugget-quality-report";

export const metadata: Metadata = { title: "Nugget quality" };

/** ?campaign=N[&support=M] reports a nugget-quality campaign (with a support campaign for FreshStack's Table 5). */
export default async function NuggetQualityPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const { user, study, search: given } = await reportPageContext(params, searchParams);
  const campaigns = study.campaigns.filter((c) => TASK_TYPES[c.taskType].report === "nugget-quality");
  const chosen = choseNothing(given, ["campaign"]) ? defaultCampaign(campaigns, "nugget review") : null;
  const search = chosen ? { ...given, campaign: String(chosen.choice.campaign) } : given;
  const query = nuggetQualityQuerySchema.safeParse(search);
  const { report, error } = await reportOrRefusal(
    query.success ? () => getNuggetQualityReport(user, study.id, query.data) : null,
  );
  return (
    <NuggetQualityView
      study={study}
      campaigns={campaigns}
      supportCampaigns={study.campaigns.filter((c) => labelsPairs(c.taskType))}
      chosen={{
        campaign: query.success ? query.data.campaign : null,
        support: query.success ? (query.data.support ?? null) : null,
      }}
      report={report}
      chosenFor={chosen?.why ?? null}
      error={error}
    />
  );
}
