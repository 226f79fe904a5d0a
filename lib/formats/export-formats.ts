/** What a study can be exported as, and in which formats. */
export const EXPORTS = {
  labels: [
    "trec-qrels",
    "nugget-qrels",
    "csv",
    "jsonl",
    "nuggetizer-assignments",
    "assignments-csv",
    "citation-support",
  ],
  annotations: ["jsonl"],
  nuggets: ["nuggetizer-nuggets"],
  study: ["bundle"],
} as const;

export type ExportWhat = keyof typeof EXPORTS;

/** The label kinds (target types) each label format holds: a judge without labels of the kind has nothing to export. */
export const LABEL_FORMAT_TARGETS: Record<(typeof EXPORTS.labels)[number], string[]> = {
  "trec-qrels": ["query_document"],
  "nugget-qrels": ["nugget_document"],
  csv: ["query_document", "nugget_document", "query", "nugget"],
  jsonl: ["query_document", "nugget_document", "query", "nugget", "system_pair", "nugget_answer"],
  "nuggetizer-assignments": ["nugget_answer"],
  "assignments-csv": ["nugget_answer"],
  "citation-support": ["sentence_citation"],
};

/** The label formats that hold one judge's or label set's labels (qrels, nuggetizer's assignments). */
export const ONE_JUDGE_LABEL_FORMATS: readonly string[] = [
  "trec-qrels",
  "nugget-qrels",
  "nuggetizer-assignments",
  "assignments-csv",
  "citation-support",
];
