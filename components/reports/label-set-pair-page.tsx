import type { ReactNode } from "react";
import type { LabelSetName, LabelSetStudy } from "@/lib/domain/label-sets/label-set";
import { labelSetTitle } from "@/lib/domain/label-sets/registry";
import type { ReportNeeds } from "@/lib/domain/report-needs";
import type { ImpactQuery } from "@/lib/schemas/impact";
import { ReportPage } from "@/components/ui/report-page";
import { LabelSetForm } from "./label-set-form";
import { ReportNeedsNote } from "./report-needs-note";

/** What a page that scores the study under two label sets is given (lib/server/http/report-page.ts, labelSetPairPage). */
export type LabelSetPairProps<R> = {
  /** The study, with its nugget sets' names (the first first). */
  study: { id: number; name: string; nuggetSets: readonly string[] } & LabelSetStudy;
  sets: { value: string; label: string }[];
  /** The LLM judges an ensemble can be made of. */
  models: string[];
  /** The sets chosen now (null: none, or not a name) and the report's own choices. */
  query: Partial<Omit<ImpactQuery, "a" | "b">> & { a: LabelSetName | null; b: LabelSetName | null };
  report: R | null;
  /** Why the page chose what it shows, when the researcher chose nothing. */
  chosenFor: string | null;
  error: string | null;
  /** What the study lacks for the report, said in place of it. */
  needs: ReportNeeds | null;
};

/**
 * The frame of a report that scores the study under two label sets (Impact, Resources): its title
 * and description, the form choosing sets A and B (with the report's own `choices`), and the
 * report drawn by `children` with the two sets' titles.
 */
export function LabelSetPairPage<R extends { sets: { a: string; b: string } }>({
  title,
  description,
  submit,
  choices,
  page,
  children,
}: {
  title: string;
  description: ReactNode;
  submit: string;
  choices?: ReactNode;
  page: LabelSetPairProps<R>;
  children: (report: R, titles: { a: string; b: string }) => ReactNode;
}) {
  const { study, report } = page;
  return (
    <ReportPage
      title={title}
      description={description}
      controls={
        <LabelSetForm sets={page.sets} models={page.models} query={page.query} submit={submit}>
          {choices}
        </LabelSetForm>
      }
      chosenFor={page.chosenFor}
      error={page.error}
      needs={page.needs && <ReportNeedsNote studyId={study.id} needs={page.needs} />}
    >
      {report &&
        page.query.a &&
        page.query.b &&
        children(report, { a: labelSetTitle(page.query.a, study), b: labelSetTitle(page.query.b, study) })}
    </ReportPage>
  );
}
