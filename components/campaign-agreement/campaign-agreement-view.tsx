import Link from "next/link";
import type { CampaignAgreementReport } from "@/lib/domain/campaign-agreement/build-campaign-agreement-report";
import { CountHeatmap } from "../reports/count-heatmap";
import { bootstrapSentence, fixed, interval } from "../reports/format";
import { GroupChart } from "../reports/group-chart";
import { PositivesTable } from "../reports/positives-table";
import { StatisticsTable } from "../reports/statistics-table";
import { count } from "@/components/ui/wording";
import { DataTable } from "@/components/ui/data-table";
import { ReportExports } from "@/components/reports/report-exports";

const PHASES: Record<string, string> = {
  blind: "each annotator's blind label (before any reveal)",
  assisted: "each annotator's label, made with the LLM's label shown (assisted protocol)",
};

/** A campaign's annotators against each other and against the campaign's LLM. */
export function CampaignAgreementView({ studyId, report }: { studyId: number; report: CampaignAgreementReport }) {
  const exportUrl = (format: "csv" | "json") =>
    `/api/studies/${studyId}/reports/campaign-agreement?${new URLSearchParams({ campaign: String(report.campaign.id), format })}`;
  return (
    <div className="mt-6 space-y-8" data-testid="campaign-agreement-report">
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Annotators of {report.campaign.name}
        </h2>
        <p className="mt-1 text-sm text-stone-600" data-testid="report-summary">
          {count(report.annotators.length, "annotator")}, {count(report.labels, "label")}; {count(report.items, "item")}{" "}
          labelled by two or more
          {report.singlyLabelled > 0 && ` (${report.singlyLabelled.toLocaleString("en")} by one only, left out)`}, on{" "}
          {report.scaleName}. Compares {PHASES[report.campaign.phase] ?? report.campaign.phase}.{" "}
          {bootstrapSentence(report.bootstrap, "items", report.statistics.find((s) => s.withheld)?.withheld)}
        </p>
        <ReportExports className="mt-3" href={exportUrl} />
        <p className="mt-2 text-sm">
          <Link
            className="text-sky-700 hover:underline"
            href={`/studies/${studyId}/alt-test?campaign=${report.campaign.id}`}
          >
            Alternative Annotator Test: may an LLM replace these annotators?
          </Link>
        </p>
      </section>
      {report.labels === 0 ? (
        <p className="text-sm text-stone-600">Nobody has labelled an item of this campaign yet.</p>
      ) : (
        <CampaignAgreementBody report={report} />
      )}
    </div>
  );
}

function CampaignAgreementBody({ report }: { report: CampaignAgreementReport }) {
  return (
    <>
      <div className="grid gap-8 lg:grid-cols-2">
        <StatisticsTable statistics={report.statistics} />
        <CountHeatmap
          title="Coincidence matrix"
          testId="coincidence-matrix"
          matrix={report.coincidences}
          categories={report.categories}
          corner="value ↓ · paired value →"
          note="Pairs of labels of the same item, each item's pairs weighted 1 / (labels - 1), as Krippendorff's α counts them. Diagonal cells (bold) are agreements."
        />
      </div>
      <section aria-labelledby="pairs-heading">
        <h3 id="pairs-heading" className="mb-2 font-semibold">
          Each pair of annotators
        </h3>
        {report.pairs.length === 0 ? (
          <p className="text-sm text-stone-600">No two annotators have labelled the same item yet.</p>
        ) : (
          <DataTable
            label="Agreement between annotator pairs"
            minWidth="max-w-3xl"
            rows={report.pairs}
            rowKey={(p) => `${p.a}|${p.b}`}
            columns={[
              {
                header: "Annotators",
                cell: (p) => (
                  <>
                    {p.a} · {p.b}
                  </>
                ),
              },
              { header: "Items", numeric: true, cell: (p) => p.items },
              { header: "Agreement", numeric: true, className: "font-mono", cell: (p) => fixed(p.agreement) },
              {
                header: "Cohen's κ",
                numeric: true,
                className: "font-mono",
                title: (p) => p.kappa.reason,
                cell: (p) => fixed(p.kappa.value),
              },
              {
                header: "95% interval",
                numeric: true,
                className: "font-mono text-stone-600",
                cell: (p) => interval(p.kappa.low, p.kappa.high),
              },
            ]}
          />
        )}
      </section>
      {report.llm && report.llm.overall.items === 0 && (
        <p className="text-sm text-stone-600">{report.llm.judge} has not labelled the items labelled so far.</p>
      )}
      {report.llm && report.llm.overall.items > 0 && (
        <div>
          <p className="mb-2 text-sm text-stone-600">
            Against {report.llm.judge}, compared on {report.llm.comparedOn}: all annotators together κ{" "}
            {fixed(report.llm.overall.kappa.value)}{" "}
            {interval(report.llm.overall.kappa.low, report.llm.overall.kappa.high)} over {report.llm.overall.items}{" "}
            labels.
          </p>
          <GroupChart
            title={`Cohen's κ of each annotator with ${report.llm.judge}`}
            groupLabel="Annotator"
            tableLabel="Agreement of each annotator with the LLM"
            groups={report.llm.annotators.map((a) => ({ ...a, group: a.annotator }))}
            overall={report.llm.overall.kappa.value}
          />
        </div>
      )}
      {report.llm?.positives && <PositivesTable positives={report.llm.positives} ofAnnotators />}
    </>
  );
}
