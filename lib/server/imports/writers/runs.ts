import "server-only";
import type { RunRow } from "@/lib/formats/rows";
import type { ImportContext } from "../import-context";
import { upsertMany } from "../../db/bulk-sql";
import { queryDocumentIds, known, type Numbered } from "./shared";

/**
 * Ranked documents of systems: each run tag (a TREC run file's 6th column) is a system, and a file
 * may hold several, as `assay evaluate` reads them.
 */
export async function writeRunEntries(ctx: ImportContext, batch: Numbered<RunRow>[]): Promise<void> {
  const { queries: queryIds, docs: docIds } = await queryDocumentIds(
    ctx,
    batch.map((b) => b.row),
  );
  const entries: { system: string; queryId: number; documentId: number; rank: number; score: number }[] = [];
  for (const { line, row } of batch) {
    const earlier = ctx.runLines.earlier(ctx.file, row.system, row.queryId, row.docId, line);
    if (earlier !== null) {
      ctx.fail({
        line,
        message: `duplicate ranking of ${row.docId} for ${row.queryId} by ${row.system}: also at ${earlier}`,
      });
      continue;
    }
    const queryId = known(ctx, queryIds, row.queryId, line, "qid", "query");
    const documentId = known(ctx, docIds, row.docId, line, "docid", "document");
    if (queryId !== null && documentId !== null)
      entries.push({ system: row.system, queryId, documentId, rank: row.rank, score: row.score });
  }
  if (ctx.failed) return;
  const systems = await ctx.systemIds(entries.map((e) => e.system));
  for (const id of systems.values()) ctx.rankedSystems.add(id);
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
