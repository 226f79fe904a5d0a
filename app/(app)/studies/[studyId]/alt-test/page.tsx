import type { Metadata } from "next";
import { reportOrRefusal, reportPageContext, queryRefusal } from "@/lib/server/http/report-page";
import { AltTestView } from "@/components/alt-test/alt-test-view";
import { altTestUnit } from "@/lib/domain/alt-test/build-alt-test-report";
import { choseNothing, defaultCampaign } from "@/lib/domain/report-defaults";
import { altTestQuerySchema } from "@/lib/schemas/alt-test";
import { getAltTest } from "@/lib/server/alt-test/get-alt-test";

export const metadata: Metadata = { title: "Alternative Annotator Test" };

const SETTINGS = ["epsilon", "scoring", "q", "minHumansPerItem", "minItemsPerHuman"] as const;

/** ?campaign=N&epsilon=… tests each LLM judge against a campaign's annotators (researchers only, as every report page). */
export default async function AltTestPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const { user, study, search: given } = await reportPageContext(params, searchParams);
  const campaigns = study.campaigns.filter((c) => altTestUnit(c.taskType) !== null && c.overlap >= 2);
  const chosen = choseNothing(given, ["campaign"])
    ? defaultCampaign(campaigns, "campaign with two or more annotators per item")
    : null;
  const search = chosen ? { ...given, campaign: String(chosen.choice.campaign) } : given;
  const query = altTestQuerySchema.safeParse(search);
  const { report, error } = await reportOrRefusal(
    query.success ? () => getAltTest(user, study.id, query.data.campaign, query.data) : null,
  );
  return (
    <AltTestView
      study={study}
      campaigns={campaigns}
      chosen={query.success ? query.data.campaign : Number(search.campaign) || null}
      choices={Object.fromEntries(SETTINGS.filter((k) => given[k] !== undefined).map((k) => [k, given[k]]))}
      report={report}
      chosenFor={chosen?.why ?? null}
      error={error ?? queryRefusal(query, search, ["campaign", ...SETTINGS])}
    />
  );
}
