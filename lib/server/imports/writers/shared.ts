import "server-only";
import type { ImportContext } from "../import-context";
import { upsertMany } from "../../db/bulk-sql";

export type Numbered<R> = { line: number; row: R };

export type LabelInsert = {
  judgeId: number;
  targetType: "nugget_document" | "query_document" | "nugget" | "query" | "system_pair";
  targetKey: string;
  queryId?: number | null;
  nuggetId?: number | null;
  documentId?: number | null;
  systemAId?: number | null;
  systemBId?: number | null;
  criterion?: string | null;
  scale: string;
  value: string;
};

const LABEL_COLUMNS = ["studyId", "judgeId", "targetType", "targetKey", "queryId", "nuggetId", "documentId", "systemAId", "systemBId", "criterion", "scale", "value", "createdAt"] as const;

/** Upserts labels on (judge, target): a re-imported label replaces the judge's earlier value. */
export async function writeLabels(ctx: ImportContext, labels: LabelInsert[]): Promise<void> {
  await upsertMany(
    ctx.tx,
    { table: "Label", columns: LABEL_COLUMNS, conflict: ["judgeId", "targetKey"], update: ["value", "scale"] },
    labels.map((l) => [
      ctx.studyId, l.judgeId, l.targetType, l.targetKey, l.queryId ?? null, l.nuggetId ?? null, l.documentId ?? null,
      l.systemAId ?? null, l.systemBId ?? null, l.criterion ?? null, l.scale, l.value, ctx.tx.timestamp(ctx.now),
    ]),
  );
}

/** Adds (query, document) pairs to the judging pool; existing entries keep their sources. */
export async function writePool(ctx: ImportContext, pairs: Iterable<readonly [number, number]>): Promise<void> {
  const unique = new Map<string, readonly [number, number]>();
  for (const p of pairs) unique.set(`${p[0]}:${p[1]}`, p);
  await upsertMany(
    ctx.tx,
    { table: "PoolEntry", columns: ["studyId", "queryId", "documentId", "sources"], conflict: ["queryId", "documentId"], update: ["studyId"] },
    [...unique.values()].map(([q, d]) => [ctx.studyId, q, d, "[]"]),
  );
}

/** Looks up `id` in `ids`, recording "unknown <what>" for the line when it is missing. */
export function known(ctx: ImportContext, ids: Map<string, number>, id: string, line: number, field: string, what: string): number | null {
  const found = ids.get(id);
  if (found === undefined) {
    ctx.fail({ line, field, message: `unknown ${what} "${id}" (import the ${what === "document" ? "corpus" : "queries"} first)` });
    return null;
  }
  return found;
}
