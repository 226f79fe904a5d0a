import "server-only";
import { nuggetDocumentKey } from "@/lib/domain/targets";
import { languageFromPath } from "@/lib/domain/code-language";
import type { DocumentRow, NuggetedQueryRow, QueryGroupRow, QueryRow } from "@/lib/formats/rows";
import type { ImportContext } from "../import-context";
import { idsByExternalId, upsertMany } from "../../db/bulk-sql";
import { queryMetadataOf, setQueryMetadata } from "../../db/queries";
import { startNuggetVersions } from "../../db/nugget-sets";
import {
  keepingNuggetVersions,
  known,
  refuseOtherSetsNuggets,
  writeLabels,
  writePool,
  type LabelInsert,
  type Numbered,
} from "./shared";

export async function writeDocuments(ctx: ImportContext, batch: Numbered<DocumentRow>[]): Promise<void> {
  const rows = batch.filter(({ line, row }) => ctx.firstTime(`document:${row.id}`, line, `document id "${row.id}"`));
  await upsertMany(
    ctx.tx,
    {
      table: "Document",
      columns: ["studyId", "externalId", "title", "text", "language", "display", "repo", "path", "metadata"],
      conflict: ["studyId", "externalId"],
      update: ["title", "text", "language", "display", "repo", "path", "metadata"],
    },
    rows.map(({ row }) => [
      ctx.studyId,
      row.id,
      row.title,
      row.text,
      languageFromPath(row.path ?? row.title),
      row.display ?? ctx.display,
      row.repo ?? null,
      row.path ?? null,
      JSON.stringify(row.metadata),
    ]),
  );
}

export async function upsertQueries(ctx: ImportContext, rows: QueryRow[]): Promise<Map<string, number>> {
  const returned = await upsertMany(
    ctx.tx,
    {
      table: "Query",
      columns: ["studyId", "externalId", "title", "body", "answer", "metadata"],
      conflict: ["studyId", "externalId"],
      update: ["title", "body", "answer", "metadata"],
      returning: ["id", "externalId"],
    },
    rows.map((q) => [ctx.studyId, q.id, q.title, q.body, q.answer ?? null, JSON.stringify(q.metadata)]),
  );
  const ids = new Map(returned.map((r) => [String(r.externalId), Number(r.id)]));
  // a bundle of version 2 to 5 gives the version of a question's list (of its one set, the first here),
  // taken where the set has none yet: a question's list moves on here
  const versioned = rows.filter((q) => (q.nuggetVersion ?? 1) > 1);
  if (versioned.length > 0)
    await startNuggetVersions(
      ctx.tx,
      await ctx.nuggetSetId(),
      versioned.map((q) => ({ queryId: ids.get(q.id)!, version: q.nuggetVersion! })),
    );
  return ids;
}

export async function writeQueries(ctx: ImportContext, batch: Numbered<QueryRow>[]): Promise<void> {
  const rows = batch.filter(({ line, row }) => ctx.firstTime(`query:${row.id}`, line, `query id "${row.id}"`));
  await upsertQueries(
    ctx,
    rows.map((r) => r.row),
  );
}

/** Each named request's group, merged into its metadata as `collection` (the request must exist). */
export async function writeQueryGroups(ctx: ImportContext, batch: Numbered<QueryGroupRow>[]): Promise<void> {
  const rows = batch.filter(({ line, row }) =>
    ctx.firstTime(`query-group:${row.queryId}`, line, `group of query "${row.queryId}"`),
  );
  const ids = await idsByExternalId(
    ctx.tx,
    "Query",
    ctx.studyId,
    rows.map((r) => r.row.queryId),
  );
  const found = rows.flatMap(({ line, row }) => {
    const id = known(ctx, ids, row.queryId, line, "rid", "query");
    return id === null ? [] : [{ id, group: row.group }];
  });
  if (ctx.failed) return;
  const metadata = await queryMetadataOf(ctx.tx, ctx.studyId);
  for (const { id, group } of found) {
    const merged = { ...(JSON.parse(metadata.get(id) ?? "{}") as Record<string, unknown>), collection: group };
    await setQueryMetadata(ctx.tx, id, JSON.stringify(merged));
  }
}

