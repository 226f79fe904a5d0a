// FeB4RAG: fused LLM labels (BEIR-QRELS-RM.txt) and human side-by-side preferences (selections.jsonl).
// Requests (requests.jsonl) are BEIR queries JSONL.
import { columns, jsonObject, stringField } from "./fields";
import { bad, ok, type Parsed, isFail } from "./parsed";
import type { EngineLabelRow, PreferenceRow, QueryGroupRow } from "./rows";

/** The order in which FeB4RAG's LABEL2RM.py wrote the engines' blocks. */
export const FEB4RAG_ENGINES = [
  "arguana",
  "scidocs",
  "scifact",
  "dbpedia-entity",
  "signal1m",
  "trec-news",
  "fever",
  "climate-fever",
  "nfcorpus",
  "fiqa",
  "trec-covid",
  "nq",
  "hotpotqa",
  "robust04",
  "msmarco",
  "webis-touche2020",
] as const;

/** 790 requests x 10 documents per engine in the released file. */
export const FEB4RAG_BLOCK_LINES = 7900;

/** FeB4RAG's four criteria, in the order of `chosen_sources`. */
export const FEB4RAG_CRITERIA = ["coverage", "consistency", "correctness", "clarity"] as const;

/**
 * `rid Q0 docid label` with no engine column: the engine is the line's block (blockLines lines per
 * engine, in FEB4RAG_ENGINES order). Document ids are only unique within an engine.
 */
export function feb4ragLabelParser(blockLines = FEB4RAG_BLOCK_LINES) {
  return (text: string, line: number): Parsed<EngineLabelRow> => {
    if (text.trim() === "") return null;
    const engine = FEB4RAG_ENGINES[Math.floor((line - 1) / blockLines)];
    if (!engine)
      return bad(line, `past the last engine's block (${FEB4RAG_ENGINES.length} blocks of ${blockLines} lines)`);
    const cols = columns(text, line, 4, "rid Q0 docid label");
    if (isFail(cols)) return cols;
    const [queryId, , docId, value] = cols as [string, string, string, string];
    return ok({ kind: "engine-label", engine, queryId, docId, value });
  };
}

const CHOICES = { "best-fed": "a", "naive-fed": "b", none: "none" } as const;

/** `{"qid", "chosen_sources": [4 x best-fed | naive-fed | none]}` in FEB4RAG_CRITERIA order. */
export function parseFeb4ragSelectionLine(text: string, line: number): Parsed<PreferenceRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const queryId = stringField(obj, "qid", line);
  if (isFail(queryId)) return queryId;
  const chosen = obj.chosen_sources;
  if (!Array.isArray(chosen) || chosen.length !== FEB4RAG_CRITERIA.length) {
    return bad(line, `expected an array of ${FEB4RAG_CRITERIA.length} choices`, "chosen_sources");
  }
  const choices: PreferenceRow["choices"] = [];
  for (const [i, choice] of chosen.entries()) {
    const value = typeof choice === "string" ? CHOICES[choice as keyof typeof CHOICES] : undefined;
    if (!value)
      return bad(line, `expected best-fed, naive-fed or none, got ${JSON.stringify(choice)}`, `chosen_sources[${i}]`);
    choices.push({ criterion: FEB4RAG_CRITERIA[i]!, value });
  }
  return ok({ kind: "preference", queryId, systemA: "best-fed", systemB: "naive-fed", choices });
}

/** `rid TAB source TAB source id` (rid_mapping.tsv): the collection each request was drawn from, its group in reports. */
export function parseFeb4ragRequestSourceLine(text: string, line: number): Parsed<QueryGroupRow> {
  if (text.trim() === "") return null;
  const cols = columns(text, line, 3, "rid source source_id");
  if (isFail(cols)) return cols;
  const [queryId, group] = cols as [string, string, string];
  return ok({ kind: "query-group", queryId, group });
}
