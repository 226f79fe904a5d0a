import type { AnswerSentence } from "../rag-answers/answer-text";

/**
 * The (sentence, passage) pairs of an answer a citation-support sample judges: each sentence with
 * the passage it cites first ("first", as Thakur et al. judged them) or with every passage it
 * cites, once each ("every"), in sentence order. `documentOf` gives the passage of a reference
 * index (reference i is the answer's citation [i + 1]); a reference without one is passed over.
 */
export function citedPairs(
  sentences: readonly AnswerSentence[],
  choice: "first" | "every",
  documentOf: (reference: number) => number | undefined,
): { sentence: number; documentId: number }[] {
  return sentences.flatMap((s, sentence) => {
    const documents = [...new Set(s.citations.flatMap((c) => (documentOf(c) === undefined ? [] : [documentOf(c)!])))];
    return (choice === "first" ? documents.slice(0, 1) : documents).map((documentId) => ({ sentence, documentId }));
  });
}
