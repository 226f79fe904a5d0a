import Link from "next/link";
import type { CorrectedEstimates } from "@/lib/domain/corrected-estimates/corrected-estimates-report";
import type { CorrectedEstimatesQuery } from "@/lib/schemas/corrected-estimates";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import { fixed, interval } from "@/components/reports/format";
import { IntervalDots } from "@/components/reports/interval-dots";
import { ReportExports } from "@/components/reports/report-exports";
import { DataTable } from "@/components/ui/data-table";
import { Select } from "@/components/ui/field";
import { LabelSetSelect } from "@/components/reports/label-set-select";
import { ReportPage } from "@/components/ui/report-page";
import { count } from "@/components/ui/wording";
import { ReportControls } from "@/components/reports/report-controls";
import { ReportNeedsNote } from "@/components/reports/report-needs-note";
import type { ReportNeeds } from "@/lib/domain/report-needs";

type Quantity = CorrectedEstimates["quantities"][number];
type SetOption = { value: string; label: string };

/** An LLM's labels corrected by people's: the study's quantities three ways, and how many more labels buy what precision. */
export function CorrectedEstimatesView({
  studyId,
  llmSets,
  llmJudges,
  humanSets,
  query,
  report,
  titles,
  chosenFor,
  error,
  needs,
}: {
  studyId: number;
  /** The label sets' names in words ("Annotators of ... (majority)"). */
  titles: { llm: string; human: string } | null;
  llmSets: SetOption[];
  /** The LLM judges an ensemble can be made of. */
  llmJudges: string[];
  humanSets: SetOption[];
  /** The sets chosen now (null: none, or not a name) and the confidence. */
  query: { llm: LabelSetName | null; human: LabelSetName | null; confidence: CorrectedEstimatesQuery["confidence"] };
  report: CorrectedEstimates | null;
  /** Why the page chose what it shows, when the researcher chose nothing. */
  chosenFor: string | null;
  error: string | null;
  /** What the study lacks for the report, said in place of it. */
  needs: ReportNeeds | null;
}) {
  return (
    <ReportPage
      title="Corrected estimates"
      description={
        <>
          What is the true share of relevant (or supported) pairs, and how sure can you be? The LLM labelled every pair;
          people labelled a random sample. Prediction-powered inference (PPI++) combines both into an interval that is
          valid, as the people&apos;s alone, and narrower when the LLM predicts them well. It is valid only when the
          people&apos;s pairs were drawn uniformly at random.
        </>
      }
      controls={<CorrectionControls query={query} llmSets={llmSets} llmJudges={llmJudges} humanSets={humanSets} />}
      chosenFor={chosenFor}
      error={error}
      needs={needs && <ReportNeedsNote studyId={studyId} needs={needs} />}
    >
      {report && (
        <div className="mt-6 space-y-10" data-testid="corrected-estimates">
          <section aria-label="Summary" className="space-y-3">
            <p className="text-sm text-stone-600" data-testid="corrected-summary">
              {count(report.pairs, "pair")} labelled by {titles?.llm ?? report.llm}; {count(report.labelled, "pair")} of
              them by {titles?.human ?? report.human}. {Math.round(report.confidence * 100)}% intervals.
            </p>
            <SampleNote testId="sample-validity" what="The pairs' estimates" sample={report.sample} />
            <ReportExports
              href={(format) =>
                `/api/studies/${studyId}/reports/corrected-estimates?${new URLSearchParams({ llm: report.llm, human: report.human, confidence: String(report.confidence), format })}`
              }
            />
          </section>
          {report.quantities.map((q) => (
            <QuantityView
              key={q.id}
              studyId={studyId}
              kind={report.kind}
              quantity={q}
              uniform={report.sample.uniform}
            />
          ))}
          {report.runs && <RunsView runs={report.runs} />}
        </div>
      )}
    </ReportPage>
  );
}

