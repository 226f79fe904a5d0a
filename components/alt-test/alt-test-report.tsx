import type { AltTestLlm, AltTestReport } from "@/lib/domain/alt-test/build-alt-test-report";
import type { Statistic } from "@/lib/domain/agreement/statistic";
import { fixed, percent } from "@/components/reports/format";
import { ReportExports } from "@/components/reports/report-exports";
import { DataTable } from "@/components/ui/data-table";
import { count } from "@/components/ui/wording";
import { RhoChart } from "./rho-chart";

const UNITS = {
  item: ["item", "items"],
  nugget: ["nugget of an answer", "nuggets of answers"],
  choice: ["criterion of a comparison", "criteria of comparisons"],
} as const;
const units = (n: number, unit: AltTestReport["unit"]) => count(n, UNITS[unit][0], UNITS[unit][1]);
const SCORINGS = {
  accuracy: "accuracy (labels equal)",
  "neg-rmse": "negative RMSE over the levels' positions",
} as const;

/** A p-value as scipy prints it to a reader: small ones in exponent form, a missing one as a dash. */
const pValue = (p: number | null) => (p === null ? "—" : p === 0 ? "0" : p < 0.001 ? p.toExponential(2) : p.toFixed(4));
const statistic = (s: Statistic) => (s.value === null ? "—" : fixed(s.value));

/** A campaign's Alternative Annotator Test: the summary, each LLM's result and ρ, each annotator's row, and the annotators' agreement. */
export function AltTestReportView({ studyId, report }: { studyId: number; report: AltTestReport }) {
  const o = report.options;
  const exportUrl = (format: "csv" | "json") =>
    `/api/studies/${studyId}/reports/alt-test?${new URLSearchParams({
      campaign: String(report.campaign.id),
      epsilon: String(o.epsilon),
      scoring: o.scoring,
      q: String(o.q),
      minHumansPerItem: String(o.minHumansPerItem),
      minItemsPerHuman: String(o.minItemsPerHuman),
      format,
    })}`;
  return (
    <div className="mt-6 space-y-8" data-testid="alt-test-report">
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Can an LLM replace the annotators of {report.campaign.name}?
        </h2>
        <p className="mt-1 text-sm text-stone-600" data-testid="report-summary">
          {count(report.annotators.length, "annotator")}; {units(report.sharedUnits, report.unit)} labelled by{" "}
          {o.minHumansPerItem} or more (gold items left out), each annotator&apos;s first, independent label. Scoring:{" "}
          {SCORINGS[o.scoring]}; ε = {o.epsilon}; Benjamini-Yekutieli at q = {o.q}; annotators with at least{" "}
          {o.minItemsPerHuman} items compared.
        </p>
        <ReportExports className="mt-3" href={exportUrl} />
      </section>
      {report.needs && (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          role="note"
          data-testid="alt-test-needs"
        >
          {report.needs.charAt(0).toUpperCase()}
          {report.needs.slice(1)}.
        </p>
      )}
      {report.llms.length > 0 && report.otherScales.length > 0 && (
        <p className="text-sm text-stone-600">
          Not compared, their labels being on another scale than the campaign&apos;s: {report.otherScales.join("; ")}.
        </p>
      )}
      {report.llms.length > 0 && <LlmTable report={report} />}
      <RhoChart llms={report.llms} />
      {report.llms.map((l) => l.annotators.length > 0 && <AnnotatorTable key={l.judge} llm={l} />)}
      <AgreementTable report={report} />
    </div>
  );
}

function LlmTable({ report }: { report: AltTestReport }) {
  return (
    <section aria-labelledby="llms-heading">
      <h3 id="llms-heading" className="mb-2 font-semibold">
        Each LLM against the annotators
      </h3>
      <DataTable
        label="LLM results"
        stackOnPhone
        minWidth="min-w-[40rem] max-w-4xl"
        rows={report.llms}
        rowKey={(l) => l.judge}
        rowProps={(l) => ({ "data-testid": `llm-${l.judge}` })}
        columns={[
          { header: "LLM", cell: (l) => (l.campaignLlm ? `${l.judge} (the campaign's)` : l.judge) },
          { header: "Items compared", numeric: true, cell: (l) => l.compared.toLocaleString("en") },
          {
            header: "Winning rate",
            numeric: true,
            className: "font-mono",
            cell: (l) =>
              l.winningRate === null
                ? "—"
                : `${l.annotators.filter((a) => a.won).length} of ${l.annotators.length} (${percent(l.winningRate)})`,
          },
          { header: "ρ", numeric: true, className: "font-mono", cell: (l) => fixed(l.advantageProbability) },
          {
            header: `Passed at ε = ${report.options.epsilon}`,
            cell: (l) =>
              l.winningRate === null ? (
                <span className="text-stone-600">no result: {l.reason}</span>
              ) : l.passed ? (
                <span className="font-medium text-emerald-800">yes</span>
              ) : (
                <span className="font-medium text-red-800">no</span>
              ),
          },
        ]}
      />
    </section>
  );
}

function AnnotatorTable({ llm }: { llm: AltTestLlm }) {
  return (
    <section aria-label={`${llm.judge} against each annotator`}>
      <h3 className="mb-2 font-semibold">{llm.judge} against each annotator left out</h3>
      <DataTable
        label={`${llm.judge} per annotator`}
        stackOnPhone
        minWidth="min-w-[36rem] max-w-3xl"
        rows={llm.annotators}
        rowKey={(a) => a.annotator}
        columns={[
          { header: "Annotator", className: "break-all", cell: (a) => a.annotator },
          { header: "Items", numeric: true, cell: (a) => a.items },
          { header: "p-value", numeric: true, className: "font-mono", cell: (a) => pValue(a.pValue) },
          { header: "ρ", numeric: true, className: "font-mono", cell: (a) => fixed(a.advantageProbability) },
          { header: "LLM wins", cell: (a) => (a.won ? "yes" : "no") },
        ]}
      />
    </section>
  );
}

function AgreementTable({ report }: { report: AltTestReport }) {
  const a = report.agreement;
  const rows = [
    { name: "Pairwise agreement", s: a.pairwiseAgreement },
    { name: "Fleiss' κ", s: a.fleissKappa },
    { name: `Krippendorff's α (${a.alphaKind})`, s: a.alpha },
  ];
  return (
    <section aria-labelledby="agreement-heading">
      <h3 id="agreement-heading" className="mb-1 font-semibold">
        The annotators with each other
      </h3>
      <p className="mb-2 text-sm text-stone-600">
        Report it beside the test: an LLM that beats annotators who rarely agree says less than one that beats
        annotators who do. Over {units(a.units, report.unit)} labelled by two or more.
      </p>
      <DataTable
        label="Agreement between annotators"
        narrow
        rows={rows}
        rowKey={(r) => r.name}
        columns={[
          { header: "Statistic", cell: (r) => r.name },
          {
            header: "Value",
            numeric: true,
            className: "font-mono",
            cell: (r) => statistic(r.s),
            title: (r) => r.s.reason,
          },
        ]}
      />
    </section>
  );
}
