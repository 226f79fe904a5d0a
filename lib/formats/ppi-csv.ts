// The `ppi-mean` input: CSV `item,llm,human`, the LLM's value of every item and the human value of
// the labelled ones (empty for the others).
import { headedCsvParser } from "./csv";
import { bad, ok, type Parsed } from "./parsed";

export type PpiRow = { item: string; llm: number; human: number | null };

const COLUMNS = ["item", "llm", "human"] as const;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A parser of the file's lines, the header first; null for the header and blank lines. */
export function ppiCsvParser() {
  return headedCsvParser(COLUMNS, ({ item, llm, human }, line): Parsed<PpiRow> => {
    if (item === "") return bad(line, "is empty", "item");
    if (!NUMBER.test(llm)) return bad(line, `expected a number, got "${llm}"`, "llm");
    if (human !== "" && !NUMBER.test(human)) return bad(line, `expected a number or nothing, got "${human}"`, "human");
    return ok({ item, llm: Number(llm), human: human === "" ? null : Number(human) });
  });
}
