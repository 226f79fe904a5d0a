import "server-only";
import type { RunRow } from "@/lib/formats/rows";
import type { ImportContext } from "../import-context";
import { upsertMany } from "../../db/bulk-sql";
import { contentIds, known, type Numbered } from "./shared";

/**
 * Ranked documents of systems. A TREC run file holds one system, the tag of its first line
 * (`fileSystem` remembers it); a bundle (fileSystem null) holds any number.
 */
export async function writeRunEntries(
  ctx: ImportContext,
  batch: Numbered<RunRow>[],
  fileSystem: { name?: string } | null,
): Promise<void> {
  const queryIds = await contentIds(
    ctx,
    "Query",
    batch.map((b) => b.row.queryId),
  );
  const docIds = await contentIds(
    ctx,
    "Document",
    batch.map((b) => b.row.docId),
  );
  const entries: { system: string; queryId: number; documentId: number; rank: number; score: number }[] = [];
  for (const { line, row } of batch) {
    if (fileSystem) fileSystem.name ??= row.system;
    if (fileSystem && row.system !== fileSystem.name) {
      ctx.fail({
        line,
        field: "tag",
        message: `a run file holds one system; this line has "${row.system}", earlier lines "${fileSystem.name}"`,
      });
      continue;
    }
    if (
      !ctx.firstTime(
        `run:${row.system}:${row.queryId}:${row.docId}`,
        line,
        `ranking of ${row.docId} for ${row.queryId} by ${row.system}`,
      )
    )
      continue;
    const queryId = known(ctx, queryIds, row.queryId, line, "qid", "query");
    const documentId = known(ctx, docIds, row.docId, line, "docid", "document");
    if (queryId !== null && documentId !== null)
      entries.push({ system: row.system, queryId, documentId, rank: row.rank, score: row.score });
  }
  if (ctx.failed) return;
  const systems = await ctx.systemIds(entries.map((e) => e.system));
  await upsertMany(
    ctx.tx,
    {
      table: "RunEntry",
      columns: ["systemId", "queryId", "documentId", "rank", "score"],
      conflict: ["systemId", "queryId", "documentId"],
      update: ["rank", "score"],
    },
    entries.map((e) => [systems.get(e.system)!, e.queryId, e.documentId, e.rank, e.score]),
  );
}
