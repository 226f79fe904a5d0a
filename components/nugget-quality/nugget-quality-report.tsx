import type { NuggetQualityReport } from "@/lib/domain/nugget-quality/build-nugget-quality-report";
import { SaveReviewedSet } from "./save-reviewed-set";
import { ReportExports } from "@/components/reports/report-exports";
import { count } from "@/components/ui/wording";
import { OverallSection, PositionSection, Table5Section } from "./quality-sections";
import { MissingNuggetsSection, PerQuestionSection, ReviewAgreementSection } from "./question-sections";

/** A nugget-quality campaign's report: its exports, a summary line, then one section per view of the reviews. */
export function NuggetQualityReportView({
  studyId,
  support,
  report,
}: {
  studyId: number;
  support: number | null;
  report: NuggetQualityReport;
}) {
  const exportHref = (format: string) =>
    `/api/studies/${studyId}/reports/nugget-quality?${new URLSearchParams({ campaign: String(report.campaign.id), ...(support ? { support: String(support) } : {}), format })}`;
  return (
    <div className="mt-6 space-y-8" data-testid="nugget-quality-report">
      <ReportExports href={exportHref} />
      <p className="text-sm text-stone-600" data-testid="nugget-quality-summary">
        {count(report.reviews, "review")} of {count(report.questions, "question")} by{" "}
        {count(report.perAnnotator.length, "annotator")} in {report.campaign.name}
        {report.campaign.nuggetSet ? `, of the nugget set ${report.campaign.nuggetSet}` : ""}.
      </p>
      {report.reviews === 0 ? (
        <p className="text-sm text-stone-600">No review has been submitted yet.</p>
      ) : (
        <>
          <Table5Section report={report} />
          <OverallSection report={report} />
          <PositionSection report={report} />
          {report.agreement && <ReviewAgreementSection agreement={report.agreement} />}
          <PerQuestionSection report={report} />
          {report.missingNuggets.length > 0 && (
            <MissingNuggetsSection
              studyId={studyId}
              missing={report.missingNuggets}
              nuggetSet={report.campaign.nuggetSet}
            />
          )}
          <SaveReviewedSet studyId={studyId} campaign={report.campaign} />
        </>
      )}
    </div>
  );
}
