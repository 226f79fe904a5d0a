/**
 * A label's target as one string, the key labels and campaign items are matched on:
 * "nd:<nuggetId>:<documentId>" (does the chunk support the nugget) or "qd:<queryId>:<documentId>"
 * (is the chunk relevant to the question).
 */
export const nuggetDocumentKey = (nuggetId: number, documentId: number) => `nd:${nuggetId}:${documentId}`;
export const queryDocumentKey = (queryId: number, documentId: number) => `qd:${queryId}:${documentId}`;
/** Two systems' answers to a question (a preference item; system A's id first); a label adds ":<criterion>". */
export const responsePairKey = (queryId: number, systemAId: number, systemBId: number) =>
  `sp:${queryId}:${systemAId}:${systemBId}`;
/** A question as a whole (a nugget-quality item: its nuggets reviewed together). */
export const questionKey = (queryId: number) => `q:${queryId}`;

/** The nugget and document ids of an "nd:" key; null for any other key. */
export function parseNuggetDocumentKey(key: string): { nuggetId: number; documentId: number } | null {
  const match = /^nd:(\d+):(\d+)$/.exec(key);
  return match ? { nuggetId: Number(match[1]), documentId: Number(match[2]) } : null;
}
