/** A sentence of a TREC RAG answer: its text and the 0-based indices of the references it cites. */
export type AnswerSentence = { text: string; citations: number[] };

/**
 * A TREC RAG answer as one Markdown text, as Assay shows answers: its sentences in order, each
 * followed by its citations as [n], where reference i (0-based, as the submission counts) is [i + 1].
 */
export function answerMarkdown(sentences: readonly AnswerSentence[]): string {
  return sentences
    .map((s) => {
      const markers = s.citations.map((c) => `[${c + 1}]`).join("");
      return markers === "" ? s.text : `${s.text} ${markers}`;
    })
    .filter((s) => s !== "")
    .join(" ");
}

/** An answer's stored sentences (Response.sentences), or null when it has none (an answer given as one text). */
export function storedSentences(json: string | null): AnswerSentence[] | null {
  if (json === null) return null;
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) throw new Error("an answer's sentences are stored as a JSON array");
  return parsed as AnswerSentence[];
}

/**
 * An answer's cited documents by reference index (0-based, as the submission counts), from its
 * stored citations: reference i is the citation [i + 1] (answerMarkdown).
 */
export const documentsByReference = (citations: readonly { marker: number; documentId: number }[]) =>
  new Map(citations.map((c) => [c.marker - 1, c.documentId]));
