// The agreement metrics by name, over a coded label table (the CLI contract's metric names).
import { fleissKappa } from "./fleiss-kappa";
import { cohenKappa, percentAgreement, weightedKappa } from "./kappa";
import { krippendorffAlpha } from "./krippendorff-alpha";
import type { LabelTable } from "./label-table";
import { LabelTableError } from "./label-table";
import type { PairedCodes, Statistic } from "./statistic";
import type { StatisticName } from "./statistic-names";

export const AGREEMENT_METRICS = [
  "percent-agreement",
  "cohen-kappa",
  "weighted-kappa-linear",
  "weighted-kappa-quadratic",
  "krippendorff-alpha-nominal",
  "krippendorff-alpha-ordinal",
  "krippendorff-alpha-interval",
  "fleiss-kappa",
] as const satisfies readonly StatisticName[];
export type AgreementMetric = (typeof AGREEMENT_METRICS)[number];

export const NEEDS_ORDER: ReadonlySet<AgreementMetric> = new Set([
  "weighted-kappa-linear",
  "weighted-kappa-quadratic",
  "krippendorff-alpha-ordinal",
  "krippendorff-alpha-interval",
]);

export type MetricResult = Statistic & { items: number };

/** The items both judges labelled, as paired codes (judge 0 is A, judge 1 is B). */
export function pairedCodes(table: LabelTable): PairedCodes {
  const a = new Int32Array(table.items.length).fill(-1);
  const b = new Int32Array(table.items.length).fill(-1);
  for (let r = 0; r < table.item.length; r++) (table.judge[r] === 0 ? a : b)[table.item[r]!] = table.code[r]!;
  const both: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i]! >= 0 && b[i]! >= 0) both.push(i);
  return { a: both.map((i) => a[i]!), b: both.map((i) => b[i]!), categories: table.categories.length };
}

/** Computes `metric`; throws LabelTableError when the data do not fit it (judge counts, order). */
export function computeMetric(table: LabelTable, metric: AgreementMetric): MetricResult {
  if (NEEDS_ORDER.has(metric) && !table.ordered) {
    throw new LabelTableError(
      `${metric} needs ordered labels: the labels are not all numbers, so give --order L1,L2,...`,
    );
  }
  switch (metric) {
    case "percent-agreement":
    case "cohen-kappa":
    case "weighted-kappa-linear":
    case "weighted-kappa-quadratic": {
      if (table.judges.length !== 2)
        throw new LabelTableError(`${metric} compares exactly two judges; the input has ${table.judges.length}`);
      const pairs = pairedCodes(table);
      const result =
        metric === "percent-agreement"
          ? percentAgreement(pairs)
          : metric === "cohen-kappa"
            ? cohenKappa(pairs)
            : weightedKappa(pairs, metric === "weighted-kappa-linear" ? "linear" : "quadratic");
      return { ...result, items: pairs.a.length };
    }
    case "krippendorff-alpha-nominal":
    case "krippendorff-alpha-ordinal":
    case "krippendorff-alpha-interval": {
      const level =
        metric === "krippendorff-alpha-nominal"
          ? "nominal"
          : metric === "krippendorff-alpha-ordinal"
            ? "ordinal"
            : "interval";
      const data = {
        unit: table.item,
        code: table.code,
        units: table.items.length,
        categories: table.categories.length,
      };
      const perItem = new Int32Array(table.items.length);
      for (let r = 0; r < table.item.length; r++) perItem[table.item[r]!]!++;
      return { ...krippendorffAlpha(data, level, table.values), items: perItem.filter((m) => m >= 2).length };
    }
    case "fleiss-kappa": {
      const k = table.categories.length;
      const counts = Array.from({ length: table.items.length }, () => new Array<number>(k).fill(0));
      for (let r = 0; r < table.item.length; r++) counts[table.item[r]!]![table.code[r]!]!++;
      const first = counts[0]?.reduce((s, v) => s + v, 0);
      const uneven = counts.findIndex((row) => row.reduce((s, v) => s + v, 0) !== first);
      if (uneven !== -1) {
        throw new LabelTableError(
          `fleiss-kappa needs the same number of judges on every item: "${table.items[0]}" has ${first}, "${table.items[uneven]}" has ${counts[uneven]!.reduce((s, v) => s + v, 0)}`,
        );
      }
      return { ...fleissKappa(counts), items: counts.length };
    }
  }
}