function QuantityView({
  studyId,
  kind,
  quantity: q,
  uniform,
}: {
  studyId: number;
  kind: CorrectedEstimates["kind"];
  quantity: Quantity;
  /** Whether the people's labels are a uniform random sample (else they only inform the plan). */
  uniform: boolean;
}) {
  const rows = [
    { name: "LLM only", estimate: q.llmOnly, low: null, high: null, note: "biased where the LLM errs; no interval" },
    {
      name: "People only",
      estimate: q.people,
      low: q.classical?.low ?? null,
      high: q.classical?.high ?? null,
      note: q.withheld.people
        ? `interval withheld: ${q.withheld.people}`
        : `the ${q.labelled.toLocaleString("en")} labelled pairs`,
    },
    {
      name: "PPI",
      estimate: q.ppi?.estimate ?? null,
      low: q.ppi?.low ?? null,
      high: q.ppi?.high ?? null,
      note: q.ppi ? `λ = ${q.ppi.lambda.toFixed(3)}` : `withheld: ${q.withheld.ppi}`,
    },
  ];
  return (
    <section aria-labelledby={`quantity-${q.id}`} className="space-y-4" data-testid={`quantity-${q.id}`}>
      <h2 id={`quantity-${q.id}`} className="text-lg font-semibold">
        {q.label}
      </h2>
      <DataTable
        label={`${q.label}: three estimates`}
        minWidth="min-w-[36rem]"
        rows={rows}
        rowKey={(r) => r.name}
        rowProps={(r) => ({ "data-testid": `estimate-${r.name.split(" ")[0]!.toLowerCase()}` })}
        columns={[
          { header: "Estimator", cell: (r) => r.name },
          { header: "Estimate", numeric: true, className: "font-mono", cell: (r) => fixed(r.estimate, 4) },
          { header: "Interval", numeric: true, className: "font-mono", cell: (r) => interval(r.low, r.high) },
          {
            header: "Width",
            numeric: true,
            className: "font-mono",
            cell: (r) => (r.low === null || r.high === null ? "—" : (r.high - r.low).toFixed(4)),
          },
          { header: "", className: "text-stone-600", cell: (r) => r.note },
        ]}
      />
      <IntervalDots
        title="The three estimates"
        unit="estimates"
        zero={false}
        rows={rows.map((r) => ({ ...r, value: r.estimate }))}
      />
      {q.plan && <PlannerView studyId={studyId} kind={kind} quantity={q} plan={q.plan} uniform={uniform} />}
    </section>
  );
}

/** The GET form: the LLM's labels, the people's, and the confidence. */
function CorrectionControls({
  query,
  llmSets,
  llmJudges,
  humanSets,
}: {
  query: { llm: LabelSetName | null; human: LabelSetName | null; confidence: CorrectedEstimatesQuery["confidence"] };
  llmSets: SetOption[];
  llmJudges: string[];
  humanSets: SetOption[];
}) {
  return (
    <ReportControls label="Labels to correct" submit="Estimate" columns="sm:grid-cols-4">
      <LabelSetSelect label="LLM labels" name="llm" defaultValue={query.llm} sets={llmSets} models={llmJudges} />
      <LabelSetSelect label="People's labels" name="human" defaultValue={query.human} sets={humanSets} models={[]} />
      <label className="block text-sm font-medium">
        Confidence
        <Select name="confidence" defaultValue={String(query.confidence)} className="mt-1">
          {["0.9", "0.95", "0.99"].map((c) => (
            <option key={c} value={c}>
              {Number(c) * 100}%
            </option>
          ))}
        </Select>
      </label>
    </ReportControls>
  );
}

