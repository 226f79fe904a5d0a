import type { JudgeTemplate } from "./judge-template";

/**
 * The templates Assay ships. Their texts are ours, written from the papers' descriptions of the
 * prompts' structure (not copied from any prompt file):
 *
 * - `umbrela-relevance` follows UMBRELA's 0-3 relevance prompt: the four TREC DL grades described
 *   in words, then the assessor weighs how well the passage matches the searcher's intent (M) and
 *   how trustworthy it is (T) before giving a final score (O) on a line of its own.
 *   S. Upadhyay, R. Pradeep, N. Thakur, N. Craswell, J. Lin. "UMBRELA: UMbrela is the
 *   (Open-Source Reproduction of the) Bing RELevance Assessor", arXiv:2406.06519, 2024; after
 *   P. Thomas, S. Spielman, N. Craswell, B. Mitra. "Large Language Models can Accurately Predict
 *   Searcher Preferences", SIGIR 2024, doi:10.1145/3626772.3657707.
 * - `freshstack-support` follows FreshStack's nugget-level support judgment: whether a document
 *   chunk supports one nugget (an atomic fact of a Stack Overflow question and answer), binary,
 *   with chain-of-thought reasoning first. FreshStack judges up to 20 chunks against all of a
 *   question's nuggets in one call; this template judges one pair, as Assay's items are pairs.
 *   N. Thakur, J. Lin, S. Havens, M. Carbin, O. Khattab, A. Drozdov. "FreshStack: Building
 *   Realistic Benchmarks for Evaluating Retrieval on Technical Documents", 2025 (section 3.5).
 * - `trec-rag-assignment` follows the TREC RAG track's nugget assignment (AutoNuggetizer): one
 *   system's answer against every nugget of its question, each labelled support, partial_support
 *   or not_support, the labels returned as one list in the nuggets' order. Importance is not shown:
 *   it weighs the scores, not whether the answer states a nugget.
 *   R. Pradeep et al. "Initial Nugget Evaluation Results for the TREC 2024 RAG Track with the
 *   AutoNuggetizer Framework", 2024; R. Pradeep et al. "The Great Nugget Recall", 2025.
 * - `trec-rag-support` follows the TREC 2024 RAG track's support assessment: one sentence of a
 *   system's answer against one passage it cites, full, partial or no support, the passage alone
 *   as evidence. N. Thakur, R. Pradeep, S. Upadhyay, D. Campos, N. Craswell, J. Lin. "Support
 *   Evaluation for the TREC 2024 RAG Track: Comparing Human versus LLM Judges", 2025.
 */
export const BUILTIN_TEMPLATES: readonly JudgeTemplate[] = [
  {
    name: "umbrela-relevance",
    task: "relevance",
    scale: "trec-dl-0-3",
    system: "",
    prompt: `You judge search results. Read the search question and the passage below, then rate how well the passage answers the question on an integer scale from 0 to 3:

3 = perfectly relevant: the passage is about the question and contains its exact answer.
2 = highly relevant: the passage answers the question, but the answer is unclear, incomplete, or buried in unrelated text.
1 = related: the passage is on the question's topic but does not answer it.
0 = irrelevant: the passage has nothing to do with the question.

Question:
{{question}}

Passage ({{title}}):
{{chunk}}

Work in steps before you score:
- Intent (M): how well does the passage's content match what the person asking most likely wants to know?
- Trust (T): how trustworthy is the passage?
- Weigh M and T and decide the final score (O). A passage that only partly answers the question does not get 3.

Give your reasoning, then end with one line of exactly this form:
##final score: <0, 1, 2 or 3>`,
    // the digit alone: not the start of 10 or 35, nor of 3.9 or 1.0 (a sentence's full stop after it is fine)
    output: {
      kind: "regex",
      pattern: "##\\s*final score:\\s*([0-3])(?:$|[^\\d.]|\\.(?:$|\\D))",
      ignoreCase: true,
      map: {},
    },
  },
  {
    name: "freshstack-support",
    task: "support",
    scale: "binary",
    system:
      "You are an expert programmer who checks the facts of technical answers against source code and documentation.",
    prompt: `Below are a programming question, one nugget (an atomic fact that a good answer to the question contains) and a chunk of a document from a code repository or its documentation.

Decide whether the chunk supports the nugget: the chunk states the nugget's information, or shows it in code, so that a reader of the chunk alone could confirm it. Naming the same library or topic is not support, and neither is a chunk that confirms only part of what the nugget claims.

Question:
{{question}}

Nugget:
{{nugget}}

Chunk ({{title}}):
{{chunk}}

Think step by step: what exactly does the nugget claim, and what does the chunk show? Then reply with one JSON object and nothing after it:
{"reasoning": "<a few sentences>", "supported": "yes" or "no"}`,
    output: { kind: "json", field: "supported", map: { yes: "1", no: "0" } },
  },
  {
    name: "trec-rag-assignment",
    task: "nugget_assignment",
    scale: "nugget-assignment",
    system: "You grade the answers of retrieval-augmented generation systems against lists of atomic facts.",
    prompt: `Below are a search question, the answer a system wrote for it, and a numbered list of nuggets: atomic facts that a good answer to the question states.

For each nugget, decide how much of it the answer states:
- support: the answer states everything the nugget says (in any words);
- partial_support: the answer states part of it, or states it vaguely or with a qualification the nugget lacks;
- not_support: the answer does not state it, or states something else.

Judge the answer's text alone: its citations are not evidence, and a fact that is true but absent from the answer is not_support.

Question:
{{question}}

Answer:
{{response}}

Nuggets:
{{nuggets}}

Reply with one JSON object and nothing after it, with one label per nugget in the list's order:
{"assignments": ["support" or "partial_support" or "not_support", ...]}`,
    output: { kind: "json", field: "assignments", map: {} },
  },
  {
    name: "trec-rag-support",
    task: "citation_support",
    scale: "citation-support",
    system: "You check whether the sources a search engine's answer cites back up what it says.",
    prompt: `Below are a search question, the answer a system wrote for it, one sentence of that answer, and a passage the sentence cites.

Decide how much of what the sentence states the passage backs up:
- full: the passage states everything the sentence claims (in any words);
- partial: the passage backs up part of the sentence, or something close to it, but not all of it;
- none: the passage does not back up the sentence, or says something else.

Judge the passage alone: what you know yourself, and the rest of the answer, are not evidence.

Question:
{{question}}

Answer (for context):
{{response}}

Sentence:
{{sentence}}

Passage ({{title}}):
{{chunk}}

Give your reasoning in a sentence or two, then one JSON object and nothing after it:
{"support": "full" or "partial" or "none"}`,
    output: {
      kind: "json",
      field: "support",
      map: { full: "full_support", partial: "partial_support", none: "no_support" },
    },
  },
];

/** A built-in template by name. */
export const builtinTemplate = (name: string): JudgeTemplate | null =>
  BUILTIN_TEMPLATES.find((t) => t.name === name) ?? null;
