/** What a study can be exported as, and in which formats. */
export const EXPORTS = {
  labels: ["trec-qrels", "nugget-qrels", "csv", "jsonl"],
  annotations: ["jsonl"],
  study: ["bundle"],
} as const;

export type ExportWhat = keyof typeof EXPORTS;
