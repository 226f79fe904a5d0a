// The import formats: how each file is parsed and which judge and scale its labels get.
import { parseCorpusJsonlLine, parseCorpusTsvLine, parseQueriesJsonlLine, parseQueriesTsvLine } from "./beir";
import { bundleParser } from "./bundle";
import { parseCitationSupportLine } from "./citation-support";
import { labelsCsvParser } from "./csv";
import {
  FEB4RAG_BLOCK_LINES,
  feb4ragLabelParser,
  parseFeb4ragRequestSourceLine,
  parseFeb4ragSelectionLine,
} from "./feb4rag";
import { parseFreshStackCorpusLine, parseFreshStackQueryLine } from "./freshstack";
import { parseGradedNuggetsLine, parseNuggetizerAssignmentsLine } from "./nuggetizer";
import { parsePairwiseLine } from "./pairwise";
import type { Parsed } from "./parsed";
import type { ImportRow } from "./import-row";
import { parseNuggetQrelLine, parseQrelLine, parseRunLine } from "./trec";
import { parseTrecRagAnswerLine } from "./trec-rag";

export type LineParser = (text: string, line: number) => Parsed<ImportRow>;
export type ParserOptions = { fileName: string; blockLines?: number };

/** How a format's labels are attributed: a judge (given or default) on a scale (given or fixed). */
export type LabelPolicy = {
  judge: "required" | { default: string };
  judgeKind: "model" | "human";
  scale: "required" | { fixed: string };
} | null;

export type ImportFormat = {
  id: string;
  label: string;
  description: string;
  createParser: (options: ParserOptions) => LineParser;
  labels: LabelPolicy;
  /**
   * What the import may create when the file names it but the study lacks (qrels-only studies), in
   * words ("queries and documents"), with the note the import page shows beside the choice.
   */
  createsMissing?: { what: string; note: string };
  /** Whether it brings passages' texts, whose display kind the import may set (code, prose, Markdown). */
  passages?: true;
  /** Whether it writes nuggets or matches them by text, in a nugget set the import may name (default the study's first). */
  nuggets?: true;
};

const byExtension =
  (jsonl: LineParser, tsv: LineParser) =>
  ({ fileName }: ParserOptions): LineParser =>
    /\.jsonl?$/i.test(fileName) ? jsonl : tsv;

