import { csvLine } from "@/lib/formats/csv";
import type { AltTestReport } from "@/lib/domain/alt-test/build-alt-test-report";

type Cell = string | number | boolean | null;

/**
 * A campaign's Alternative Annotator Test as one CSV table,
 * `section,llm,annotator,items,value,p_value,won,passed,reason` (docs/DOMAIN.md, "Report CSVs"):
 * the test's settings (`option:<name>`), the annotators' agreement with each other
 * (`agreement:<statistic>`, items = units two or more labelled), then per LLM its `winning_rate`
 * (with `passed`, and `reason` when it has none) and `advantage_probability` (ρ), items being the
 * units compared, and an `annotator` row per annotator (ρ of that annotator, the p-value, won).
 */
export function altTestCsv(report: AltTestReport): string {
  const rows: Cell[][] = [["section", "llm", "annotator", "items", "value", "p_value", "won", "passed", "reason"]];
  const o = report.options;
  const options: [string, string | number][] = [
    ["scoring", o.scoring],
    ["epsilon", o.epsilon],
    ["q", o.q],
    ["min_humans_per_item", o.minHumansPerItem],
    ["min_items_per_human", o.minItemsPerHuman],
  ];
  for (const [name, value] of options) rows.push([`option:${name}`, null, null, null, value, null, null, null, null]);
  const a = report.agreement;
  const agreement = [
    ["pairwise-agreement", a.pairwiseAgreement],
    ["fleiss-kappa", a.fleissKappa],
    [`krippendorff-alpha-${a.alphaKind}`, a.alpha],
  ] as const;
  for (const [name, s] of agreement)
    rows.push([`agreement:${name}`, null, null, a.units, s.value, null, null, null, s.reason ?? null]);
  for (const llm of report.llms) {
    rows.push(["winning_rate", llm.judge, null, llm.compared, llm.winningRate, null, null, llm.passed, llm.reason]);
    rows.push([
      "advantage_probability",
      llm.judge,
      null,
      llm.compared,
      llm.advantageProbability,
      null,
      null,
      null,
      null,
    ]);
    for (const x of llm.annotators)
      rows.push(["annotator", llm.judge, x.annotator, x.items, x.advantageProbability, x.pValue, x.won, null, null]);
  }
  return `${rows.map((r) => csvLine(r.map((c) => (typeof c === "boolean" ? String(c) : c)))).join("\n")}\n`;
}
