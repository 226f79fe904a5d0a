import { csvLine } from "@/lib/formats/csv";
import type { AnnotatorQualityReport } from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import type { ReferenceAgreement } from "@/lib/domain/annotator-quality/annotator-figures";

const agreement = (r: ReferenceAgreement | null) =>
  r
    ? [
        r.items,
        r.accuracy,
        r.interval?.low ?? null,
        r.interval?.high ?? null,
        r.kappa.value,
        r.kappa.low,
        r.kappa.high,
        r.kappa.withheld ?? null,
      ]
    : Array<null>(8).fill(null);

/**
 * A campaign's annotator quality as one row per annotator (docs/DOMAIN.md, "Report CSVs"): their
 * figures, each level's share of their labels, their agreement with the gold items, the adjudicated
 * levels and the LLM (items, accuracy and its Wilson 95% interval, kappa and its bootstrap 95% interval,
 * `kappa_withheld` saying why that interval is empty when too few items allow none), and Cohen's kappa with each other
 * annotator (`kappa_with:<annotator>`); a last row `everyone` holds everyone's level shares.
 * Each annotator's Dawid-Skene confusion is in the JSON answer.
 */
export function annotatorQualityCsv(report: AnnotatorQualityReport): string {
  const levels = report.scale.levels.map((l) => l.value);
  const names = report.annotators.map((a) => a.annotator);
  const references = ["gold", "adjudicated", "llm"].flatMap((r) =>
    ["items", "accuracy", "low", "high", "kappa", "kappa_low", "kappa_high", "kappa_withheld"].map((c) => `${r}_${c}`),
  );
  const header = [
    "annotator",
    "labels",
    "skips",
    "median_seconds",
    "p90_seconds",
    "drift",
    "longest_run_level",
    "longest_run",
    ...levels.map((l) => `share:${l}`),
    ...references,
    ...names.map((n) => `kappa_with:${n}`),
  ];
  const kappa = (a: string, b: string) =>
    report.pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))?.kappa.value ?? null;
  const rows = report.annotators.map((a) => [
    a.annotator,
    a.labels,
    a.skips,
    a.medianSeconds,
    a.p90Seconds,
    a.drift,
    a.longestRun?.level ?? null,
    a.longestRun?.length ?? null,
    ...levels.map((l) => a.levels[l] ?? 0),
    ...agreement(a.gold),
    ...agreement(a.adjudicated),
    ...agreement(a.llm),
    ...names.map((n) => (n === a.annotator ? null : kappa(a.annotator, n))),
  ]);
  const everyone = [
    "everyone",
    report.labels,
    ...Array(6).fill(null),
    ...levels.map((l) => report.everyone[l] ?? 0),
    ...Array(references.length + names.length).fill(null),
  ];
  return `${[header, ...rows, everyone].map(csvLine).join("\n")}\n`;
}
