// Every judge against one reference judge (LLMJudge's Tables 3 and 4): each statistic on the items
// both labelled, on the labels as they are and binarized at each threshold.
import { compareBytes } from "../runs/run-ranking";
import { computeMetric, type AgreementMetric } from "./metrics";
import { LabelTableError, type LabelTable } from "./label-table";

export type ReferenceRow = {
  judge: string;
  metric: AgreementMetric;
  /** null for the labels as they are; t for labels recoded to 1 when their value is >= t, else 0. */
  threshold: number | null;
  value: number | null;
  items: number;
  /** Why the value is undefined, when it is. */
  reason?: string;
};

/** The rows of the reference and one other judge on the items both labelled, as a two-judge table (reference first). */
function pairTable(table: LabelTable, reference: number, judge: number): LabelTable {
  const byItem = new Int32Array(table.items.length);
  for (let r = 0; r < table.item.length; r++) {
    if (table.judge[r] === reference) byItem[table.item[r]!]! |= 1;
    else if (table.judge[r] === judge) byItem[table.item[r]!]! |= 2;
  }
  const rows: number[] = [];
  for (let r = 0; r < table.item.length; r++)
    if ((table.judge[r] === reference || table.judge[r] === judge) && byItem[table.item[r]!] === 3) rows.push(r);
  return {
    ...table,
    item: Int32Array.from(rows, (r) => table.item[r]!),
    judge: Int32Array.from(rows, (r) => (table.judge[r] === reference ? 0 : 1)),
    code: Int32Array.from(rows, (r) => table.code[r]!),
    judges: [table.judges[reference]!, table.judges[judge]!],
  };
}

/** The table with each label recoded to 1 when its value is >= threshold, else 0. */
function binarizeTable(table: LabelTable, threshold: number): LabelTable {
  return {
    ...table,
    code: table.code.map((c) => (table.values[c]! >= threshold ? 1 : 0)),
    categories: ["0", "1"],
    values: [0, 1],
    ordered: true,
  };
}

/**
 * One row per other judge x metric x threshold, ordered by judge (byte order), then metric (as
 * given), then threshold (the labels as they are first, then ascending). Throws LabelTableError
 * when the reference is not a judge of the table or a metric does not fit the labels.
 */
export function againstReference(
  table: LabelTable,
  reference: string,
  metrics: readonly AgreementMetric[],
  thresholds: readonly number[],
): ReferenceRow[] {
  const ref = table.judges.indexOf(reference);
  if (ref === -1)
    throw new LabelTableError(`--reference "${reference}" is not a judge of the input (${table.judges.join(", ")})`);
  const levels = [null, ...[...thresholds].sort((a, b) => a - b)];
  const judges = table.judges.filter((_, j) => j !== ref).sort(compareBytes);
  return judges.flatMap((judge) => {
    const pair = pairTable(table, ref, table.judges.indexOf(judge));
    const tables = levels.map((t) => (t === null ? pair : binarizeTable(pair, t)));
    return metrics.flatMap((metric) =>
      levels.map((threshold, i) => {
        const result = computeMetric(tables[i]!, metric);
        const row: ReferenceRow = { judge, metric, threshold, value: result.value, items: result.items };
        if (result.value === null) row.reason = result.reason;
        return row;
      }),
    );
  });
}
