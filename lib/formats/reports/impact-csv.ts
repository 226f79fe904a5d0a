import { csvLine } from "@/lib/formats/csv";
import type { ImpactReport } from "@/lib/domain/impact/build-impact-report";

/**
 * Every system's score on every measure under both label sets, one row each, then each measure's
 * Kendall's tau-b and Spearman's rho between the two rankings (system "τ-b" and "ρ"), then, for
 * nugget assignments and citation support, each answer's scores (metric "<measure>@<question>"),
 * and for citation support the sets' agreement on the pairs both judged (system "agreement":
 * pairs, agree, exact share with its interval's low and high, Cohen's κ, ordinal α, in column A):
 * Then the paired significance tests on the tested measure: per pair of runs (system "<a> | <b>")
 * the means over the tested questions (metric "mean_a:<measure>", "mean_b:<measure>") and each
 * p-value ("t_p", "t_p_holm", "randomization_p", "randomization_p_holm", each ":<measure>") under
 * each set. system,metric,<set a>,<set b> (empty: unscored, or no test).
 */
export function impactCsv(report: ImpactReport): string {
  const rows: (string | number | null)[][] = [["system", "metric", report.sets.a, report.sets.b]];
  for (const s of report.systems)
    for (const m of report.metrics) rows.push([s.name, m, s.scores[m]!.a, s.scores[m]!.b]);
  for (const m of report.metrics) {
    rows.push(["τ-b", m, report.kendallTauB[m] ?? null, null]);
    rows.push(["ρ", m, report.spearmanRho[m] ?? null, null]);
  }
  for (const answer of report.perAnswer ?? [])
    for (const m of report.metrics) rows.push([answer.system, `${m}@${answer.question}`, answer.a[m]!, answer.b[m]!]);
  const sig = report.significance;
  sig.pairs.a.forEach((pa, i) => {
    const pb = sig.pairs.b[i]!;
    const name = `${pa.a} | ${pa.b}`;
    const fields = ["meanA", "meanB", "tP", "tPHolm", "randomizationP", "randomizationPHolm"] as const;
    const labels = ["mean_a", "mean_b", "t_p", "t_p_holm", "randomization_p", "randomization_p_holm"];
    fields.forEach((f, k) => rows.push([name, `${labels[k]}:${sig.measure}`, pa[f], pb[f]]));
  });
  const g = report.citationAgreement;
  if (g)
    for (const [metric, value] of [
      ["pairs", g.pairs],
      ["agree", g.agree],
      ["exact share", g.share],
      ["exact share low", g.low],
      ["exact share high", g.high],
      ["cohen kappa", g.cohenKappa],
      ["krippendorff alpha (ordinal)", g.alpha],
    ] as const)
      rows.push(["agreement", metric, value, null]);
  return `${rows.map(csvLine).join("\n")}\n`;
}
