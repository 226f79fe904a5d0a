import Link from "next/link";
import type { AnnotatorQualityReport } from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { count } from "@/components/ui/wording";
import { ReportPage } from "@/components/ui/report-page";
import { ChoiceField } from "@/components/reports/choice-field";
import { ReportControls } from "@/components/reports/report-controls";
import { AnnotatorQualityReportView } from "./annotator-quality-report";

type CampaignChoice = { id: number; name: string; items: number };

/** The annotator quality page: which campaign, an error if the choice failed, and the report. */
export function AnnotatorQualityView({
  study,
  campaigns,
  chosen,
  report,
  chosenFor,
  error,
}: {
  study: { id: number; name: string };
  campaigns: CampaignChoice[];
  chosen: number | null;
  report: AnnotatorQualityReport | null;
  /** Why the page chose what it shows, when the researcher chose nothing. */
  chosenFor: string | null;
  error: string | null;
}) {
  return (
    <ReportPage
      title="Annotator quality"
      description={
        <>
          Who was careful? Each annotator&apos;s speed, skips, level shares, drift and longest run of one level; their
          accuracy on gold items (known answers mixed into the work), their agreement with the adjudicated labels, the
          LLM and each other; and their confusion as Dawid and Skene&apos;s model estimates it. Only the study&apos;s
          researchers see these figures.
        </>
      }
      controls={
        campaigns.length === 0 ? (
          <p className="mt-4 text-sm text-stone-600">
            This study has no support, relevance, citation-support or nugget-assignment campaign yet:{" "}
            <Link className="text-sky-700 hover:underline" href={`/studies/${study.id}/campaigns/new`}>
              create one
            </Link>
            .
          </p>
        ) : (
          <ReportControls label="Campaign" submit="Show the report">
            <ChoiceField
              label="Campaign"
              name="campaign"
              choices={campaigns.map((c) => ({ value: c.id, label: `${c.name} (${count(c.items, "item")})` }))}
              defaultValue={chosen}
              required
            />
          </ReportControls>
        )
      }
      chosenFor={chosenFor}
      error={error}
    >
      {report && <AnnotatorQualityReportView studyId={study.id} report={report} />}
    </ReportPage>
  );
}