/** How many more human labels buy what half-width, each with a link to create that campaign, and the curve. */
function PlannerView({
  studyId,
  kind,
  quantity: q,
  plan,
  uniform,
}: {
  studyId: number;
  kind: CorrectedEstimates["kind"];
  quantity: Quantity;
  plan: NonNullable<Quantity["plan"]>;
  uniform: boolean;
}) {
  return (
    <div className="space-y-2" data-testid={`planner-${q.id}`}>
      <h3 className="font-semibold">More human labels</h3>
      <p className="text-sm text-stone-600">
        {uniform
          ? `With ${q.labelled.toLocaleString("en")} of ${q.pairs.toLocaleString("en")} pairs labelled the interval ${q.ppi ? "is" : "would be"} ±${plan.now.toFixed(4)}${q.ppi ? "" : " (withheld: see above)"}`
          : `The ${q.labelled.toLocaleString("en")} labelled pairs serve as a pilot only: a campaign of random pairs starts afresh`}{" "}
        (people&apos;s variance {plan.pilot.variance.toFixed(4)}, ρ² with the LLM {plan.pilot.rhoSquared.toFixed(3)}).
      </p>
      <DataTable
        label="Labels for a half-width"
        narrow
        rows={plan.targets}
        rowKey={(t) => t.halfWidth}
        columns={[
          { header: "For ±", numeric: true, className: "font-mono", cell: (t) => t.halfWidth.toFixed(2) },
          { header: "Labelled pairs", numeric: true, cell: (t) => (t.labels === null ? "out of reach" : t.labels) },
          { header: "More", numeric: true, cell: (t) => (t.more === null ? "—" : t.more) },
          {
            header: "",
            cell: (t) =>
              t.more ? (
                <Link
                  className="text-sky-800 hover:underline"
                  href={`/studies/${studyId}/campaigns/new?${new URLSearchParams({ pairs: String(t.more), task: kind })}`}
                >
                  Create a campaign of {t.more} random pairs
                </Link>
              ) : null,
          },
        ]}
      />
      <HalfWidthCurve curve={plan.curve} labelled={q.labelled} />
    </div>
  );
}

/** The half-width against the number of labelled pairs (log scale), the current sample marked. */
function HalfWidthCurve({ curve, labelled }: { curve: { n: number; halfWidth: number }[]; labelled: number }) {
  const [width, height, left, bottom] = [560, 180, 48, 24];
  const maxN = curve.at(-1)!.n;
  const maxH = Math.max(...curve.map((c) => c.halfWidth));
  const x = (n: number) => left + (Math.log(n / 2) / Math.log(maxN / 2 || 2)) * (width - left - 8);
  const y = (h: number) => 8 + (1 - h / maxH) * (height - bottom - 8);
  const path = curve.map((c, i) => `${i === 0 ? "M" : "L"}${x(c.n).toFixed(1)},${y(c.halfWidth).toFixed(1)}`).join(" ");
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="w-full max-w-xl text-xs"
      role="img"
      aria-label={`Half-width against labelled pairs: ±${maxH.toFixed(3)} at 2 pairs, ±${curve.at(-1)!.halfWidth.toFixed(3)} at ${maxN}`}
    >
      <path d={path} fill="none" stroke="#1c1917" strokeWidth={1.5} />
      {labelled >= 2 && labelled <= maxN && (
        <line x1={x(labelled)} x2={x(labelled)} y1={8} y2={height - bottom} stroke="#b91c1c" strokeDasharray="4 3" />
      )}
      <text x={left - 4} y={y(maxH) + 4} textAnchor="end" fill="#78716c">
        ±{maxH.toFixed(2)}
      </text>
      <text x={left - 4} y={height - bottom} textAnchor="end" fill="#78716c">
        0
      </text>
      {[2, Math.round(Math.sqrt(2 * maxN)), maxN].map((n, i) => (
        <text key={n} x={x(n)} y={height - 6} textAnchor={(["start", "middle", "end"] as const)[i]} fill="#78716c">
          {n.toLocaleString("en")}
        </text>
      ))}
    </svg>
  );
}

type Runs = NonNullable<CorrectedEstimates["runs"]>;

