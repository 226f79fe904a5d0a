import { majorityVote, type Response } from "@/lib/domain/aggregation/aggregate";
import { dawidSkene } from "@/lib/domain/aggregation/dawid-skene";
import { labelsCsvParser } from "@/lib/formats/csv";
import { printLine, type CliIo } from "../io";
import { eachRow, inputError, parseContractArgs, repeated } from "./contract-input";

const METHODS = ["dawid-skene", "majority"] as const;

/**
 * The stable `aggregate` contract: LABELS.csv (`item,judge,label`, as `agreement --input` reads it;
 * a judge labels an item once) aggregated per item by crowd-kit's DawidSkene (its defaults) or
 * MajorityVote. Prints one JSON line per item, sorted by item: `{"item", "label", "posteriors":
 * {"<label>": p}}` (majority: the vote shares), then for Dawid-Skene a last line
 * `{"judges": {"<judge>": {"confusion": {"<true>": {"<given>": p}}}}}`. Any problem exits 2 with one line.
 */
export async function aggregateCommand(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, { input: { type: "string" }, method: { type: "string" } });
  if (!values.input) throw inputError("--input is required");
  const method = values.method as (typeof METHODS)[number] | undefined;
  if (!method || !METHODS.includes(method))
    throw inputError(`--method must be one of ${METHODS.join(", ")}${values.method ? `, not "${values.method}"` : ""}`);
  const file = values.input;
  const responses: Response[] = [];
  const seen = new Map<string, number>();
  await eachRow(file, labelsCsvParser(), (row, line) => {
    const key = JSON.stringify([row.item, row.judge]);
    const first = seen.get(key);
    if (first !== undefined) throw repeated(file, line, `${row.judge}'s label of item ${row.item}`, first, "label");
    seen.set(key, line);
    responses.push({ item: row.item, judge: row.judge, label: row.value });
  });
  if (responses.length === 0) throw inputError(`${file} has no labels`);
  if (method === "majority") {
    for (const item of majorityVote(responses)) printLine(io, JSON.stringify(item));
    return;
  }
  const result = dawidSkene(responses);
  for (const item of result.items) printLine(io, JSON.stringify(item));
  printLine(
    io,
    JSON.stringify({
      judges: Object.fromEntries(Object.entries(result.judges).map(([judge, confusion]) => [judge, { confusion }])),
    }),
  );
}
