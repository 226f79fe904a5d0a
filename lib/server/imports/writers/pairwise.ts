import "server-only";
import type { PairwiseRow } from "@/lib/formats/rows";
import type { ImportContext } from "../import-context";
import { idsByExternalId, upsertMany } from "../../db/bulk-sql";
import { upsertQueries } from "./content";
import { type Numbered, writeCitations } from "./shared";

/** Requests, their systems' responses, and the cited passages (created when the file gives their text). */
export async function writePairwise(ctx: ImportContext, batch: Numbered<PairwiseRow>[]): Promise<void> {
  const rows = batch.filter(({ line, row }) =>
    ctx.firstTime(`query:${row.query.id}`, line, `request id "${row.query.id}"`),
  );
  const cited = rows.flatMap(({ row }) => row.responses.flatMap((r) => r.citations));
  const withText = new Map(cited.filter((c) => c.text !== undefined).map((c) => [c.docId, c.text!]));
  const existing = await idsByExternalId(
    ctx.tx,
    "Document",
    ctx.studyId,
    cited.map((c) => c.docId).filter((id) => !withText.has(id)),
  );
  for (const { line, row } of rows) {
    for (const [i, r] of row.responses.entries()) {
      for (const [j, c] of r.citations.entries()) {
        if (!withText.has(c.docId) && !existing.has(c.docId)) {
          ctx.fail({
            line,
            field: `responses[${i}].citations[${j}].doc_id`,
            message: `unknown document "${c.docId}" (give its text, or import the corpus first)`,
          });
        }
      }
    }
  }
  if (ctx.failed) return;
  const queryIds = await upsertQueries(
    ctx,
    rows.map((r) => r.row.query),
  );
  const docs = await upsertMany(
    ctx.tx,
    {
      table: "Document",
      columns: ["studyId", "externalId", "title", "text", "metadata", "display"],
      conflict: ["studyId", "externalId"],
      update: ["text", "display"],
      returning: ["id", "externalId"],
    },
    [...withText].map(([id, text]) => [ctx.studyId, id, "", text, "{}", ctx.display]),
  );
  const docIds = new Map([...existing, ...docs.map((d) => [String(d.externalId), Number(d.id)] as const)]);
  const systems = await ctx.systemIds(rows.flatMap(({ row }) => row.responses.map((r) => r.system)));
  const responses = await upsertMany(
    ctx.tx,
    {
      table: "Response",
      columns: ["studyId", "systemId", "queryId", "text"],
      conflict: ["systemId", "queryId"],
      update: ["text"],
      returning: ["id", "systemId", "queryId"],
    },
    rows.flatMap(({ row }) =>
      row.responses.map((r) => [ctx.studyId, systems.get(r.system)!, queryIds.get(row.query.id)!, r.text]),
    ),
  );
  const responseId = new Map(responses.map((r) => [`${Number(r.systemId)}:${Number(r.queryId)}`, Number(r.id)]));
  const citations = rows.flatMap(({ row }) =>
    row.responses.flatMap((r) => {
      const id = responseId.get(`${systems.get(r.system)}:${queryIds.get(row.query.id)}`)!;
      return r.citations.map((c) => [id, c.marker, docIds.get(c.docId)!]);
    }),
  );
  await writeCitations(ctx, citations);
}
