import type { NuggetQualityReport } from "@/lib/domain/nugget-quality/build-nugget-quality-report";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import { bootstrapSentence, fixed } from "../reports/format";
import { statisticColumns, type NamedStatistic } from "../reports/statistics-table";
import { DataTable, type Column } from "@/components/ui/data-table";
import { AddNuggetButton } from "./add-nugget-button";
import { QUALITY_HEADERS, QUALITY_METRICS } from "./quality-sections";

const mono = "font-mono";
const MARK_LABELS = {
  hallucinated: "A: hallucinated",
  redundant: "B: minor or redundant",
  missing: "C: missing (per question)",
} as const;

type QuestionRow = NuggetQualityReport["perQuestion"][number];

/** " On C, none here (5 items: ...)." when the statistics' intervals are withheld; else nothing. */
function withheldOn(marks: string, statistics: readonly NamedStatistic[]): string {
  const withheld = statistics.find((s) => s.withheld)?.withheld;
  return withheld ? ` On ${marks}, none here (${withheld}).` : "";
}

/** Agreement between annotators on each mark, over the questions two or more reviewed. */
export function ReviewAgreementSection({ agreement }: { agreement: NonNullable<NuggetQualityReport["agreement"]> }) {
  return (
    <section aria-labelledby="review-agreement-heading">
      <h2 id="review-agreement-heading" className="mb-1 text-lg font-semibold">
        Agreement between annotators
      </h2>
      <p className="mb-2 text-sm text-stone-600">
        Over the {agreement.nuggets} nuggets (A and B) and the {agreement.questions} questions (C) reviewed by two or
        more annotators. {bootstrapSentence(REPORT_BOOTSTRAP, "items")}
        {withheldOn("A and B", agreement.hallucinated)}
        {withheldOn("C", agreement.missing)}
      </p>
      <DataTable
        label="Agreement between annotators on A, B and C"
        narrow
        rows={(["hallucinated", "redundant", "missing"] as const).flatMap((mark) =>
          agreement[mark].map((statistic) => ({ mark, statistic })),
        )}
        rowKey={(r) => `${r.mark}-${r.statistic.metric}`}
        columns={[
          { header: "Mark", cell: (r) => MARK_LABELS[r.mark] },
          ...statisticColumns((r: { statistic: NamedStatistic }) => r.statistic),
        ]}
      />
    </section>
  );
}

/** Each question's pooled marks and metrics, with the version of the nugget list its reviews covered. */
export function PerQuestionSection({ report }: { report: NuggetQualityReport }) {
  return (
    <section aria-labelledby="questions-heading">
      <h2 id="questions-heading" className="mb-2 text-lg font-semibold">
        Per question
      </h2>
      <DataTable
        label="Nugget quality per question"
        rows={report.perQuestion}
        rowKey={(q) => q.question}
        rowProps={(q) => ({ "data-testid": `question-${q.question}` })}
        columns={[
          {
            header: "Question",
            className: "max-w-sm",
            cell: (q) => (
              <>
                <span className="font-mono text-xs">{q.question}</span>{" "}
                <span className="text-stone-600">{q.title}</span>
              </>
            ),
          },
          { header: "Nuggets", numeric: true, className: mono, cell: (q) => <NuggetList question={q} /> },
          { header: "Reviews", numeric: true, className: mono, cell: (q) => q.reviews },
          { header: "ΣA", numeric: true, className: mono, cell: (q) => q.hallucinated },
          { header: "ΣB", numeric: true, className: mono, cell: (q) => q.redundant },
          { header: "ΣC", numeric: true, className: mono, cell: (q) => q.missing },
          ...QUALITY_METRICS.map((m): Column<QuestionRow> => ({
            header: QUALITY_HEADERS[m],
            numeric: true,
            className: mono,
            cell: (q) => fixed(q.quality[m].value),
          })),
        ]}
      />
      <p className="mt-1 text-xs text-stone-500">
        A question&apos;s values pool its reviewers: marks and C summed, the metrics from the sums. Every review covers
        the nugget list the campaign started with (its version is shown; &quot;now&quot; when nuggets were added to the
        question since).
      </p>
    </section>
  );
}

function NuggetList({ question: q }: { question: QuestionRow }) {
  return (
    <span data-testid="nugget-list">
      {q.nuggets}
      {q.nuggetVersion !== null && (
        <span className="block text-xs text-stone-500">
          list v{q.nuggetVersion}
          {q.currentNuggetVersion !== q.nuggetVersion ? ` (now v${q.currentNuggetVersion})` : ""}
        </span>
      )}
    </span>
  );
}

/** The nuggets annotators wrote as missing, each with a button to add it to its question (or the nugget it became). */
export function MissingNuggetsSection({
  studyId,
  missing,
  nuggetSet,
}: {
  studyId: number;
  missing: NuggetQualityReport["missingNuggets"];
  /** The nugget set the campaign reviews: a missing nugget joins its question's list there. */
  nuggetSet: string | null;
}) {
  return (
    <section aria-labelledby="missing-heading">
      <h2 id="missing-heading" className="mb-2 text-lg font-semibold">
        Missing nuggets written out
      </h2>
      <ul className="space-y-1 text-sm" aria-label="Missing nuggets">
        {missing.map((m, i) => (
          <li key={i} className="flex flex-wrap items-baseline gap-2">
            <span className="font-mono text-xs">{m.question}</span> {m.text}{" "}
            <span className="text-xs text-stone-500">({m.annotator})</span>
            {m.nugget ? (
              <span className="text-xs text-emerald-700">nugget {m.nugget}</span>
            ) : (
              <AddNuggetButton studyId={studyId} question={m.question} text={m.text} nuggetSet={nuggetSet} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
