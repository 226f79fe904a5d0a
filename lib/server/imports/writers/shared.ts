import "server-only";
import type { TargetType } from "@/lib/domain/targets";
import { NUGGET_SET_TASKS } from "@/lib/domain/nuggets/nugget-sets";
import type { ImportContext } from "../import-context";
import { idsByExternalId, selectIn, upsertMany } from "../../db/bulk-sql";
import { bumpNuggetVersions } from "../../db/nugget-sets";
import { dbTimestamp } from "../../db/transactions";

export type Numbered<R> = { line: number; row: R };

export type LabelInsert = {
  judgeId: number;
  targetType: TargetType;
  targetKey: string;
  queryId?: number | null;
  nuggetId?: number | null;
  documentId?: number | null;
  systemAId?: number | null;
  systemBId?: number | null;
  criterion?: string | null;
  scale: string;
  value: string;
  /** When the label was made (a study bundle carries it); the import's time otherwise. */
  createdAt?: Date;
};

const LABEL_COLUMNS = [
  "studyId",
  "judgeId",
  "targetType",
  "targetKey",
  "queryId",
  "nuggetId",
  "documentId",
  "systemAId",
  "systemBId",
  "criterion",
  "scale",
  "value",
  "createdAt",
] as const;

/** Upserts labels on (judge, target): a re-imported label replaces the judge's earlier value. */
export async function writeLabels(ctx: ImportContext, labels: LabelInsert[]): Promise<void> {
  await upsertMany(
    ctx.tx,
    { table: "Label", columns: LABEL_COLUMNS, conflict: ["judgeId", "targetKey"], update: ["value", "scale"] },
    labels.map((l) => [
      ctx.studyId,
      l.judgeId,
      l.targetType,
      l.targetKey,
      l.queryId ?? null,
      l.nuggetId ?? null,
      l.documentId ?? null,
      l.systemAId ?? null,
      l.systemBId ?? null,
      l.criterion ?? null,
      l.scale,
      l.value,
      dbTimestamp(ctx.tx, l.createdAt ?? ctx.now),
    ]),
  );
}

/** Upserts answers' citations, [responseId, marker, documentId] each: a marker re-imported points at its new document. */
export async function writeCitations(ctx: ImportContext, rows: readonly (readonly number[])[]) {
  await upsertMany(
    ctx.tx,
    {
      table: "Citation",
      columns: ["responseId", "marker", "documentId"],
      conflict: ["responseId", "marker"],
      update: ["documentId"],
    },
    rows,
  );
}

/** Adds (query, document) pairs to the judging pool; existing entries keep their sources. */
export async function writePool(ctx: ImportContext, pairs: Iterable<readonly [number, number]>): Promise<void> {
  const unique = new Map<string, readonly [number, number]>();
  for (const p of pairs) unique.set(`${p[0]}:${p[1]}`, p);
  await upsertMany(
    ctx.tx,
    {
      table: "PoolEntry",
      columns: ["studyId", "queryId", "documentId", "sources"],
      conflict: ["queryId", "documentId"],
      update: ["studyId"],
    },
    [...unique.values()].map(([q, d]) => [ctx.studyId, q, d, "[]"]),
  );
}

/**
 * The ids of queries or documents by external id. When the import creates missing ones, an id the study
 * does not have becomes a query or document with no text yet (empty body or text), which a later
 * import of the queries or the corpus fills in.
 */
export async function contentIds(
  ctx: ImportContext,
  table: "Query" | "Document",
  externalIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = await idsByExternalId(ctx.tx, table, ctx.studyId, externalIds);
  const missing = [...new Set(externalIds)].filter((id) => !ids.has(id));
  if (!ctx.missing.create || missing.length === 0) return ids;
  const rows = await upsertMany(
    ctx.tx,
    {
      table,
      columns: ["studyId", "externalId", table === "Query" ? "body" : "text"],
      conflict: ["studyId", "externalId"],
      update: ["studyId"],
      returning: ["id", "externalId"],
    },
    missing.map((id) => [ctx.studyId, id, ""]),
  );
  for (const r of rows) ids.set(String(r.externalId), Number(r.id));
  return ids;
}

/** New questions from a file that gives their text (external id -> body); their row ids by external id. */
export async function createQuestions(
  ctx: ImportContext,
  bodies: ReadonlyMap<string, string>,
): Promise<Map<string, number>> {
  const created = await upsertMany(
    ctx.tx,
    {
      table: "Query",
      columns: ["studyId", "externalId", "body"],
      conflict: ["studyId", "externalId"],
      update: ["studyId"],
      returning: ["id", "externalId"],
    },
    [...bodies].map(([id, body]) => [ctx.studyId, id, body]),
  );
  return new Map(created.map((r) => [String(r.externalId), Number(r.id)]));
}

