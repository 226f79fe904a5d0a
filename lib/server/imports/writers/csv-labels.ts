import "server-only";
import { nuggetDocumentKey, queryDocumentKey } from "@/lib/domain/targets";
import { builtinScale } from "@/lib/domain/scales";
import { splitCsvItem } from "@/lib/formats/csv";
import type { CsvLabelRow } from "@/lib/formats/rows";
import type { ImportContext } from "../import-context";
import { queryOfNuggets } from "../../db/bulk-sql";
import { level, type JudgeSpec } from "./labels";
import { contentIdsOf, writeLabels, writePool, type LabelInsert, type Numbered } from "./shared";

/**
 * Labels named by their target: "<nugget or query id>" or "<nugget or query id>::<doc id>". Every
 * judge named in the file gets labels of the import's judge kind, on the import's scale.
 */
export async function writeCsvLabels(
  ctx: ImportContext,
  batch: Numbered<CsvLabelRow>[],
  judge: Omit<JudgeSpec, "name">,
): Promise<void> {
  const scale = builtinScale(judge.scale)!;
  const items = batch.map((b) => splitCsvItem(b.row.item));
  const targets = items.map((i) => i.targetId);
  const content = await contentIdsOf(ctx, {
    queries: targets,
    nuggets: targets,
    docs: items.flatMap((i) => (i.docId ? [i.docId] : [])),
  });
  const [queryIds, nuggetIds, docIds] = [content.queries, content.nuggets, content.docs];
  const nuggetQuery = await queryOfNuggets(ctx.tx, nuggetIds.values());
  const labels: LabelInsert[] = [];
  for (const [i, { line, row }] of batch.entries()) {
    const { targetId, docId } = items[i]!;
    if (!ctx.firstTime(`csv:${row.judge}:${row.item}`, line, `label of ${row.item} by ${row.judge}`)) continue;
    const nuggetId = nuggetIds.get(targetId);
    const queryId = queryIds.get(targetId);
    if (nuggetId !== undefined && queryId !== undefined) {
      ctx.fail({ line, field: "item", message: `"${targetId}" names both a query and a nugget` });
      continue;
    }
    if (nuggetId === undefined && queryId === undefined) {
      ctx.fail({ line, field: "item", message: `unknown query or nugget "${targetId}"` });
      continue;
    }
    const documentId = docId === undefined ? null : (docIds.get(docId) ?? null);
    if (docId !== undefined && documentId === null) {
      ctx.fail({ line, field: "item", message: `unknown document "${docId}"` });
      continue;
    }
    const value = level(ctx, scale, row.value, line, "label");
    if (value === null) continue;
    const judgeId = await ctx.judgeId(row.judge, judge.kind);
    const q = queryId ?? nuggetQuery.get(nuggetId!)!;
    if (nuggetId !== undefined) {
      labels.push(
        documentId === null
          ? { judgeId, targetType: "nugget", targetKey: `n:${nuggetId}`, queryId: q, nuggetId, scale: scale.id, value }
          : {
              judgeId,
              targetType: "nugget_document",
              targetKey: nuggetDocumentKey(nuggetId, documentId),
              queryId: q,
              nuggetId,
              documentId,
              scale: scale.id,
              value,
            },
      );
    } else {
      labels.push(
        documentId === null
          ? { judgeId, targetType: "query", targetKey: `q:${q}`, queryId: q, scale: scale.id, value }
          : {
              judgeId,
              targetType: "query_document",
              targetKey: queryDocumentKey(q, documentId),
              queryId: q,
              documentId,
              scale: scale.id,
              value,
            },
      );
    }
  }
  if (ctx.failed) return;
  await writePool(
    ctx,
    labels.filter((l) => l.documentId).map((l) => [l.queryId!, l.documentId!] as const),
  );
  await writeLabels(ctx, labels);
}
