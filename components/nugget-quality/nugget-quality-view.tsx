import Link from "next/link";
import type { Statistic } from "@/lib/schemas/agreement";
import type { NuggetQualityReport } from "@/lib/schemas/nugget-quality";
import { AddNuggetButton } from "./add-nugget-button";
import { fixed, percent } from "../reports/format";
import { statisticColumns } from "../reports/statistics-table";
import { DataTable, type Column } from "@/components/ui/data-table";
import { count } from "@/components/ui/wording";
import { Select } from "@/components/ui/field";
import { ReportPage } from "@/components/ui/report-page";
import { ReportExports } from "@/components/reports/report-exports";
import { ReportControls } from "@/components/reports/report-controls";

type CampaignChoice = { id: number; name: string; items: number };
type Quality = NuggetQualityReport["overall"]["micro"];

const mono = "font-mono";
const QUALITY_METRICS = ["precision", "recall", "groundedness"] as const;
const QUALITY_HEADERS = { precision: "Precision", recall: "Recall", groundedness: "Groundedness" } as const;
const MARK_LABELS = {
  hallucinated: "A: hallucinated",
  redundant: "B: minor or redundant",
  missing: "C: missing (per question)",
} as const;

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
              <label className="block text-sm font-medium">
                Nugget-quality campaign
                <Select name="campaign" defaultValue={chosen.campaign ?? ""} className="mt-1" required>
                  <option value="">Choose…</option>
                  {campaigns.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({count(c.items, "question")})
                    </option>
                  ))}
                </Select>
              </label>
              <label className="block text-sm font-medium">
                Support campaign for the judgment side (optional)
                <Select name="support" defaultValue={chosen.support ?? ""} className="mt-1">
                  <option value="">None</option>
                  {supportCampaigns.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name} ({count(c.items, "item")})
                    </option>
                  ))}
                </Select>
              </label>
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

