import Link from "next/link";
import type { NuggetQualityReport } from "@/lib/domain/nugget-quality/build-nugget-quality-report";
import { count } from "@/components/ui/wording";
import { ReportPage } from "@/components/ui/report-page";
import { ChoiceField } from "@/components/reports/choice-field";
import { ReportControls } from "@/components/reports/report-controls";
import { NuggetQualityReportView } from "./nugget-quality-report";

type CampaignChoice = { id: number; name: string; items: number };

/** The nugget-quality page: which campaign (and support campaign for Table 5), an error if the choice failed, and the report. */
export function NuggetQualityView({
  study,
  campaigns,
  supportCampaigns,
  chosen,
  report,
  chosenFor,
  error,
}: {
  study: { id: number; name: string };
  campaigns: CampaignChoice[];
  supportCampaigns: CampaignChoice[];
  chosen: { campaign: number | null; support: number | null };
  report: NuggetQualityReport | null;
  /** Why the page chose what it shows, when the researcher chose nothing. */
  chosenFor: string | null;
  error: string | null;
}) {
  return (
    <ReportPage
      title="Nugget quality"
      description={
        <>
          How good are the LLM&apos;s nuggets? From the experts&apos; reviews (FreshStack section 5.2.1): precision (|N|
          − ΣB) / |N|, recall (|N| − ΣB) / (|N| − ΣB + C) and groundedness (|N| − ΣA) / |N|, where A marks a
          hallucinated nugget, B a minor or redundant one, and C counts the missing ones.
        </>
      }
      controls={
        <>
          {campaigns.length === 0 ? (
            <p className="mt-4 text-sm text-stone-600">
              This study has no nugget-quality campaign yet:{" "}
              <Link className="text-sky-700 hover:underline" href={`/studies/${study.id}/campaigns/new`}>
                create one
              </Link>{" "}
              (task “Nugget quality”).
            </p>
          ) : (
            <ReportControls label="Nugget-quality campaign" submit="Show the report">
              <ChoiceField
                label="Nugget-quality campaign"
                name="campaign"
                choices={campaigns.map((c) => ({ value: c.id, label: `${c.name} (${count(c.items, "question")})` }))}
                defaultValue={chosen.campaign}
                required
              />
              <ChoiceField
                label="Support campaign for the judgment side (optional)"
                name="support"
                choices={supportCampaigns.map((c) => ({ value: c.id, label: `${c.name} (${count(c.items, "item")})` }))}
                defaultValue={chosen.support}
                empty="None"
              />
            </ReportControls>
          )}
        </>
      }
      chosenFor={chosenFor}
      error={error}
    >
      {report && <NuggetQualityReportView studyId={study.id} support={chosen.support} report={report} />}
    </ReportPage>
  );
}
