import { DataTable, type Column } from "@/components/ui/data-table";
import { fixed } from "./format";

/** How two label sets (or snapshots) order the same systems, per metric, as Impact and Drift report it. */
export type RankingAgreement = {
  metrics: readonly string[];
  kendallTauB: Record<string, number | null>;
  spearmanRho: Record<string, number | null>;
  swaps: Record<string, [string, string][]>;
};

/**
 * Kendall's τ-b and Spearman's ρ between the two orders of the systems, and the pairs that swap,
 * a row per metric. `undefinedWhy` titles a correlation that is undefined.
 */
export function RankingAgreementTable({
  label,
  testIdPrefix,
  agreement,
  undefinedWhy,
}: {
  label: string;
  testIdPrefix: string;
  agreement: RankingAgreement;
  undefinedWhy?: string;
}) {
  const why = (metric: string) => (agreement.kendallTauB[metric] === null ? undefinedWhy : undefined);
  return (
    <DataTable
      narrow
      label={label}
      rows={[...agreement.metrics]}
      rowKey={(m) => m}
      rowProps={(m) => ({ "data-testid": `${testIdPrefix}${m}` })}
      columns={[
        { header: "Metric", cell: (m) => m },
        {
          header: "Kendall's τ-b",
          numeric: true,
          className: "font-mono",
          cell: (m) => fixed(agreement.kendallTauB[m] ?? null),
          title: why,
        },
        {
          header: "Spearman's ρ",
          numeric: true,
          className: "font-mono",
          cell: (m) => fixed(agreement.spearmanRho[m] ?? null),
          title: why,
        },
        {
          header: "Systems that swap places",
          cell: (m) =>
            agreement.swaps[m]!.length === 0 ? "none" : agreement.swaps[m]!.map(([x, y]) => `${x} ↔ ${y}`).join(", "),
        },
      ]}
    />
  );
}

/** Each system's score on each metric under A and B, a column pair per metric. */
export function ScoresTable({
  label,
  metrics,
  systems,
}: {
  label: string;
  metrics: readonly string[];
  systems: readonly { name: string; scores: Record<string, { a: number | null; b: number | null }> }[];
}) {
  return (
    <DataTable
      narrow
      label={label}
      rows={[...systems]}
      rowKey={(s) => s.name}
      columns={[
        { header: "System", className: "font-mono text-xs", cell: (s) => s.name },
        ...metrics.flatMap((m) =>
          (["a", "b"] as const).map((side): Column<(typeof systems)[number]> => ({
            group: m,
            header: side.toUpperCase(),
            numeric: true,
            className: "font-mono",
            cell: (s) => fixed(s.scores[m]![side]),
          })),
        ),
      ]}
    />
  );
}
