import { ALT_TEST_DEFAULTS, altTest, type AltTestScoring } from "@/lib/domain/alt-test/alt-test";
import { labelsCsvParser } from "@/lib/formats/csv";
import { describeLineError } from "@/lib/formats/parsed";
import { eachRow, inputError, parseContractArgs, repeated } from "./contract-input";
import { isDecimal } from "../numeric-options";
import { printLine, type CliIo } from "../io";

const SCORINGS: readonly AltTestScoring[] = ["accuracy", "neg-rmse"];

/**
 * The stable `alt-test` contract: the Alternative Annotator Test of each `--llm` judge of
 * LABELS.csv (`item,judge,label`) against every other judge as an annotator, as the authors'
 * `alt_test` computes it; one JSON line per `--llm`, in the order given. Bad input exits 2 naming
 * the line.
 */
export async function altTestCommand(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    input: { type: "string" },
    llm: { type: "string", multiple: true },
    epsilon: { type: "string" },
    scoring: { type: "string" },
    q: { type: "string" },
    "min-humans-per-item": { type: "string" },
    "min-items-per-human": { type: "string" },
  });
  if (!values.input) throw inputError("--input is required");
  const llms = values.llm ?? [];
  if (llms.length === 0) throw inputError("--llm JUDGE is required (once per LLM to test)");
  const scoring = values.scoring as AltTestScoring;
  if (!SCORINGS.includes(scoring)) throw inputError(`--scoring must be accuracy or neg-rmse`);
  const options = {
    ...ALT_TEST_DEFAULTS,
    scoring,
    epsilon: decimalOption("--epsilon", values.epsilon, (e) => e >= 0 && e <= 1, "a number in [0, 1]"),
    q:
      values.q === undefined
        ? ALT_TEST_DEFAULTS.q
        : decimalOption("--q", values.q, (q) => q > 0 && q < 1, "a number between 0 and 1"),
    minHumansPerItem: countOption(
      "--min-humans-per-item",
      values["min-humans-per-item"],
      ALT_TEST_DEFAULTS.minHumansPerItem,
      2,
    ),
    minItemsPerHuman: countOption(
      "--min-items-per-human",
      values["min-items-per-human"],
      ALT_TEST_DEFAULTS.minItemsPerHuman,
      1,
    ),
  };
  const judges = await readJudges(values.input, scoring);
  for (const llm of llms) if (!judges.has(llm)) throw inputError(`--llm: ${values.input} has no judge "${llm}"`);
  // every judge not named by --llm is an annotator, taken by name
  const humans = new Map(
    [...judges].filter(([judge]) => !llms.includes(judge)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  for (const llm of llms) {
    const result = altTest(judges.get(llm)!, humans, options);
    printLine(
      io,
      JSON.stringify({
        llm,
        winning_rate: result.winningRate,
        advantage_probability: result.advantageProbability,
        passed: result.passed,
        annotators: result.annotators.map((a) => ({
          annotator: a.annotator,
          items: a.items,
          p_value: Number.isNaN(a.pValue) ? null : a.pValue,
          advantage_probability: a.advantageProbability,
          won: a.won,
        })),
        ...(result.reason ? { reason: result.reason } : {}),
      }),
    );
  }
}

/** LABELS.csv's labels by judge and item, in the file's order: text for accuracy, numbers for negative RMSE. */
async function readJudges(file: string, scoring: AltTestScoring): Promise<Map<string, Map<string, string | number>>> {
  const judges = new Map<string, Map<string, string | number>>();
  const first = new Map<string, number>();
  await eachRow(file, labelsCsvParser(), (row, line) => {
    const key = JSON.stringify([row.item, row.judge]);
    const seen = first.get(key);
    if (seen !== undefined) throw repeated(file, line, `judge "${row.judge}" on item "${row.item}"`, seen, "item");
    first.set(key, line);
    if (scoring === "neg-rmse" && !isDecimal(row.value))
      throw inputError(
        describeLineError(file, {
          line,
          field: "label",
          message: `is not a number ("${row.value}"): neg-rmse compares numbers`,
        }),
      );
    const labels = judges.get(row.judge) ?? judges.set(row.judge, new Map()).get(row.judge)!;
    labels.set(row.item, scoring === "neg-rmse" ? Number(row.value) : row.value);
  });
  return judges;
}

function decimalOption(name: string, text: string | undefined, ok: (v: number) => boolean, what: string): number {
  if (text === undefined) throw inputError(`${name} is required`);
  const value = isDecimal(text) ? Number(text) : NaN;
  if (!ok(value)) throw inputError(`${name} must be ${what}, not "${text}"`);
  return value;
}

function countOption(name: string, text: string | undefined, fallback: number, least: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < least)
    throw inputError(`${name} must be a whole number of ${least} or more, not "${text}"`);
  return Number(text);
}