/** The ids of the chunks FreshStack questions' nuggets name, each one the study lacks an error on its line. */
async function supportingDocuments(ctx: ImportContext, rows: Numbered<NuggetedQueryRow>[]) {
  const docIds = await idsByExternalId(
    ctx.tx,
    "Document",
    ctx.studyId,
    rows.flatMap(({ row }) => row.nuggets.flatMap((n) => [...n.supportedBy, ...n.notSupportedBy])),
  );
  for (const { line, row } of rows) {
    for (const [i, n] of row.nuggets.entries()) {
      for (const [field, ids] of [
        ["relevant_corpus_ids", n.supportedBy],
        ["non_relevant_corpus_ids", n.notSupportedBy],
      ] as const) {
        for (const id of ids) known(ctx, docIds, id, line, `nuggets[${i}].${field}`, "document");
      }
    }
  }
  return docIds;
}

/** FreshStack questions: the query, its nuggets in order (in the import's nugget set), and the LLM's support labels. */
export async function writeNuggetedQueries(
  ctx: ImportContext,
  batch: Numbered<NuggetedQueryRow>[],
  judge: { name: string; scale: string },
): Promise<void> {
  const rows = batch.filter(({ line, row }) =>
    ctx.firstTime(`query:${row.query.id}`, line, `query id "${row.query.id}"`),
  );
  const docIds = await supportingDocuments(ctx, rows);
  if (ctx.failed) return;
  const setId = await ctx.nuggetSetId();
  await refuseOtherSetsNuggets(
    ctx,
    setId,
    rows.flatMap(({ line, row }) => row.nuggets.map((n, i) => ({ line, field: `nuggets[${i}]`, id: n.id }))),
  );
  if (ctx.failed) return;
  const queryIds = await upsertQueries(
    ctx,
    rows.map((r) => r.row.query),
  );
  const nuggets = await keepingNuggetVersions(
    ctx,
    setId,
    queryIds.values(),
    rows.flatMap(({ row }) => row.nuggets.map((n) => n.id)),
    () =>
      upsertMany(
        ctx.tx,
        {
          table: "Nugget",
          columns: ["studyId", "setId", "queryId", "externalId", "position", "text"],
          conflict: ["studyId", "externalId"],
          update: ["queryId", "position", "text"],
          returning: ["id", "externalId"],
        },
        rows.flatMap(({ row }) =>
          row.nuggets.map((n, i) => [ctx.studyId, setId, queryIds.get(row.query.id)!, n.id, i + 1, n.text]),
        ),
      ),
  );
  const nuggetIds = new Map(nuggets.map((r) => [String(r.externalId), Number(r.id)]));
  const judgeId = await ctx.judgeId(judge.name, "model");
  const labels: LabelInsert[] = [];
  const pool: [number, number][] = [];
  for (const { row } of rows) {
    const queryId = queryIds.get(row.query.id)!;
    for (const n of row.nuggets) {
      const nuggetId = nuggetIds.get(n.id)!;
      for (const [ids, value] of [
        [n.supportedBy, "1"],
        [n.notSupportedBy, "0"],
      ] as const) {
        for (const id of ids) {
          const documentId = docIds.get(id)!;
          pool.push([queryId, documentId]);
          labels.push({
            judgeId,
            targetType: "nugget_document",
            targetKey: nuggetDocumentKey(nuggetId, documentId),
            queryId,
            nuggetId,
            documentId,
            scale: judge.scale,
            value,
          });
        }
      }
    }
  }
  await writePool(ctx, pool);
  await writeLabels(ctx, labels);
}
