import { csvLine } from "@/lib/formats/csv";
import type { NuggetQualityReport } from "@/lib/domain/nugget-quality/build-nugget-quality-report";

type Quality = NuggetQualityReport["overall"]["micro"];

/**
 * A nugget-quality report as one long CSV table: section,key,metric,value,low,high,count,withheld
 * (`withheld`: why an agreement statistic has no interval, too few items).
 */
export function nuggetQualityCsv(report: NuggetQualityReport): string {
  const rows: (string | number | null)[][] = [
    ["section", "key", "metric", "value", "low", "high", "count", "withheld"],
  ];
  const quality = (section: string, key: string, q: Quality) => {
    for (const metric of ["precision", "recall", "groundedness"] as const)
      rows.push([section, key, metric, q[metric].value, null, null, q.nuggets, null]);
  };
  quality("overall micro", "all", report.overall.micro);
  quality("overall macro", "all", report.overall.macro);
  for (const a of report.perAnnotator) {
    quality("annotator micro", a.annotator, a.micro);
    quality("annotator macro", a.annotator, a.macro);
  }
  for (const q of report.perQuestion) {
    quality("question", q.question, q.quality);
    for (const metric of ["hallucinated", "redundant", "missing"] as const)
      rows.push(["question", q.question, metric, q[metric], null, null, q.reviews, null]);
    rows.push(["question", q.question, "nugget list version", q.nuggetVersion, null, null, q.nuggets, null]);
  }
  for (const p of report.byPosition) {
    rows.push(["position", p.position, "precision", p.precision, null, null, p.nuggets, null]);
    rows.push(["position", p.position, "groundedness", p.groundedness, null, null, p.nuggets, null]);
  }
  for (const i of report.byImportance) {
    rows.push(["importance", i.importance, "precision", i.precision, null, null, i.nuggets, null]);
    rows.push(["importance", i.importance, "groundedness", i.groundedness, null, null, i.nuggets, null]);
  }
  rows.push(["overall", "all", "last nugget share of redundant", report.lastNuggetShare.value, null, null, null, null]);
  for (const mark of ["hallucinated", "redundant", "missing"] as const) {
    for (const s of report.agreement?.[mark] ?? [])
      rows.push([
        `agreement on ${mark}`,
        "all",
        s.metric,
        s.value,
        s.low,
        s.high,
        mark === "missing" ? report.agreement!.questions : report.agreement!.nuggets,
        s.withheld ?? null,
      ]);
  }
  for (const l of report.judgment?.levels ?? [])
    rows.push([
      `annotators over ${report.judgment!.llm} positives`,
      report.judgment!.campaign.name,
      l.level,
      l.share,
      null,
      null,
      l.count,
      null,
    ]);
  for (const m of report.missingNuggets)
    rows.push(["missing nugget", m.question, m.annotator, m.text, null, null, null, null]);
  return `${rows.map(csvLine).join("\n")}\n`;
}
