/** How label lines are written: TREC qrels, nugget qrels (ndeval's), CSV or JSON lines. */
export type LabelExportFormat = "trec-qrels" | "nugget-qrels" | "csv" | "jsonl";
