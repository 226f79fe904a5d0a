import type { DriftReport } from "@/lib/domain/drift/build-drift-report";
import { Field, Select, TextInput } from "@/components/ui/field";
import { ReportPage } from "@/components/ui/report-page";
import { count } from "@/components/ui/wording";
import { ReportExports } from "@/components/reports/report-exports";
import { sourceColours } from "./source-bars";
import { GroundingSection, LeaderboardsSection, SourcesSection } from "./drift-sections";
import { Button } from "@/components/ui/button";

type Option = { value: string; label: string };
export type DriftChoice = {
  snapshot: string;
  a: string;
  b: string;
  source: "repository" | "prefix";
  delimiter: string;
};

/** Two snapshots of a benchmark: which to compare, and the drift study's three answers. */
export function DriftView({
  studyId,
  snapshots,
  labelSets,
  choice,
  chosenFor,
  report,
  error,
}: {
  studyId: number;
  /** The studies to compare with, most shared questions first. */
  snapshots: { id: number; name: string; sharedQuestions: number }[];
  /** The label sets of this study (A) and of the chosen snapshot (B). */
  labelSets: { a: Option[]; b: Option[] };
  choice: DriftChoice;
  /** Why the snapshot was chosen for the researcher, when they did not choose it. */
  chosenFor: string | null;
  report: DriftReport | null;
  error: string | null;
}) {
  const query = (format: "csv" | "json") =>
    `/api/studies/${studyId}/reports/drift?${new URLSearchParams({
      snapshot: choice.snapshot,
      ...(report ? { a: report.snapshots.a.labels, b: report.snapshots.b.labels } : {}),
      source: choice.source,
      delimiter: choice.delimiter,
      format,
    })}`;
  return (
    <ReportPage
      title="Corpus drift"
      description={
        <>
          Two snapshots of a benchmark, this study (A) and a later one (B), matched by question id, nugget id and run
          tag, as FreshStack&apos;s drift study compares its 2024 and 2025 corpora: are the questions still answerable,
          where did their supporting documents move, and do the systems keep their order?
        </>
      }
      controls={
        snapshots.length === 0 ? (
          <p className="mt-4 rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-600">
            No other study to compare with: import the later snapshot as a study of its own (the same question ids), and
            be a researcher of both.
          </p>
        ) : (
          <DriftForm snapshots={snapshots} labelSets={labelSets} choice={choice} />
        )
      }
      chosenFor={chosenFor}
      error={error}
    >
      {report && (
        <>
          <ReportExports className="mt-4" href={query} />
          <DriftReportView report={report} />
        </>
      )}
    </ReportPage>
  );
}

function DriftForm({
  snapshots,
  labelSets,
  choice,
}: {
  snapshots: { id: number; name: string; sharedQuestions: number }[];
  labelSets: { a: Option[]; b: Option[] };
  choice: DriftChoice;
}) {
  const labelOptions = (options: Option[]) => (
    <>
      <option value="">First LLM judge</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
  return (
    <form
      method="get"
      aria-label="Snapshots"
      className="mt-4 grid items-end gap-3 rounded-lg border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <Field label="Snapshot B (another study)" className="sm:col-span-2">
        <Select name="snapshot" defaultValue={choice.snapshot} required>
          {snapshots.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({count(s.sharedQuestions, "shared question")})
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Labels of A">
        <Select name="a" defaultValue={choice.a}>
          {labelOptions(labelSets.a)}
        </Select>
      </Field>
      <Field label="Labels of B">
        <Select name="b" defaultValue={choice.b}>
          {labelOptions(labelSets.b)}
        </Select>
      </Field>
      <Field label="Source of a document">
        <Select name="source" defaultValue={choice.source}>
          <option value="repository">Its repository</option>
          <option value="prefix">Its id up to…</option>
        </Select>
      </Field>
      <div className="flex items-end gap-2">
        <Field label="Delimiter" className="w-20">
          <TextInput name="delimiter" defaultValue={choice.delimiter} maxLength={8} required />
        </Field>
        <Button type="submit">Compare</Button>
      </div>
    </form>
  );
}

function DriftReportView({ report }: { report: DriftReport }) {
  const { snapshots, questions } = report;
  const colours = sourceColours(report.sources.bySource.map((s) => s.source));
  return (
    <div className="mt-6 space-y-10" data-testid="drift-report">
      <p className="text-sm text-stone-600" data-testid="drift-summary">
        A = {snapshots.a.name} ({snapshots.a.labels}), B = {snapshots.b.name} ({snapshots.b.labels}):{" "}
        {count(questions.matched, "question")} in both
        {questions.onlyA.length > 0 && `; only in A: ${questions.onlyA.join(", ")}`}
        {questions.onlyB.length > 0 && `; only in B: ${questions.onlyB.join(", ")}`}. Sources are each document&apos;s{" "}
        {report.source.by === "repository" ? "repository" : `id up to "${report.source.delimiter}"`}.
      </p>

      <GroundingSection report={report} />
      <SourcesSection report={report} colours={colours} />
      <LeaderboardsSection report={report} />
    </div>
  );
}
