import type { ReactNode } from "react";
import { Alert } from "./alert";
import { PageHeader } from "./page-header";

/**
 * A report's page: its header, the controls that choose what to report (a form), what was chosen
 * for the researcher when they chose nothing (report-defaults.ts), why the choice was refused if
 * it was, then what the study lacks for the report (`needs`, in place of it) or the report.
 */
export function ReportPage({
  back,
  title,
  description,
  controls,
  chosenFor = null,
  error,
  needs = null,
  children,
}: {
  back?: { href: string; label: string };
  title: string;
  description: ReactNode;
  controls: ReactNode;
  /** Why the report shows what it shows, when the page chose it (the researcher chose nothing yet). */
  chosenFor?: string | null;
  error: string | null;
  /** What the study's data lacks for this report (ReportNeedsNote): said in place of the report. */
  needs?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader back={back} title={title} description={description} />
      {controls}
      {chosenFor && (
        <p role="note" data-testid="chosen-for-you" className="mt-2 text-sm text-stone-600">
          Chosen for you: {chosenFor} Choose others above.
        </p>
      )}
      {error && (
        <Alert label="Report error" className="mt-6">
          {error}
        </Alert>
      )}
      {needs ?? children}
    </>
  );
}
