import "server-only";
import { sampleCandidates, type Candidate } from "@/lib/domain/campaigns/sampling";
import { collectionOf } from "@/lib/domain/query-metadata";
import { binarize, scaleById } from "@/lib/domain/scales";
import { placeholders } from "./lists";
import { readRows } from "./sql-connection";
import { TARGET_PREFIX } from "@/lib/domain/targets";
import { nullableId } from "./ids";

type Row = {
  queryId: unknown;
  queryKey: string;
  queryMeta: string;
  nuggetId: unknown;
  nuggetPosition: unknown;
  documentId: unknown;
  documentKey: string;
  documentMeta: string;
  llmValue: string | null;
  llmScale: string | null;
};

/**
 * Every pooled pair of a study that a support campaign (nugget x pooled chunk of its question) or a
 * relevance campaign (question x pooled chunk) could judge, with `judgeId`'s label binarized.
 * The group of a pair is the chunk's collection or engine (metadata), else its question's collection.
 */
export async function loadCandidates(
  studyId: number,
  pairTarget: "nugget_document" | "query_document",
  judgeId: number | null,
  nuggetSetId: number | null = null,
): Promise<Candidate[]> {
  const support = pairTarget === "nugget_document";
  const rows = await readRows<Row>(
    `SELECT q."id" AS "queryId", q."externalId" AS "queryKey", q."metadata" AS "queryMeta",
            ${support ? `n."id" AS "nuggetId", n."position" AS "nuggetPosition"` : `NULL AS "nuggetId", NULL AS "nuggetPosition"`},
            d."id" AS "documentId", d."externalId" AS "documentKey", d."metadata" AS "documentMeta",
            l."value" AS "llmValue", l."scale" AS "llmScale"
     FROM "PoolEntry" p
     JOIN "Query" q ON q."id" = p."queryId"
     ${support ? `JOIN "Nugget" n ON n."queryId" = q."id" AND n."setId" = ?` : ""}
     JOIN "Document" d ON d."id" = p."documentId"
     LEFT JOIN "Label" l ON l."judgeId" = ? AND l."targetKey" = CAST(? AS TEXT) || ${support ? `n."id"` : `q."id"`} || ':' || d."id"
     WHERE p."studyId" = ?`,
    [...(support ? [nuggetSetId ?? -1] : []), judgeId ?? -1, TARGET_PREFIX[pairTarget], studyId],
  );
  const queryGroups = new Map<string, string | null>();
  return rows.map((r) => {
    const scale = r.llmScale === null ? null : scaleById(r.llmScale);
    if (!queryGroups.has(r.queryMeta)) queryGroups.set(r.queryMeta, collectionOf(r.queryMeta));
    return {
      queryKey: r.queryKey,
      queryId: Number(r.queryId),
      nuggetId: nullableId(r.nuggetId),
      nuggetPosition: nullableId(r.nuggetPosition),
      documentKey: r.documentKey,
      documentId: Number(r.documentId),
      group: collectionOf(r.documentMeta) ?? queryGroups.get(r.queryMeta) ?? "all",
      llm: scale && r.llmValue !== null ? binarize(scale, r.llmValue) : null,
    };
  });
}

/** Every question of a study with at least one nugget in a set, as a nugget-quality item (grouped by its collection). */
export async function loadQuestionCandidates(studyId: number, nuggetSetId: number | null): Promise<Candidate[]> {
  const rows = await readRows<{ queryId: unknown; queryKey: string; queryMeta: string }>(
    `SELECT q."id" AS "queryId", q."externalId" AS "queryKey", q."metadata" AS "queryMeta" FROM "Query" q
     WHERE q."studyId" = ? AND EXISTS (SELECT 1 FROM "Nugget" n WHERE n."queryId" = q."id" AND n."setId" = ?)`,
    [studyId, nuggetSetId ?? -1],
  );
  return rows.map((r) => ({
    queryKey: r.queryKey,
    queryId: Number(r.queryId),
    nuggetId: null,
    nuggetPosition: null,
    documentKey: "",
    documentId: null,
    group: collectionOf(r.queryMeta) ?? "all",
    llm: null,
  }));
}

/**
 * Every request two of the given systems both answered, once per pair of systems (`systemIds` in
 * the order A, B), with the request as a question candidate for sampling.
 */
