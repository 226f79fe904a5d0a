import "server-only";
import { citedPairs } from "@/lib/domain/citation-support/cited-pairs";
import { documentsByReference, storedSentences } from "@/lib/domain/rag-answers/answer-text";
import { sentenceCitationKey } from "@/lib/domain/targets";
import type { AnswerCandidate } from "./candidates";
import type { Db } from "./client";

/** A (sentence, passage) pair of an answer, as a campaign item or a judge call names it. */
export type CitedPair = { targetKey: string; queryId: number; documentId: number; responseAId: number };

/**
 * The (sentence, passage) pairs of these answers, in their order, each sentence with the passage it
 * cites first or with every one (citedPairs): what a citation-support campaign or judge run judges.
 */
export async function citedPairsOfAnswers(
  db: Db,
  answers: readonly AnswerCandidate[],
  choice: "first" | "every",
): Promise<CitedPair[]> {
  const responses = await db.response.findMany({
    where: { id: { in: answers.map((a) => a.responseId) } },
    select: { id: true, sentences: true, citations: { select: { marker: true, documentId: true } } },
  });
  const byId = new Map(responses.map((r) => [r.id, r]));
  return answers.flatMap(({ candidate: { queryId }, systemId, responseId }) => {
    const response = byId.get(responseId)!;
    const documents = documentsByReference(response.citations);
    return citedPairs(storedSentences(response.sentences) ?? [], choice, (reference) => documents.get(reference)).map(
      ({ sentence, documentId }) => ({
        targetKey: sentenceCitationKey(queryId, systemId, sentence, documentId),
        queryId,
        documentId,
        responseAId: responseId,
      }),
    );
  });
}
