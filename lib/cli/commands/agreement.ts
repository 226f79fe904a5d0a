import fs from "node:fs";
import { againstReference } from "@/lib/domain/agreement/against-reference";
import { LabelTableBuilder, LabelTableError, type LabelTable } from "@/lib/domain/agreement/label-table";
import { AGREEMENT_METRICS, computeMetric, type AgreementMetric } from "@/lib/domain/agreement/metrics";
import { labelsCsvParser } from "@/lib/formats/csv";
import { EncodingError, forEachLine } from "@/lib/formats/read-lines";
import { describeLineError } from "@/lib/formats/parsed";
import { inputError, parseContractArgs } from "./contract-input";
import { printLine, printError, type CliIo } from "../io";

const metricOf = (id: string, option: string): AgreementMetric => {
  if (!AGREEMENT_METRICS.includes(id as AgreementMetric))
    throw inputError(`${option} must be one of ${AGREEMENT_METRICS.join(", ")}${id ? `, not "${id}"` : ""}`);
  return id as AgreementMetric;
};

/**
 * The stable `agreement` contract, in two forms; any problem exits 2 with one line.
 * - `--metric M`: one statistic over all judges, printed as one JSON object.
 * - `--reference J --metrics M1,M2 [--binarize t1,t2]`: every other judge against J, one JSON
 *   line per judge x metric x threshold (judge, then metric, then threshold; null first).
 */
export async function agreementCommand(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    input: { type: "string" },
    metric: { type: "string" },
    reference: { type: "string" },
    metrics: { type: "string" },
    binarize: { type: "string" },
    order: { type: "string" },
  });
  if (!values.input) throw inputError("--input is required");
  const perJudge = values.reference !== undefined;
  if (perJudge && values.metric !== undefined) throw inputError("--reference takes --metrics M1,M2,..., not --metric");
  if (!perJudge && (values.metrics !== undefined || values.binarize !== undefined))
    throw inputError("--metrics and --binarize go with --reference JUDGE");
  const metrics = perJudge
    ? (values.metrics ?? "").split(",").map((m) => metricOf(m.trim(), "--metrics"))
    : [metricOf(values.metric ?? "", "--metric")];
  const thresholds = (values.binarize ?? "")
    .split(",")
    .filter((t) => t.trim() !== "")
    .map((t) => {
      if (!/^-?\d+(\.\d+)?$/.test(t.trim()))
        throw inputError(`--binarize takes numbers separated by commas, not "${t}"`);
      return Number(t);
    });
  if (new Set(thresholds).size !== thresholds.length) throw inputError("--binarize lists a threshold twice");
  const order = values.order?.split(",").map((l) => l.trim());
  if (order && (order.some((l) => l === "") || new Set(order).size !== order.length))
    throw inputError("--order must list distinct labels separated by commas");

  try {
    const table = await readLabelTable(values.input, order);
    if (perJudge) {
      const rows = againstReference(table, values.reference!, metrics, thresholds);
      const lines = rows.map(({ reason, ...row }) => {
        if (reason)
          printError(
            io,
            `assay: ${row.judge} ${row.metric}${row.threshold === null ? "" : ` >=${row.threshold}`} is undefined: ${reason}`,
          );
        return JSON.stringify(row);
      });
      io.stdout.write(lines.length ? `${lines.join("\n")}\n` : "");
      return;
    }
    const result = computeMetric(table, metrics[0]!);
    if (result.value === null) printError(io, `assay: ${metrics[0]} is undefined: ${result.reason}`);
    printLine(
      io,
      JSON.stringify({ metric: metrics[0], value: result.value, items: result.items, judges: table.judges.length }),
    );
  } catch (error) {
    if (error instanceof LabelTableError) throw inputError(error.message);
    throw error;
  }
}

/** LABELS.csv (`item,judge,label`) as a coded label table; a bad line is an input error naming it. */
async function readLabelTable(input: string, order: string[] | undefined): Promise<LabelTable> {
  if (!fs.existsSync(input)) throw inputError(`no such file: ${input}`);
  const parse = labelsCsvParser();
  const builder = new LabelTableBuilder();
  let header: string | null = null;
  const viaParser = (text: string, line: number) => {
    const parsed = parse(text, line);
    if (!parsed) return;
    if ("error" in parsed) throw inputError(describeLineError(input, parsed.error));
    builder.add(parsed.row.item, parsed.row.judge, parsed.row.value, line);
  };
  try {
    await forEachLine(fs.createReadStream(input, { highWaterMark: 1 << 20 }), (text, line) => {
      if (header === null) {
        if (text.trim() === "") return;
        header = text.trim().toLowerCase();
        viaParser(text, line);
        return;
      }
      // Fast path for the usual plain `item,judge,label` line; anything else goes through the parser.
      const first = text.indexOf(",");
      const second = first === -1 ? -1 : text.indexOf(",", first + 1);
      if (
        header !== "item,judge,label" ||
        second === -1 ||
        text.includes('"') ||
        text.indexOf(",", second + 1) !== -1 ||
        text !== text.trim()
      ) {
        viaParser(text, line);
        return;
      }
      const item = text.slice(0, first);
      const judge = text.slice(first + 1, second);
      const label = text.slice(second + 1);
      if (item === "" || judge === "" || label === "") {
        viaParser(text, line);
        return;
      }
      builder.add(item, judge, label, line);
    });
  } catch (error) {
    if (error instanceof EncodingError) throw inputError(describeLineError(input, error.lineError));
    throw error;
  }
  return builder.finish(order);
}
