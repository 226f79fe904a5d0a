import "server-only";
import { nuggetDocumentKey, queryDocumentKey } from "@/lib/domain/targets";
import { PREFERENCE_SCALE_ID, builtinScale, levelFromText, type Scale } from "@/lib/domain/scales";
import type { EngineLabelRow, NuggetQrelRow, PreferenceRow, QrelRow } from "@/lib/formats/rows";
import type { ImportContext } from "../import-context";
import { idsByExternalId, queryOfNuggets, upsertMany } from "../../db/bulk-sql";
import {
  queryDocumentIds,
  contentIdsOf,
  known,
  writeLabels,
  writePool,
  type LabelInsert,
  type Numbered,
} from "./shared";

export type JudgeSpec = { name: string; kind: "model" | "human"; scale: string };

/** The scale's level for a label value, or an error naming the line and field. */
export function level(ctx: ImportContext, scale: Scale, text: string, line: number, field: string): string | null {
  const value = levelFromText(scale, text);
  if (value === null)
    ctx.fail({
      line,
      field,
      message: `"${text}" is not a level of the scale ${scale.id} (${scale.levels.map((l) => l.value).join(", ")})`,
    });
  return value;
}

/** Labels of (question or nugget, chunk) pairs, with their pairs pooled: nothing when a line failed. */
async function writeJudgedPairs(ctx: ImportContext, labels: readonly LabelInsert[]): Promise<void> {
  if (ctx.failed) return;
  await writePool(
    ctx,
    labels.map((l) => [l.queryId!, l.documentId!] as const),
  );
  await writeLabels(ctx, [...labels]);
}

export async function writeQrels(ctx: ImportContext, batch: Numbered<QrelRow>[], judge: JudgeSpec): Promise<void> {
  const scale = builtinScale(judge.scale)!;
  const { queries: queryIds, docs: docIds } = await queryDocumentIds(
    ctx,
    batch.map((b) => b.row),
  );
  const judgeId = await ctx.judgeId(judge.name, judge.kind);
  const labels: LabelInsert[] = [];
  for (const { line, row } of batch) {
    if (!ctx.firstTime(`qrel:${row.queryId}:${row.docId}`, line, `judgment of ${row.queryId} / ${row.docId}`)) continue;
    const queryId = known(ctx, queryIds, row.queryId, line, "qid", "query");
    const documentId = known(ctx, docIds, row.docId, line, "docid", "document");
    const value = level(ctx, scale, row.value, line, "rel");
    if (queryId === null || documentId === null || value === null) continue;
    labels.push({
      judgeId,
      targetType: "query_document",
      targetKey: queryDocumentKey(queryId, documentId),
      queryId,
      documentId,
      scale: scale.id,
      value,
    });
  }
  await writeJudgedPairs(ctx, labels);
}

export async function writeNuggetQrels(
  ctx: ImportContext,
  batch: Numbered<NuggetQrelRow>[],
  judge: JudgeSpec,
): Promise<void> {
  const scale = builtinScale(judge.scale)!;
  const {
    queries: queryIds,
    nuggets: nuggetIds,
    docs: docIds,
  } = await contentIdsOf(ctx, {
    queries: batch.map((b) => b.row.queryId),
    nuggets: batch.map((b) => b.row.nuggetId),
    docs: batch.map((b) => b.row.docId),
  });
  const nuggetQuery = await queryOfNuggets(ctx.tx, nuggetIds.values());
  const judgeId = await ctx.judgeId(judge.name, judge.kind);
  const labels: LabelInsert[] = [];
  for (const { line, row } of batch) {
    if (!ctx.firstTime(`nqrel:${row.nuggetId}:${row.docId}`, line, `judgment of ${row.nuggetId} / ${row.docId}`))
      continue;
    const queryId = known(ctx, queryIds, row.queryId, line, "qid", "query");
    const nuggetId = known(ctx, nuggetIds, row.nuggetId, line, "nugget_id", "nugget");
    const documentId = known(ctx, docIds, row.docId, line, "docid", "document");
    const value = level(ctx, scale, row.value, line, "rel");
    if (queryId === null || nuggetId === null || documentId === null || value === null) continue;
    if (nuggetQuery.get(nuggetId) !== queryId) {
      ctx.fail({
        line,
        field: "nugget_id",
        message: `nugget "${row.nuggetId}" belongs to another query than "${row.queryId}"`,
      });
      continue;
    }
    labels.push({
      judgeId,
      targetType: "nugget_document",
      targetKey: nuggetDocumentKey(nuggetId, documentId),
      queryId,
      nuggetId,
      documentId,
      scale: scale.id,
      value,
    });
  }
  await writeJudgedPairs(ctx, labels);
}