/** Whether a set of estimates may have a PPI interval: valid (green) or not, and why. */
function SampleNote({ testId, what, sample }: { testId: string; what: string; sample: CorrectedEstimates["sample"] }) {
  return (
    <p
      role="note"
      data-testid={testId}
      className={`rounded-md border px-3 py-2 text-sm ${sample.uniform ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-amber-200 bg-amber-50 text-amber-900"}`}
    >
      {what} {sample.uniform ? `are valid for PPI: ${sample.why}.` : `are not valid for PPI: ${sample.why}`}
    </p>
  );
}

/** Each run's metric three ways, ranked, and whether each system really beats the next one down. */
function RunsView({ runs }: { runs: Runs }) {
  const withInterval = (i: { low: number; high: number } | null) => (i ? interval(i.low, i.high) : "—");
  return (
    <section aria-labelledby="runs-heading" className="space-y-4" data-testid="corrected-runs">
      <h2 id="runs-heading" className="text-lg font-semibold">
        The runs: {runs.measure} corrected over questions
      </h2>
      <p className="text-sm text-stone-600">
        {runs.labelled} of {runs.questions} questions have their whole pool judged by people; each run&apos;s
        per-question {runs.measure} under the LLM&apos;s labels is corrected by its {runs.measure} under theirs.
      </p>
      <SampleNote testId="runs-sample-validity" what="The runs' estimates (over questions)" sample={runs.sample} />
      {(runs.withheld.people || runs.withheld.ppi) && (
        <div
          role="note"
          data-testid="runs-withheld"
          className="rounded-md border border-amber-200 bg-amber-50 py-2 pr-3 pl-7 text-sm text-amber-900"
        >
          <ul className="list-disc">
            {runs.withheld.people && (
              <li>People&apos;s intervals and the order&apos;s verdicts withheld: {runs.withheld.people}.</li>
            )}
            {runs.withheld.ppi && runs.withheld.ppi !== runs.withheld.people && runs.sample.uniform && (
              <li>PPI withheld: {runs.withheld.ppi}.</li>
            )}
          </ul>
        </div>
      )}
      <DataTable
        label={`Runs by ${runs.measure}, corrected`}
        minWidth="min-w-[40rem]"
        rows={runs.systems}
        rowKey={(r) => r.system}
        columns={[
          { header: "System", cell: (r) => r.system },
          { header: "LLM only", numeric: true, className: "font-mono", cell: (r) => fixed(r.llmOnly, 4) },
          { header: "People only", numeric: true, className: "font-mono", cell: (r) => fixed(r.people, 4) },
          {
            header: "People's interval",
            numeric: true,
            className: "font-mono",
            cell: (r) => withInterval(r.classical),
          },
          { header: "PPI", numeric: true, className: "font-mono", cell: (r) => fixed(r.ppi?.estimate ?? null, 4) },
          { header: "PPI interval", numeric: true, className: "font-mono", cell: (r) => withInterval(r.ppi) },
        ]}
      />
      {runs.adjacent.length > 0 && (
        <DataTable
          label="Adjacent systems: paired differences"
          minWidth="min-w-[40rem]"
          rows={runs.adjacent}
          rowKey={(r) => `${r.upper} ${r.lower}`}
          columns={[
            { header: "Above", cell: (r) => r.upper },
            { header: "Below", cell: (r) => r.lower },
            {
              header: "Difference",
              numeric: true,
              className: "font-mono",
              cell: (r) => fixed(r.ppi?.estimate ?? r.people, 4),
            },
            {
              header: "Interval",
              numeric: true,
              className: "font-mono",
              cell: (r) => withInterval(r.ppi ?? r.classical),
            },
            {
              header: "Order holds?",
              cell: (r) => (r.holds === null ? "withheld" : r.holds ? "yes: 0 is outside" : "not shown: 0 is inside"),
            },
          ]}
        />
      )}
    </section>
  );
}
