/**
 * A label's target as one string, the key labels and campaign items are matched on. The format
 * is defined here only (SQL that builds keys takes TARGET_PREFIX as a parameter):
 * - "nd:<nuggetId>:<documentId>": does the chunk support the nugget;
 * - "qd:<queryId>:<documentId>": is the chunk relevant to the question;
 * - "n:<nuggetId>": a nugget itself; "q:<queryId>": a question as a whole (a nugget review);
 * - "sp:<queryId>:<systemAId>:<systemBId>": two systems' answers to a question (a preference
 *   item, system A first); a preference label adds ":<criterion>";
 * - "na:<nuggetId>:<systemId>": how far the system's answer to the nugget's question supports the
 *   nugget (a TREC RAG nugget assignment);
 * - "a:<queryId>:<systemId>": a system's answer to a question as a whole (a nugget-assignment item);
 * - "sc:<queryId>:<systemId>:<sentence>:<documentId>": how far the passage supports the sentence
 *   (0-based) of the system's answer that cites it (citation support).
 */
export const TARGET_PREFIX = {
  nugget_document: "nd:",
  query_document: "qd:",
  nugget: "n:",
  query: "q:",
  system_pair: "sp:",
  nugget_answer: "na:",
  answer: "a:",
  sentence_citation: "sc:",
} as const;
export type TargetType = keyof typeof TARGET_PREFIX;

export const nuggetDocumentKey = (nuggetId: number, documentId: number) =>
  `${TARGET_PREFIX.nugget_document}${nuggetId}:${documentId}`;
export const queryDocumentKey = (queryId: number, documentId: number) =>
  `${TARGET_PREFIX.query_document}${queryId}:${documentId}`;
export const nuggetKey = (nuggetId: number) => `${TARGET_PREFIX.nugget}${nuggetId}`;
export const questionKey = (queryId: number) => `${TARGET_PREFIX.query}${queryId}`;
export const responsePairKey = (queryId: number, systemAId: number, systemBId: number) =>
  `${TARGET_PREFIX.system_pair}${queryId}:${systemAId}:${systemBId}`;
export const preferenceKey = (queryId: number, systemAId: number, systemBId: number, criterion: string) =>
  `${responsePairKey(queryId, systemAId, systemBId)}:${criterion}`;

export const answerKey = (queryId: number, systemId: number) => `${TARGET_PREFIX.answer}${queryId}:${systemId}`;
export const nuggetAnswerKey = (nuggetId: number, systemId: number) =>
  `${TARGET_PREFIX.nugget_answer}${nuggetId}:${systemId}`;

/** Each kind of target in words, as a report counts them ("40 (nugget, chunk) pairs"). */
export const TARGET_WORDS: Record<TargetType, string> = {
  nugget_document: "(nugget, chunk) pairs",
  query_document: "(question, chunk) pairs",
  nugget: "nuggets",
  query: "questions",
  system_pair: "pairs of answers",
  nugget_answer: "nugget assignments",
  answer: "answers",
  sentence_citation: "cited sentences",
};

/** The kind of target a key names, by its prefix; null for a key of no known kind. */
export function targetTypeOfKey(key: string): TargetType | null {
  const type = (Object.keys(TARGET_PREFIX) as TargetType[]).find((t) => key.startsWith(TARGET_PREFIX[t]));
  return type ?? null;
}

/** How many targets of one kind a report counted. */
export type TargetKindCount = { kind: TargetType; items: number };

/** Targets counted by kind, the most first, from (key or key prefix, count) entries; keys of no known kind are left out. */
export function targetKindCounts(entries: Iterable<readonly [key: string, count: number]>): TargetKindCount[] {
  const counts = new Map<TargetType, number>();
  for (const [key, n] of entries) {
    const kind = targetTypeOfKey(key);
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + n);
  }
  return [...counts]
    .map(([kind, items]) => ({ kind, items }))
    .sort((x, y) => y.items - x.items || (x.kind < y.kind ? -1 : 1));
}

/** Whether a key names a (question, chunk) pair: a relevance target. */
export const isQueryDocumentKey = (key: string) => targetTypeOfKey(key) === "query_document";

/** The question and document ids of a "qd:" key; null for any other key. */
export function parseQueryDocumentKey(key: string): { queryId: number; documentId: number } | null {
  const match = /^qd:(\d+):(\d+)$/.exec(key);
  return match ? { queryId: Number(match[1]), documentId: Number(match[2]) } : null;
}

/** The nugget and document ids of an "nd:" key; null for any other key. */
export function parseNuggetDocumentKey(key: string): { nuggetId: number; documentId: number } | null {
  const match = /^nd:(\d+):(\d+)$/.exec(key);
  return match ? { nuggetId: Number(match[1]), documentId: Number(match[2]) } : null;
}

/**
 * The question and systems of an "sp:" key (a pair of answers), and the criterion of a preference
 * label's key ("sp:<q>:<a>:<b>:<criterion>"; null on the pair's own key); null for any other key.
 */
export function parseSystemPairKey(
  key: string,
): { queryId: number; systemAId: number; systemBId: number; criterion: string | null } | null {
  const match = /^sp:(\d+):(\d+):(\d+)(?::(.+))?$/.exec(key);
  return match
    ? {
        queryId: Number(match[1]),
        systemAId: Number(match[2]),
        systemBId: Number(match[3]),
        criterion: match[4] ?? null,
      }
    : null;
}

/**
 * The pair a support ("nd:") or relevance ("qd:") key names: its kind, the nugget or question id
 * (`target`) and the document id; null for any other key.
 */
export function parseChunkPairKey(
  key: string,
): { kind: "nugget_document" | "query_document"; target: number; documentId: number } | null {
  const support = parseNuggetDocumentKey(key);
  if (support) return { kind: "nugget_document", target: support.nuggetId, documentId: support.documentId };
  const relevance = parseQueryDocumentKey(key);
  return relevance ? { kind: "query_document", target: relevance.queryId, documentId: relevance.documentId } : null;
}

/** Whether a key names a support ("nd:") or relevance ("qd:") pair. */
export const isChunkPairKey = (key: string) => {
  const type = targetTypeOfKey(key);
  return type === "nugget_document" || type === "query_document";
};

/** The nugget and system ids of an "na:" key; null for any other key. */
export function parseNuggetAnswerKey(key: string): { nuggetId: number; systemId: number } | null {
  const match = /^na:(\d+):(\d+)$/.exec(key);
  return match ? { nuggetId: Number(match[1]), systemId: Number(match[2]) } : null;
}

/** The question a question's key names ("q:<query>"); null for any other key. */
export function parseQuestionKey(key: string): number | null {
  const match = /^q:(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** The question and system ids of an "a:" key; null for any other key. */
export function parseAnswerKey(key: string): { queryId: number; systemId: number } | null {
  const match = /^a:(\d+):(\d+)$/.exec(key);
  return match ? { queryId: Number(match[1]), systemId: Number(match[2]) } : null;
}

export const sentenceCitationKey = (queryId: number, systemId: number, sentence: number, documentId: number) =>
  `${TARGET_PREFIX.sentence_citation}${queryId}:${systemId}:${sentence}:${documentId}`;

/** The question, system, sentence index and document of an "sc:" key; null for any other key. */
export function parseSentenceCitationKey(
  key: string,
): { queryId: number; systemId: number; sentence: number; documentId: number } | null {
  const match = /^sc:(\d+):(\d+):(\d+):(\d+)$/.exec(key);
  return match
    ? {
        queryId: Number(match[1]),
        systemId: Number(match[2]),
        sentence: Number(match[3]),
        documentId: Number(match[4]),
      }
    : null;
}