/**
 * FeB4RAG fused labels. The collections' texts are not published, so each labelled document is
 * created as "<engine>/<docid>" with empty text unless it exists already.
 */
export async function writeEngineLabels(
  ctx: ImportContext,
  batch: Numbered<EngineLabelRow>[],
  judge: JudgeSpec,
): Promise<void> {
  const scale = builtinScale(judge.scale)!;
  const queryIds = await idsByExternalId(
    ctx.tx,
    "Query",
    ctx.studyId,
    batch.map((b) => b.row.queryId),
  );
  const valid: { queryId: number; externalDoc: string; engine: string; value: string }[] = [];
  for (const { line, row } of batch) {
    const externalDoc = `${row.engine}/${row.docId}`;
    if (!ctx.firstTime(`engine:${row.queryId}:${externalDoc}`, line, `label of ${row.queryId} / ${externalDoc}`))
      continue;
    const queryId = known(ctx, queryIds, row.queryId, line, "rid", "query");
    const value = level(ctx, scale, row.value, line, "label");
    if (queryId !== null && value !== null) valid.push({ queryId, externalDoc, engine: row.engine, value });
  }
  if (ctx.failed) return;
  const docs = await upsertMany(
    ctx.tx,
    {
      table: "Document",
      columns: ["studyId", "externalId", "title", "text", "metadata"],
      conflict: ["studyId", "externalId"],
      update: ["studyId"],
      returning: ["id", "externalId"],
    },
    [...new Map(valid.map((v) => [v.externalDoc, v])).values()].map((v) => [
      ctx.studyId,
      v.externalDoc,
      "",
      "",
      JSON.stringify({ engine: v.engine }),
    ]),
  );
  const docIds = new Map(docs.map((d) => [String(d.externalId), Number(d.id)]));
  const judgeId = await ctx.judgeId(judge.name, judge.kind);
  const labels: LabelInsert[] = valid.map((v) => {
    const documentId = docIds.get(v.externalDoc)!;
    return {
      judgeId,
      targetType: "query_document",
      targetKey: queryDocumentKey(v.queryId, documentId),
      queryId: v.queryId,
      documentId,
      scale: scale.id,
      value: v.value,
    };
  });
  await writePool(
    ctx,
    labels.map((l) => [l.queryId!, l.documentId!] as const),
  );
  await writeLabels(ctx, labels);
}

/** Side-by-side preferences between two systems' answers, one label per criterion. */
export async function writePreferences(
  ctx: ImportContext,
  batch: Numbered<PreferenceRow>[],
  judge: JudgeSpec,
): Promise<void> {
  const queryIds = await idsByExternalId(
    ctx.tx,
    "Query",
    ctx.studyId,
    batch.map((b) => b.row.queryId),
  );
  const systems = await ctx.systemIds(batch.flatMap((b) => [b.row.systemA, b.row.systemB]));
  const judgeId = await ctx.judgeId(judge.name, judge.kind);
  const labels: LabelInsert[] = [];
  for (const { line, row } of batch) {
    if (!ctx.firstTime(`pref:${row.queryId}:${row.systemA}:${row.systemB}`, line, `preference for ${row.queryId}`))
      continue;
    const queryId = known(ctx, queryIds, row.queryId, line, "qid", "query");
    if (queryId === null) continue;
    const systemAId = systems.get(row.systemA)!;
    const systemBId = systems.get(row.systemB)!;
    for (const c of row.choices) {
      const targetKey = `sp:${queryId}:${systemAId}:${systemBId}:${c.criterion}`;
      labels.push({
        judgeId,
        targetType: "system_pair",
        targetKey,
        queryId,
        systemAId,
        systemBId,
        criterion: c.criterion,
        scale: PREFERENCE_SCALE_ID,
        value: c.value,
      });
    }
  }
  if (!ctx.failed) await writeLabels(ctx, labels);
}
