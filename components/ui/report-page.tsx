import type { ReactNode } from "react";
import { Alert } from "./alert";
import { PageHeader } from "./page-header";

/**
 * A report's page: its header, the controls that choose what to report (a form), why the choice
 * was refused if it was, then the report.
 */
export function ReportPage({
  back,
  title,
  description,
  controls,
  error,
  children,
}: {
  back?: { href: string; label: string };
  title: string;
  description: ReactNode;
  controls: ReactNode;
  error: string | null;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader back={back} title={title} description={description} />
      {controls}
      {error && (
        <Alert label="Report error" className="mt-6">
          {error}
        </Alert>
      )}
      {children}
    </>
  );
}
