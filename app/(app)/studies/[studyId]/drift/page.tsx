import type { Metadata } from "next";
import { reportOrRefusal, reportPageContext } from "@/lib/server/http/report-page";
import { DriftView, type DriftChoice } from "@/components/drift/drift-view";
import { labelSetOptions } from "@/lib/domain/label-sets/registry";
import { driftQuerySchema } from "@/lib/schemas/drift";
import { getDriftReport } from "@/lib/server/drift/get-drift-report";
import { listSnapshotStudies } from "@/lib/server/drift/list-snapshot-studies";
import { getStudyHeader } from "@/lib/server/studies/get-study-header";

export const metadata: Metadata = { title: "Corpus drift" };

/**
 * ?snapshot=&a=&b=&source=&delimiter= compares this study with another snapshot of its benchmark.
 * Without ?snapshot= the study sharing most question ids is compared, so the page shows something
 * at first sight.
 */
export default async function DriftPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const { user, study, search } = await reportPageContext(params, searchParams);
  const snapshots = await listSnapshotStudies(user, study.id);
  const closest = snapshots[0]?.sharedQuestions ? snapshots[0] : undefined;
  const chosen = search.snapshot || (closest ? String(closest.id) : "");
  // empty choices (the form's "First LLM judge") mean the default
  const given = Object.fromEntries(Object.entries({ ...search, snapshot: chosen }).filter(([, v]) => v !== ""));
  const query = driftQuerySchema.safeParse(given);
  const { report, error } = await reportOrRefusal(
    chosen && query.success ? () => getDriftReport(user, study.id, query.data) : null,
  );
  const other = snapshots.find((s) => String(s.id) === chosen);
  const choice: DriftChoice = {
    snapshot: chosen,
    a: search.a ?? "",
    b: search.b ?? "",
    source: search.source === "prefix" ? "prefix" : "repository",
    delimiter: search.delimiter || "/",
  };
  return (
    <DriftView
      studyId={study.id}
      snapshots={snapshots}
      labelSets={{
        a: labelSetOptions(study),
        b: other ? labelSetOptions(await getStudyHeader(user, other.id)) : [],
      }}
      choice={choice}
      chosenFor={
        !search.snapshot && closest
          ? `snapshot B is ${closest.name}, the study that shares the most question ids with this one.`
          : null
      }
      report={report}
      error={error ?? (chosen && !query.success ? query.error.issues[0]!.message : null)}
    />
  );
}
