import "server-only";
import type { GradedNuggetsRow } from "@/lib/formats/rows";
import { idsByExternalId, selectIn, upsertMany } from "../../db/bulk-sql";
import type { ImportContext } from "../import-context";
import { keepingNuggetVersions, type Numbered } from "./shared";

type Nugget = { queryId: number; externalId: string; position: number; text: string };

/**
 * A question's graded nuggets (nuggetizer's nuggets file), into the import's nugget set. A nugget
 * is matched to the question's nuggets in that set by its exact text (surrounding spaces trimmed) and gets the file's importance; a text the
 * question lacks becomes a new nugget after its others (id "<qid>_<position>", or the next free
 * one). The question's other nuggets stay as they are; a list that changes gets a new version.
 */
export async function writeGradedNuggets(ctx: ImportContext, batch: Numbered<GradedNuggetsRow>[]): Promise<void> {
  const queryIds = await idsByExternalId(
    ctx.tx,
    "Query",
    ctx.studyId,
    batch.map((b) => b.row.queryId),
  );
  const setId = await ctx.nuggetSetId();
  const existing = (await selectIn(
    ctx.tx,
    "Nugget",
    ["queryId", "externalId", "position", "text"],
    "queryId",
    queryIds.values(),
    { setId },
  )) as Record<string, unknown>[];
  const byQuery = new Map<number, Nugget[]>();
  for (const n of existing) {
    const nugget = {
      queryId: Number(n.queryId),
      externalId: String(n.externalId),
      position: Number(n.position),
      text: String(n.text),
    };
    byQuery.set(nugget.queryId, [...(byQuery.get(nugget.queryId) ?? []), nugget]);
  }
  const rows: unknown[][] = [];
  const added: unknown[][] = [];
  for (const { line, row } of batch) {
    if (!ctx.firstTime(`graded-nuggets:${row.queryId}`, line, `question "${row.queryId}"`)) continue;
    const queryId = queryIds.get(row.queryId);
    if (queryId === undefined) {
      ctx.fail({
        line,
        field: "qid",
        message: `the study has no question "${row.queryId}": import its questions first`,
      });
      continue;
    }
    const nuggets = byQuery.get(queryId) ?? [];
    let last = Math.max(0, ...nuggets.map((n) => n.position));
    for (const { text, importance } of row.nuggets) {
      let nugget = nuggets.find((n) => n.text.trim() === text);
      if (!nugget) {
        last += 1;
        nugget = { queryId, externalId: `${row.queryId}_${last}`, position: last, text };
        nuggets.push(nugget);
        added.push([ctx.studyId, setId, queryId, nugget.externalId, last, text, importance]);
      } else rows.push([ctx.studyId, setId, queryId, nugget.externalId, nugget.position, nugget.text, importance]);
    }
  }
  if (ctx.failed) return;
  await nameNewNuggets(ctx, added);
  rows.push(...added);
  await keepingNuggetVersions(
    ctx,
    setId,
    rows.map((r) => r[2] as number),
    rows.map((r) => r[3] as string),
    () =>
      upsertMany(
        ctx.tx,
        {
          table: "Nugget",
          columns: ["studyId", "setId", "queryId", "externalId", "position", "text", "importance"],
          conflict: ["studyId", "externalId"],
          update: ["importance"],
        },
        rows,
      ),
  );
}

/**
 * Gives each new nugget an id no nugget of the study has (ids are unique in a study, across its
 * sets, not only in a question): "<qid>_<position>", else "<qid>_<position>_2", "_3"... A taken id would make the
 * upsert grade another question's nugget.
 */
async function nameNewNuggets(ctx: ImportContext, added: unknown[][]): Promise<void> {
  const base = added.map((a) => a[3] as string);
  for (let k = 2; ; k++) {
    const ids = added.map((a) => a[3] as string);
    const rows = await selectIn(ctx.tx, "Nugget", ["externalId"], "externalId", ids, { studyId: ctx.studyId });
    const taken = new Set(rows.map((r) => String(r.externalId)));
    const seen = new Set<string>();
    let clash = false;
    added.forEach((a, i) => {
      const id = ids[i]!;
      if (taken.has(id) || seen.has(id)) {
        a[3] = `${base[i]}_${k}`;
        clash = true;
      }
      seen.add(a[3] as string);
    });
    if (!clash) return;
  }
}
