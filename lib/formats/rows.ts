import type { CitationSupportLevel } from "@/lib/domain/citation-support/support-measures";
import type { PassageKind } from "@/lib/domain/passages/passage-kind";
import type { NuggetAssignment, NuggetImportance } from "@/lib/domain/nugget-scores/nugget-scores";

/** The rows the import formats produce. Ids are the benchmark's own (external) ids. */

export type QueryRow = {
  kind: "query";
  id: string;
  title: string;
  body: string;
  answer?: string;
  metadata: Record<string, unknown>;
  /** The version of the question's nugget list (a study bundle carries it; other files leave it alone). */
  nuggetVersion?: number;
};

export type DocumentRow = {
  kind: "document";
  id: string;
  title: string;
  text: string;
  /** How it is shown, when the file says (a study bundle); otherwise the import's setting, or the study's. */
  display?: PassageKind | null;
  repo?: string;
  path?: string;
  metadata: Record<string, unknown>;
};

/** A FreshStack question: the query, its nuggets, and the LLM's support judgments per nugget. */
export type NuggetedQueryRow = {
  kind: "nuggeted-query";
  query: QueryRow;
  nuggets: { id: string; text: string; supportedBy: string[]; notSupportedBy: string[] }[];
};

/**
 * A question's graded nuggets (nuggetizer's nuggets file): each text with its TREC RAG importance.
 * A text the question has gets the importance; a new one is added after the question's nuggets.
 */
export type GradedNuggetsRow = {
  kind: "graded-nuggets";
  queryId: string;
  nuggets: { text: string; importance: NuggetImportance }[];
};

/**
 * One answer's nugget assignments (nuggetizer's assignments file): the run's answer to the
 * question, a label for each of the question's nuggets by text; the question's and answer's texts
 * when the file gives them.
 */
export type NuggetAssignmentsRow = {
  kind: "nugget-assignments";
  qid: string;
  runId: string;
  query: string | null;
  answerText: string | null;
  responseLength: number | null;
  nuggets: { text: string; importance: NuggetImportance; assignment: NuggetAssignment }[];
};

/** A judge's level of support of an answer sentence by a passage it cites (citation support JSONL). */
export type CitationSupportRow = {
  kind: "citation-support";
  runId: string;
  topicId: string;
  /** 0-based, as the answer's sentences are listed. */
  sentence: number;
  /** The cited segment's id. */
  citation: string;
  level: CitationSupportLevel;
  /** The judge the line names, if any (it must be the import's). */
  judge: string | null;
};

/** A judgment of a document for a query (TREC qrels), on the import's scale. */
export type QrelRow = { kind: "qrel"; queryId: string; docId: string; value: string };

/** A judgment of whether a document supports a nugget (nugget qrels). */
export type NuggetQrelRow = { kind: "nugget-qrel"; queryId: string; nuggetId: string; docId: string; value: string };

export type RunRow = { kind: "run"; system: string; queryId: string; docId: string; rank: number; score: number };

/** FeB4RAG: a fused LLM label of a document of one search engine for a request. */
export type EngineLabelRow = { kind: "engine-label"; engine: string; queryId: string; docId: string; value: string };

/** A side-by-side preference between two systems on each criterion ("a", "b" or "none"). */
export type PreferenceRow = {
  kind: "preference";
  queryId: string;
  systemA: string;
  systemB: string;
  choices: { criterion: string; value: "a" | "b" | "none" }[];
};

/** A request with two or more systems' responses and the passages they cite. */
export type PairwiseRow = {
  kind: "pairwise";
  query: QueryRow;
  responses: { system: string; text: string; citations: { marker: number; docId: string; text?: string }[] }[];
};

/**
 * A run's answer to a topic, as the TREC RAG track submits it: its sentences in order, each with
 * the indices of the references (segment ids) it cites; responseLength as the file gives it.
 */
export type RagAnswerRow = {
  kind: "rag-answer";
  runId: string;
  topicId: string;
  topic: string;
  references: string[];
  responseLength: number | null;
  sentences: { text: string; citations: number[] }[];
};

/** A request's group (the collection it came from, e.g. FeB4RAG's source dataset), merged into the query's metadata. */
export type QueryGroupRow = { kind: "query-group"; queryId: string; group: string };

/** A label named by its target: "<query or nugget id>" or "<query or nugget id>::<doc id>". */
export type CsvLabelRow = { kind: "csv-label"; item: string; judge: string; value: string };