function NuggetQualityReportView({
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
  const levels = report.judgment?.levels ?? [];
  return (
    <div className="mt-6 space-y-8" data-testid="nugget-quality-report">
      <ReportExports href={exportHref} />
      <p className="text-sm text-stone-600" data-testid="nugget-quality-summary">
        {report.reviews} {report.reviews === 1 ? "review" : "reviews"} of {report.questions}{" "}
        {report.questions === 1 ? "question" : "questions"} by {report.perAnnotator.length}{" "}
        {report.perAnnotator.length === 1 ? "annotator" : "annotators"} in {report.campaign.name}.
      </p>
      {report.reviews === 0 ? (
        <p className="text-sm text-stone-600">No review has been submitted yet.</p>
      ) : (
        <>
          <section aria-labelledby="table5-heading">
            <h2 id="table5-heading" className="mb-1 text-lg font-semibold">
              Nugget and judgment quality
            </h2>
            <p className="mb-2 text-sm text-stone-600">
              In the shape of FreshStack&apos;s Table 5: nugget quality (macro, the mean over reviews) beside how
              experts labelled the pairs the LLM called positive
              {report.judgment
                ? ` (${report.judgment.campaign.name}, ${report.judgment.pairs} pairs)`
                : ` (${report.judgmentNote ?? "choose a support campaign above"})`}
              .
            </p>
            <DataTable
              label="Nugget and judgment quality"
              narrow
              rows={[report]}
              rowKey={() => "overall"}
              columns={[
                {
                  header: "Precision",
                  numeric: true,
                  className: mono,
                  cell: (r) => fixed(r.overall.macro.precision.value),
                },
                { header: "Recall", numeric: true, className: mono, cell: (r) => fixed(r.overall.macro.recall.value) },
                {
                  header: "Groundedness",
                  numeric: true,
                  className: mono,
                  cell: (r) => fixed(r.overall.macro.groundedness.value),
                },
                ...levels.map((l): Column<NuggetQualityReport> => ({
                  header: `LLM-positive judged ${l.level}`,
                  numeric: true,
                  className: mono,
                  cell: () => `${percent(l.share)} (${l.count})`,
                })),
              ]}
            />
          </section>
          <section aria-labelledby="overall-heading">
            <h2 id="overall-heading" className="mb-2 text-lg font-semibold">
              Overall and per annotator
            </h2>
            <DataTable
              label="Nugget quality overall and per annotator"
              narrow
              rows={[
                { who: "All annotators", reviews: report.reviews, ...report.overall, testId: "overall" },
                ...report.perAnnotator.map((a) => ({ who: a.annotator, ...a, testId: `annotator-${a.annotator}` })),
              ].flatMap((a) => (["micro", "macro"] as const).map((kind) => ({ ...a, kind, q: a[kind] })))}
              rowKey={(r) => `${r.testId}-${r.kind}`}
              rowProps={(r) => ({ "data-testid": `${r.testId}-${r.kind}` })}
              separator={(r) => r.kind === "micro"}
              columns={[
                { header: "Who", cell: (r) => (r.kind === "micro" ? r.who : "") },
                { header: "Averaging", className: "text-stone-600", cell: (r) => r.kind },
                {
                  header: "Reviews",
                  numeric: true,
                  className: mono,
                  cell: (r) => (r.kind === "micro" ? r.reviews : ""),
                },
                {
                  header: "Nuggets",
                  numeric: true,
                  className: mono,
                  cell: (r) => (r.kind === "micro" ? r.q.nuggets : ""),
                },
                ...QUALITY_METRICS.map((m): Column<{ q: Quality }> => ({
                  header: QUALITY_HEADERS[m],
                  numeric: true,
                  className: mono,
                  title: (r) => r.q[m].reason,
                  cell: (r) => fixed(r.q[m].value),
                })),
              ]}
            />
            <p className="mt-1 text-xs text-stone-500">
              Micro counts every nugget once over all reviews; macro is the mean of each review&apos;s value (one
              annotator&apos;s review of one question), over the reviews where it is defined.
            </p>
          </section>
          <section aria-labelledby="position-heading">
            <h2 id="position-heading" className="mb-1 text-lg font-semibold">
              By nugget position
            </h2>
            <p className="mb-2 text-sm text-stone-600" data-testid="last-nugget-share">
              {report.lastNuggetShare.value === null
                ? "No nugget is marked minor or redundant."
                : `${percent(report.lastNuggetShare.value)} of the nuggets marked minor or redundant are their question's last (FreshStack: about half).`}
            </p>
            <DataTable
              label="Nugget quality by position"
              narrow
              rows={report.byPosition}
              rowKey={(p) => p.position}
              columns={[
                { header: "Position", cell: (p) => p.position },
                { header: "Nuggets", numeric: true, className: mono, cell: (p) => p.nuggets },
                { header: "Precision", numeric: true, className: mono, cell: (p) => fixed(p.precision) },
                { header: "Groundedness", numeric: true, className: mono, cell: (p) => fixed(p.groundedness) },
              ]}
            />
          </section>
          {report.agreement && (
            <section aria-labelledby="review-agreement-heading">
              <h2 id="review-agreement-heading" className="mb-1 text-lg font-semibold">
                Agreement between annotators
              </h2>
              <p className="mb-2 text-sm text-stone-600">
                Over the {report.agreement.nuggets} nuggets of the {report.agreement.questions} questions reviewed by
                two or more annotators; 95% bootstrap intervals.
              </p>
              <DataTable
                label="Agreement between annotators on A, B and C"
                narrow
                rows={(["hallucinated", "redundant", "missing"] as const).flatMap((mark) =>
                  report.agreement![mark].map((statistic) => ({ mark, statistic })),
                )}
                rowKey={(r) => `${r.mark}-${r.statistic.metric}`}
                columns={[
                  { header: "Mark", cell: (r) => MARK_LABELS[r.mark] },
                  ...statisticColumns((r: { statistic: Statistic }) => r.statistic),
                ]}
              />
            </section>
          )}
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
                {
                  header: "Nuggets",
                  numeric: true,
                  className: mono,
                  cell: (q) => (
                    <span data-testid="nugget-list">
                      {q.nuggets}
                      {q.nuggetVersion !== null && (
                        <span className="block text-xs text-stone-500">
                          list v{q.nuggetVersion}
                          {q.currentNuggetVersion !== q.nuggetVersion ? ` (now v${q.currentNuggetVersion})` : ""}
                        </span>
                      )}
                    </span>
                  ),
                },
                { header: "Reviews", numeric: true, className: mono, cell: (q) => q.reviews },
                { header: "ΣA", numeric: true, className: mono, cell: (q) => q.hallucinated },
                { header: "ΣB", numeric: true, className: mono, cell: (q) => q.redundant },
                { header: "ΣC", numeric: true, className: mono, cell: (q) => q.missing },
                ...QUALITY_METRICS.map((m): Column<(typeof report.perQuestion)[number]> => ({
                  header: QUALITY_HEADERS[m],
                  numeric: true,
                  className: mono,
                  cell: (q) => fixed(q.quality[m].value),
                })),
              ]}
            />
            <p className="mt-1 text-xs text-stone-500">
              A question&apos;s values pool its reviewers: marks and C summed, the metrics from the sums. Every review
              covers the nugget list the campaign started with (its version is shown; &quot;now&quot; when nuggets were
              added to the question since).
            </p>
          </section>
          {report.missingNuggets.length > 0 && (
            <section aria-labelledby="missing-heading">
              <h2 id="missing-heading" className="mb-2 text-lg font-semibold">
                Missing nuggets written out
              </h2>
              <ul className="space-y-1 text-sm" aria-label="Missing nuggets">
                {report.missingNuggets.map((m, i) => (
                  <li key={i} className="flex flex-wrap items-baseline gap-2">
                    <span className="font-mono text-xs">{m.question}</span> {m.text}{" "}
                    <span className="text-xs text-stone-500">({m.annotator})</span>
                    {m.nugget ? (
                      <span className="text-xs text-emerald-700">nugget {m.nugget}</span>
                    ) : (
                      <AddNuggetButton studyId={studyId} question={m.question} text={m.text} />
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
