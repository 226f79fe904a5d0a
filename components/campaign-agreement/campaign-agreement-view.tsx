import type { CampaignAgreementReport } from "@/lib/schemas/campaign-agreement";
import { CountHeatmap } from "../reports/count-heatmap";
import { fixed, interval } from "../reports/format";
import { GroupChart } from "../reports/group-chart";
import { PositivesTable } from "../reports/positives-table";
import { StatisticsTable } from "../reports/statistics-table";
import { ScrollX } from "@/components/ui/scroll-x";
import { count } from "@/components/ui/wording";

const PHASES: Record<string, string> = {
  blind: "each annotator's blind label (before any reveal)",
  assisted: "each annotator's label, made with the LLM's label shown (assisted protocol)",
};

/** A campaign's annotators against each other and against the campaign's LLM. */
export function CampaignAgreementView({ studyId, report }: { studyId: number; report: CampaignAgreementReport }) {
  const exportUrl = (format: "csv" | "json") =>
    `/api/studies/${studyId}/reports/campaign-agreement?${new URLSearchParams({ campaign: String(report.campaign.id), format })}`;
  const button = "rounded-md border border-stone-300 bg-white px-3 py-1.5 hover:bg-stone-100";
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
          {report.scaleName}. Compares {PHASES[report.campaign.phase] ?? report.campaign.phase}. 95% intervals from{" "}
          {report.bootstrap.resamples} bootstrap resamples of the items (seed {report.bootstrap.seed}).
        </p>
        <div className="mt-3 flex gap-2 text-sm">
          <a className={button} href={exportUrl("csv")} download>
            Export CSV
          </a>
          <a className={button} href={exportUrl("json")} download>
            Export JSON
          </a>
        </div>
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
          <ScrollX>
            <table className="w-full max-w-3xl text-sm" aria-label="Agreement between annotator pairs">
              <thead className="text-left text-stone-500">
                <tr>
                  <th className="py-1 font-medium">Annotators</th>
                  <th className="py-1 text-right font-medium">Items</th>
                  <th className="py-1 text-right font-medium">Agreement</th>
                  <th className="py-1 text-right font-medium">Cohen&apos;s κ</th>
                  <th className="py-1 text-right font-medium">95% interval</th>
                </tr>
              </thead>
              <tbody>
                {report.pairs.map((p) => (
                  <tr key={`${p.a}|${p.b}`} className="border-t border-stone-200">
                    <td className="py-1">
                      {p.a} · {p.b}
                    </td>
                    <td className="py-1 text-right tabular-nums">{p.items}</td>
                    <td className="py-1 text-right font-mono tabular-nums">{fixed(p.agreement)}</td>
                    <td className="py-1 text-right font-mono tabular-nums" title={p.kappa.reason}>
                      {fixed(p.kappa.value)}
                    </td>
                    <td className="py-1 text-right font-mono tabular-nums text-stone-600">
                      {interval(p.kappa.low, p.kappa.high)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
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