/** The queries and documents of (query, document) rows by external id, made when the import may create them. */
export async function queryDocumentIds(ctx: ImportContext, rows: readonly { queryId: string; docId: string }[]) {
  const queries = await contentIds(
    ctx,
    "Query",
    rows.map((r) => r.queryId),
  );
  const docs = await contentIds(
    ctx,
    "Document",
    rows.map((r) => r.docId),
  );
  return { queries, docs };
}

/**
 * The row ids of these queries, nuggets and documents of the study, by external id: one lookup
 * after another, since a transaction's connection runs one statement at a time.
 */
export async function contentIdsOf(
  ctx: ImportContext,
  ids: { queries: Iterable<string>; nuggets?: Iterable<string>; docs: Iterable<string> },
) {
  const queries = await idsByExternalId(ctx.tx, "Query", ctx.studyId, ids.queries);
  const nuggets = ids.nuggets
    ? await idsByExternalId(ctx.tx, "Nugget", ctx.studyId, ids.nuggets)
    : new Map<string, number>();
  const docs = await idsByExternalId(ctx.tx, "Document", ctx.studyId, ids.docs);
  return { queries, nuggets, docs };
}

/** The study's judges of these names, by name: id and kind. */
export async function studyJudges(
  ctx: ImportContext,
  names: Iterable<string>,
): Promise<Map<string, { id: number; kind: string }>> {
  const rows = await selectIn(ctx.tx, "Judge", ["id", "name", "kind"], "name", names, { studyId: ctx.studyId });
  return new Map(rows.map((j) => [String(j.name), { id: Number(j.id), kind: String(j.kind) }]));
}

/** The study's systems of these names, by name (those it has; ImportContext.systemIds creates the others). */
export async function studySystems(ctx: ImportContext, names: Iterable<string>): Promise<Map<string, number>> {
  const rows = await selectIn(ctx.tx, "System", ["id", "name"], "name", names, { studyId: ctx.studyId });
  return new Map(rows.map((s) => [String(s.name), Number(s.id)]));
}

/** A record naming a target: a question, a nugget, a chunk, or two systems' answers to the question. */
type TargetRecord = {
  query: string | null;
  nugget: string | null;
  doc: string | null;
  systems: readonly [string] | readonly [string, string] | null;
};

/**
 * What a batch of records names, by row id: its questions, nuggets and chunks, the study's
 * systems it names, and their answers by "system:query" (campaign items, judge calls).
 */
export async function targetIdsOf(ctx: ImportContext, records: readonly TargetRecord[]) {
  const pick = (key: "query" | "nugget" | "doc") => records.flatMap((r) => (r[key] ? [r[key]] : []));
  const { queries, nuggets, docs } = await contentIdsOf(ctx, {
    queries: pick("query"),
    nuggets: pick("nugget"),
    docs: pick("doc"),
  });
  const systems = await studySystems(
    ctx,
    records.flatMap((r) => r.systems ?? []),
  );
  const responseRows = await selectIn(
    ctx.tx,
    "Response",
    ["id", "systemId", "queryId"],
    "queryId",
    [...queries.values()],
    {
      studyId: ctx.studyId,
    },
  );
  const responses = new Map(responseRows.map((r) => [`${Number(r.systemId)}:${Number(r.queryId)}`, Number(r.id)]));
  return { queries, nuggets, docs, systems, responses };
}

/**
 * The answers of a record's systems (two compared, or the one whose answer a call grades) to its
 * question, in order, or null (an error on the line's `systems` field for each one missing).
 */
export function answersOf(
  ctx: ImportContext,
  ids: Awaited<ReturnType<typeof targetIdsOf>>,
  record: TargetRecord & { systems: readonly string[] },
  queryId: number | null,
  line: number,
): number[] | null {
  const answers = record.systems.map((name) => {
    const systemId = ids.systems.get(name);
    const responseId =
      systemId === undefined || queryId === null ? undefined : ids.responses.get(`${systemId}:${queryId}`);
    if (responseId === undefined)
      ctx.fail({
        line,
        field: "systems",
        message: `the study has no answer of system "${name}" to query "${record.query}"`,
      });
    return responseId;
  });
  return answers.some((a) => a === undefined) ? null : (answers as number[]);
}

