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
 *
 * One pair is the exception: `nuggetizer-create` and `nuggetizer-score` are castorini/nuggetizer's
 * own creator and scorer prompts (creator_template.yaml and scorer_template.yaml at d00dc3e),
 * word for word with attribution, because the TREC 2024 and 2025 RAG tracks' nuggets are what
 * they produce and a run that is to reproduce them must ask the same (test/fixtures/
 * nuggetizer-prompts holds nuggetizer's own rendering). Their fields: {{question}}, {{passages}}
 * ("[1] text" a line, numbered in each window), {{nuggets}} (Python's str(list)) and
 * {{nuggets_length}}; "at most 30" is written out, as nuggetizer renders it whatever its maximum.
 */

/**
 * nuggetizer's tasks read a reply as nuggetizer does (code fences removed, then a Python list:
 * judging/nuggetizer-prompts.ts), not by an output rule; theirs names the whole reply.
 */
const WHOLE_REPLY = { kind: "regex", pattern: "[\\s\\S]+", ignoreCase: false, map: {} } as const;
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
  {
    name: "nuggetizer-create",
    task: "nugget_creation",
    scale: "nugget-importance",
    system:
      "You are NuggetizeLLM, an intelligent assistant that can update a list of atomic nuggets to best provide all the information required for the query.",
    prompt:
      'Update the list of atomic nuggets of information (1-12 words), if needed, so they best provide the information required for the query. Leverage only the initial list of nuggets (if exists) and the provided context (this is an iterative process).  Return only the final list of all nuggets in a Pythonic list format (even if no updates). Make sure there is no redundant information. Ensure the updated nugget list has at most 30 nuggets (can be less), keeping only the most vital ones. Order them in decreasing order of importance. Prefer nuggets that provide more interesting information.\n\nSearch Query: {{question}}\nContext:\n{{passages}}\nSearch Query: {{question}}\nInitial Nugget List: {{nuggets}}\nInitial Nugget List Length: {{nuggets_length}}\n\nOnly update the list of atomic nuggets (if needed, else return as is). Do not explain. Always answer in short nuggets (not questions). List in the form ["a", "b", ...] and a and b are strings with no mention of ".\nUpdated Nugget List:',
    output: WHOLE_REPLY,
  },
  {
    name: "nuggetizer-score",
    task: "nugget_importance",
    scale: "nugget-importance",
    system:
      "You are NuggetizeScoreLLM, an intelligent assistant that can label a list of atomic nuggets based on their importance for a given search query.",
    prompt:
      'Based on the query, label each of the {{nuggets_length}} nuggets either a vital or okay based on the following criteria. Vital nuggets represent concepts that must be present in a "good" answer; on the other hand, okay nuggets contribute worthwhile information about the target but are not essential. Return the list of labels in a Pythonic list format (type: List[str]). The list should be in the same order as the input nuggets. Make sure to provide a label for each nugget.\n\nSearch Query: {{question}}\nNugget List: {{nuggets}}\n\nOnly return the list of labels (List[str]). Do not explain.\nLabels:',
    output: WHOLE_REPLY,
  },
];

/** A built-in template by name. */
export const builtinTemplate = (name: string): JudgeTemplate | null =>
  BUILTIN_TEMPLATES.find((t) => t.name === name) ?? null;