export async function loadResponsePairs(
  studyId: number,
  systemIds: readonly number[],
): Promise<{ candidate: Candidate; systemA: number; systemB: number; responseA: number; responseB: number }[]> {
  const rows = await readRows<{
    id: unknown;
    systemId: unknown;
    queryId: unknown;
    queryKey: string;
    queryMeta: string;
  }>(
    `SELECT r."id" AS "id", r."systemId" AS "systemId", q."id" AS "queryId", q."externalId" AS "queryKey", q."metadata" AS "queryMeta"
       FROM "Response" r JOIN "Query" q ON q."id" = r."queryId" WHERE r."studyId" = ? AND r."systemId" IN (${placeholders(systemIds)})`,
    [studyId, ...systemIds],
  );
  const byQuery = new Map<number, typeof rows>();
  for (const r of rows)
    (byQuery.get(Number(r.queryId)) ?? byQuery.set(Number(r.queryId), []).get(Number(r.queryId))!).push(r);
  const rank = new Map(systemIds.map((id, i) => [id, i]));
  return [...byQuery.values()].flatMap((answers) => {
    const sorted = answers.sort((x, y) => rank.get(Number(x.systemId))! - rank.get(Number(y.systemId))!);
    const first = sorted[0]!;
    const candidate: Candidate = {
      queryKey: first.queryKey,
      queryId: Number(first.queryId),
      nuggetId: null,
      nuggetPosition: null,
      documentKey: "",
      documentId: null,
      group: collectionOf(first.queryMeta) ?? "all",
      llm: null,
    };
    return sorted.flatMap((a, i) =>
      sorted.slice(i + 1).map((b) => ({
        candidate,
        systemA: Number(a.systemId),
        systemB: Number(b.systemId),
        responseA: Number(a.id),
        responseB: Number(b.id),
      })),
    );
  });
}

/** A system's answer to a question with nuggets: the answer as a candidate (its system's name as its key). */
export type AnswerCandidate = { candidate: Candidate; responseId: number; systemId: number };

/**
 * Every answer of a study to a question with nuggets in a set, as a nugget assignment judges it
 * (a campaign's item, a judge run's call), or (`of: "sentences"`) every answer kept with its
 * sentences, as citation support judges them; each a candidate keyed by its system's name.
 */
export async function loadAnswerCandidates(
  studyId: number,
  of: { nuggetSetId: number | null } | "sentences",
): Promise<AnswerCandidate[]> {
  const rows = await readRows<{
    id: unknown;
    systemId: unknown;
    systemName: string;
    queryId: unknown;
    queryKey: string;
    queryMeta: string;
  }>(
    `SELECT r."id", r."systemId", s."name" AS "systemName", q."id" AS "queryId", q."externalId" AS "queryKey", q."metadata" AS "queryMeta"
       FROM "Response" r JOIN "Query" q ON q."id" = r."queryId" JOIN "System" s ON s."id" = r."systemId"
      WHERE r."studyId" = ? AND ${
        of === "sentences"
          ? `r."sentences" IS NOT NULL`
          : `EXISTS (SELECT 1 FROM "Nugget" n WHERE n."queryId" = q."id" AND n."setId" = ?)`
      }`,
    of === "sentences" ? [studyId] : [studyId, of.nuggetSetId ?? -1],
  );
  return rows.map((r) => ({
    candidate: {
      queryKey: r.queryKey,
      queryId: Number(r.queryId),
      nuggetId: null,
      nuggetPosition: null,
      documentKey: r.systemName,
      documentId: null,
      group: collectionOf(r.queryMeta) ?? "all",
      llm: null,
    },
    responseId: Number(r.id),
    systemId: Number(r.systemId),
  }));
}

/** The answers a sample draws, in sampleCandidates' order. */
export function sampleAnswers(
  answers: readonly AnswerCandidate[],
  spec: Parameters<typeof sampleCandidates>[1],
  seed: number,
): AnswerCandidate[] {
  const byKey = new Map(answers.map((a) => [`${a.candidate.queryId}|${a.candidate.documentKey}`, a]));
  return sampleCandidates(
    answers.map((a) => a.candidate),
    spec,
    seed,
  ).map((c) => byKey.get(`${c.queryId}|${c.documentKey}`)!);
}
