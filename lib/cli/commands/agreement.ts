import fs from "node:fs";
import { LabelTableBuilder, LabelTableError } from "@/lib/domain/agreement/label-table";
import { AGREEMENT_METRICS, computeMetric, type AgreementMetric } from "@/lib/domain/agreement/metrics";
import { labelsCsvParser } from "@/lib/formats/csv";
import { EncodingError, forEachLine } from "@/lib/formats/read-lines";
import { describeLineError } from "@/lib/formats/parsed";
import { inputError, parseContractArgs } from "./contract-input";

/** The stable `agreement` contract: one JSON object on stdout; any problem exits 2 with one line. */
export async function agreementCommand(args: string[]): Promise<void> {
  const values = parseContractArgs(args, {
    input: { type: "string" },
    metric: { type: "string" },
    order: { type: "string" },
  });
  if (!values.input) throw inputError("--input is required");
  if (!values.metric || !AGREEMENT_METRICS.includes(values.metric as AgreementMetric)) {
    throw inputError(`--metric must be one of ${AGREEMENT_METRICS.join(", ")}`);
  }
  if (!fs.existsSync(values.input)) throw inputError(`no such file: ${values.input}`);
  const order = values.order?.split(",").map((l) => l.trim());
  if (order && (order.some((l) => l === "") || new Set(order).size !== order.length))
    throw inputError("--order must list distinct labels separated by commas");

  const parse = labelsCsvParser();
  const builder = new LabelTableBuilder();
  const input = values.input;
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
    if (error instanceof EncodingError) throw inputError(describeLineError(values.input, error.lineError));
    throw error;
  }
  try {
    const table = builder.finish(order);
    const result = computeMetric(table, values.metric as AgreementMetric);
    if (result.value === null) console.error(`assay: ${values.metric} is undefined: ${result.reason}`);
    console.log(
      JSON.stringify({ metric: values.metric, value: result.value, items: result.items, judges: table.judges.length }),
    );
  } catch (error) {
    if (error instanceof LabelTableError) throw inputError(error.message);
    throw error;
  }
}