export const IMPORT_FORMATS = [
  {
    id: "freshstack-corpus",
    label: "FreshStack corpus (JSONL)",
    description: "Chunks {_id, title, text, metadata}; repository and path come from the id.",
    createParser: () => parseFreshStackCorpusLine,
    labels: null,
    passages: true,
  },
  {
    id: "freshstack-queries",
    label: "FreshStack queries (JSONL)",
    description:
      "Questions with answers and nuggets; relevant_corpus_ids / non_relevant_corpus_ids become the LLM judge's support labels. Import the corpus first.",
    createParser: () => parseFreshStackQueryLine,
    labels: { judge: { default: "gpt-4o" }, judgeKind: "model", scale: { fixed: "binary" } },
    nuggets: true,
  },
  {
    id: "beir-corpus",
    label: "BEIR / NovelEval corpus (TSV or JSONL)",
    description: "corpus.tsv (id TAB text; the text may hold tabs) or corpus.jsonl {_id, title, text, metadata}.",
    createParser: byExtension(parseCorpusJsonlLine, parseCorpusTsvLine),
    labels: null,
    passages: true,
  },
  {
    id: "beir-queries",
    label: "BEIR / NovelEval queries (TSV or JSONL)",
    description: "queries.tsv (id TAB text) or queries.jsonl {_id, text}. Also FeB4RAG's requests.jsonl.",
    createParser: byExtension(parseQueriesJsonlLine, parseQueriesTsvLine),
    labels: null,
  },
  {
    id: "trec-qrels",
    label: "TREC qrels",
    description: "qid 0 docid rel: labels of a named judge on a named scale.",
    createParser: () => parseQrelLine,
    labels: { judge: "required", judgeKind: "model", scale: "required" },
    createsMissing: {
      what: "queries and documents",
      note: "For qrels or runs without texts: ids the study does not have become queries and documents with no text yet. Importing the queries or the corpus later fills them in.",
    },
  },
  {
    id: "nugget-qrels",
    label: "Nugget qrels",
    description: "qid nugget_id docid rel: support labels of a named judge (rel > 0: supported).",
    createParser: () => parseNuggetQrelLine,
    labels: { judge: "required", judgeKind: "model", scale: "required" },
  },
  {
    id: "nuggetizer-nuggets",
    label: "nuggetizer nuggets (JSONL)",
    description:
      "{qid, query, nuggets: [{text, importance: vital|okay}]} (TREC RAG): a question's nuggets by text get their importance; new texts are added. Import the questions first.",
    createParser: () => parseGradedNuggetsLine,
    labels: null,
    nuggets: true,
  },
  {
    id: "nuggetizer-assignments",
    label: "nuggetizer assignments (JSONL)",
    description:
      "{qid, run_id, nuggets: [{text, importance, assignment: support|partial_support|not_support}]} (TREC RAG): a judge's label for each nugget of each run's answer, matched to the question's nuggets by text. Import the answers and nuggets first, or create them from the file.",
    createParser: () => parseNuggetizerAssignmentsLine,
    labels: { judge: "required", judgeKind: "model", scale: { fixed: "nugget-assignment" } },
    createsMissing: {
      what: "questions, nuggets and answers",
      note: "A question the study lacks is made from the file's query, a question with no nuggets gets the first line's (with their importance), a missing answer is made from answer_text.",
    },
    nuggets: true,
  },
  {
    id: "citation-support",
    label: "Citation support labels (JSONL)",
    description:
      "{run_id, topic_id, sentence_index, citation, level: full_support|partial_support|no_support, judge} (TREC 2024 RAG): a judge's support of each answer sentence by a passage it cites. Import the answers first.",
    createParser: () => parseCitationSupportLine,
    labels: { judge: "required", judgeKind: "model", scale: { fixed: "citation-support" } },
  },
  {
    id: "trec-run",
    label: "TREC run",
    description: "qid Q0 docid rank score tag: ranked lists; each run tag is a system (a file may hold several).",
    createParser: () => parseRunLine,
    labels: null,
    createsMissing: {
      what: "queries and documents",
      note: "For qrels or runs without texts: ids the study does not have become queries and documents with no text yet. Importing the queries or the corpus later fills them in.",
    },
  },
  {
    id: "feb4rag-labels",
    label: "FeB4RAG fused LLM labels (BEIR-QRELS-RM.txt)",
    description: "rid Q0 docid label in 16 engine blocks; documents are named <engine>/<docid>.",
    createParser: ({ blockLines }) => feb4ragLabelParser(blockLines ?? FEB4RAG_BLOCK_LINES),
    labels: { judge: { default: "feb4rag-fused-llm" }, judgeKind: "model", scale: { fixed: "feb4rag-0-3" } },
  },
  {
    id: "feb4rag-selections",
    label: "FeB4RAG human preferences (selections.jsonl)",
    description: "best-fed vs naive-fed per criterion (coverage, consistency, correctness, clarity).",
    createParser: () => parseFeb4ragSelectionLine,
    labels: { judge: { default: "feb4rag-assessors" }, judgeKind: "human", scale: { fixed: "preference" } },
  },
  {
    id: "feb4rag-request-sources",
    label: "FeB4RAG request sources (rid_mapping.tsv)",
    description:
      "rid TAB source TAB source id: each request's collection, its group in reports. Import the requests first.",
    createParser: () => parseFeb4ragRequestSourceLine,
    labels: null,
  },
  {
    id: "pairwise-responses",
    label: "Pairwise responses (JSONL)",
    description: "Requests with two or more systems' responses and their cited passages.",
    createParser: () => parsePairwiseLine,
    labels: null,
    passages: true,
  },
  {
    id: "trec-rag-answers",
    label: "TREC RAG answers (JSONL)",
    description:
      "The RAG track's submissions {run_id, topic_id, topic, references, response_length, answer: [{text, citations}]}, many runs in one file: each run is a system, each line its answer; a topic the study lacks becomes a question. Cited segments must be in the study, or be created without text.",
    createParser: () => parseTrecRagAnswerLine,
    labels: null,
    createsMissing: {
      what: "queries and documents",
      note: "Cited segments the study does not have become documents with no text yet. Importing the corpus later fills them in.",
    },
  },
  {
    id: "labels-csv",
    label: "Labels CSV (item,judge,label)",
    description:
      "item is a query or nugget id, or <id>::<doc id>; every judge in the file gets labels on the named scale.",
    createParser: () => labelsCsvParser(),
    labels: { judge: { default: "(from the file)" }, judgeKind: "model", scale: "required" },
  },
  {
    id: "assay-bundle",
    label: "Assay study bundle (JSONL)",
    description:
      "A whole study exported by Assay: content, judges, labels, systems, runs and responses, members, campaigns, every annotation and the LLM judge runs.",
    createParser: () => bundleParser(),
    labels: null,
    nuggets: true,
  },
] as const satisfies readonly ImportFormat[];

export type ImportFormatId = (typeof IMPORT_FORMATS)[number]["id"];
export const IMPORT_FORMAT_IDS = IMPORT_FORMATS.map((f) => f.id) as ImportFormatId[];

export function importFormat(id: string): ImportFormat | null {
  return IMPORT_FORMATS.find((f) => f.id === id) ?? null;
}
