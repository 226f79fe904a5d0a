import fs from "node:fs";
import { ppiMean } from "@/lib/domain/ppi/ppi-mean";
import { decimalAt } from "@/lib/formats/decimal";
import { describeLineError } from "@/lib/formats/parsed";
import { ppiCsvParser, type PpiRow } from "@/lib/formats/ppi-csv";
import { EncodingError, forEachLine } from "@/lib/formats/read-lines";
import { inputError, parseContractArgs, repeated } from "./contract-input";
import { FirstLines } from "./first-lines";
import { isDecimal } from "../numeric-options";
import { printLine, type CliIo } from "../io";

/**
 * The stable `ppi-mean` contract: the PPI++ mean of F.csv (`item,llm,human`) with its interval,
 * beside the humans alone and the LLM alone, as one JSON line; bad input exits 2 naming the line.
 */
export async function ppiMeanCommand(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    input: { type: "string" },
    confidence: { type: "string" },
    lambda: { type: "string" },
  });
  if (!values.input) throw inputError("--input is required");
  const confidenceText = values.confidence ?? "0.95";
  const confidence = isDecimal(confidenceText) ? Number(confidenceText) : NaN;
  if (!(confidence > 0 && confidence < 1)) throw inputError("--confidence must be a number between 0 and 1");
  const lambdaText = values.lambda ?? "auto";
  const lambda = lambdaText === "auto" ? "auto" : isDecimal(lambdaText) ? Number(lambdaText) : NaN;
  if (lambda !== "auto" && !(lambda >= 0 && lambda <= 1))
    throw inputError('--lambda must be "auto" or a number in [0, 1]');

  const file = values.input;
  const { y, yhat, yhatUnlabelled } = await readPpiFile(file);
  if (y.length === 0) throw inputError(`${file}: no row has a human value: PPI needs a labelled sample`);
  if (y.length === 1) throw inputError(`${file}: only one row has a human value: PPI needs at least two`);
  if (yhatUnlabelled.length === 0)
    throw inputError(
      `${file}: every row has a human value: nothing is left to correct, the humans' mean is the answer`,
    );
  const r = ppiMean({ y, yhat, yhatUnlabelled, confidence, lambda });
  printLine(
    io,
    JSON.stringify({
      estimate: r.estimate,
      low: r.low,
      high: r.high,
      lambda: r.lambda,
      labelled: r.labelled,
      unlabelled: r.unlabelled,
      classical: r.classical,
      llm_only: r.llmOnly,
    }),
  );
}

/** F.csv's values: Y and Ŷ of the rows with a human value, Ŷ of the others; a repeated item or a bad line is refused naming it. */
async function readPpiFile(file: string) {
  const y: number[] = [];
  const yhat: number[] = [];
  const yhatUnlabelled: number[] = [];
  const seen = new FirstLines();
  const add = (row: PpiRow, line: number) => {
    const first = seen.firstLine(row.item, line);
    if (first !== null) throw repeated(file, line, `"${row.item}"`, first, "item");
    if (row.human === null) yhatUnlabelled.push(row.llm);
    else {
      y.push(row.human);
      yhat.push(row.llm);
    }
  };
  if (!fs.existsSync(file)) throw inputError(`no such file: ${file}`);
  const parse = ppiCsvParser();
  let header: string | null = null;
  const viaParser = (text: string, line: number) => {
    const parsed = parse(text, line);
    if (!parsed) return;
    if ("error" in parsed) throw inputError(describeLineError(file, parsed.error));
    add(parsed.row, line);
  };
  try {
    await forEachLine(fs.createReadStream(file, { highWaterMark: 1 << 20 }), (text, line) => {
      if (header === null) {
        if (text.trim() !== "") header = text.trim().toLowerCase();
        viaParser(text, line);
        return;
      }
      // Fast path for the usual plain `item,llm,human` line of plain numbers; anything else goes through the parser.
      const a = text.indexOf(",");
      const b = a === -1 ? -1 : text.indexOf(",", a + 1);
      if (
        header !== "item,llm,human" ||
        a < 1 ||
        b === -1 ||
        text.indexOf(",", b + 1) !== -1 ||
        text.includes('"') ||
        !plainNumber(text, a + 1, b) ||
        (b + 1 < text.length && !plainNumber(text, b + 1, text.length))
      ) {
        viaParser(text, line);
        return;
      }
      const human = b + 1 === text.length ? null : decimalAt(text, b + 1, text.length);
      add({ item: text.slice(0, a), llm: decimalAt(text, a + 1, b), human }, line);
    });
  } catch (error) {
    if (error instanceof EncodingError) throw inputError(describeLineError(file, error.lineError));
    throw error;
  }
  return { y, yhat, yhatUnlabelled };
}

/** Whether text[from, to) is a plain decimal: an optional minus, digits, at most one point, a digit somewhere. */
function plainNumber(text: string, from: number, to: number): boolean {
  let digits = 0;
  let point = false;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) digits++;
    else if (code === 46 && !point) point = true;
    else if (!(code === 45 && i === from)) return false;
  }
  return digits > 0;
}