/** Looks up `id` in `ids`, recording "unknown <what>" for the line when it is missing. */
export function known(
  ctx: ImportContext,
  ids: Map<string, number>,
  id: string,
  line: number,
  field: string,
  what: string,
): number | null {
  const found = ids.get(id);
  if (found === undefined) {
    ctx.fail({
      line,
      field,
      message: `unknown ${what} "${id}" (import the ${what === "document" ? "corpus" : "queries"} first)`,
    });
    if (ctx.missing.offered) ctx.missingIds = true; // the import's message says once how to create them
    return null;
  }
  return found;
}

/**
 * Runs a nugget upsert into a set and raises the set's version of every question whose list it
 * changed (a nugget added, removed, moved, reworded or reordered; see NuggetList), so a review of
 * the list as it was can say so. A re-import that changes nothing keeps every version.
 */
export async function keepingNuggetVersions<T>(
  ctx: ImportContext,
  setId: number,
  queryIds: Iterable<number>,
  nuggetExternalIds: Iterable<string>,
  write: () => Promise<T>,
): Promise<T> {
  const previous = await selectIn(ctx.tx, "Nugget", ["queryId"], "externalId", nuggetExternalIds, {
    studyId: ctx.studyId,
    setId,
  });
  const affected = [...new Set([...queryIds, ...previous.map((r) => Number(r.queryId))])];
  const before = await nuggetLists(ctx, setId, affected);
  const result = await write();
  const after = await nuggetLists(ctx, setId, affected);
  // a question's first list is its version 1; only a list that existed and changed is a new version
  const changed = affected.filter((q) => before.has(q) && before.get(q) !== after.get(q));
  await bumpNuggetVersions(ctx.tx, setId, changed);
  return result;
}

/**
 * Refuses (an error on the line) each nugget id that names a nugget of another set of the study:
 * ids are unique in a study, so an import into one set cannot take another set's nugget.
 */
export async function refuseOtherSetsNuggets(
  ctx: ImportContext,
  setId: number,
  nuggets: readonly { line: number; field: string; id: string }[],
): Promise<void> {
  const rows = await selectIn(
    ctx.tx,
    "Nugget",
    ["externalId", "setId"],
    "externalId",
    nuggets.map((n) => n.id),
    {
      studyId: ctx.studyId,
    },
  );
  const elsewhere = new Set(rows.filter((r) => Number(r.setId) !== setId).map((r) => String(r.externalId)));
  for (const n of nuggets)
    if (elsewhere.has(n.id))
      ctx.fail({
        line: n.line,
        field: n.field,
        message: `nugget id "${n.id}" belongs to another nugget set of the study (ids are unique across its sets)`,
      });
}

/**
 * The nugget set a bundle's campaign or judge run uses: the one it names (a nugget_set record of
 * the bundle before it, else an error on the line: false), or, when it names none (a bundle
 * before version 6) and its task uses nuggets, the import's (the study's first by default).
 */
export async function bundleNuggetSet(
  ctx: ImportContext,
  task: string,
  name: string | null | undefined,
  line: number,
): Promise<number | null | false> {
  if (name) {
    if (ctx.seenAt(`nugget-set:${name}`)) return ctx.nuggetSetId(name);
    ctx.fail({ line, field: "nugget_set", message: `unknown nugget set "${name}" (no nugget_set record before)` });
    return false;
  }
  return NUGGET_SET_TASKS.includes(task) && name === undefined ? ctx.nuggetSetId() : null;
}

/** Each question's nugget list in a set as one comparable string (ids, importance and texts in order). */
async function nuggetLists(ctx: ImportContext, setId: number, queryIds: number[]): Promise<Map<number, string>> {
  const rows = await selectIn(
    ctx.tx,
    "Nugget",
    ["queryId", "externalId", "position", "text", "importance"],
    "queryId",
    queryIds,
    { setId },
  );
  const lists = new Map<number, { position: number; text: string }[]>();
  for (const r of rows)
    (lists.get(Number(r.queryId)) ?? lists.set(Number(r.queryId), []).get(Number(r.queryId))!).push({
      position: Number(r.position),
      text: `${String(r.externalId)}\t${String(r.importance ?? "")}\t${String(r.text)}`,
    });
  return new Map(
    [...lists].map(([q, list]) => [
      q,
      list
        .sort((a, b) => a.position - b.position)
        .map((n) => `${n.position}\t${n.text}`)
        .join("\n"),
    ]),
  );
}
