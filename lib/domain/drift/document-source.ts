/**
 * Where a document comes from, for the drift report's "where support moved": its repository (as
 * FreshStack's corpus names it: the first segment of "<repo>/<path>_<start>_<end>"), or for other
 * corpora the start of its id up to a delimiter ("msmarco_doc_00_123" by "_" is "msmarco").
 */
export type SourceRule = { by: "repository" } | { by: "prefix"; delimiter: string };

/** The source of a document without one: no repository and no delimiter in its id. */
export const NO_SOURCE = "(none)";

export function documentSource(document: { externalId: string; repo: string | null }, rule: SourceRule): string {
  if (rule.by === "repository" && document.repo) return document.repo;
  const delimiter = rule.by === "repository" ? "/" : rule.delimiter;
  const at = document.externalId.indexOf(delimiter);
  return at > 0 ? document.externalId.slice(0, at) : NO_SOURCE;
}
