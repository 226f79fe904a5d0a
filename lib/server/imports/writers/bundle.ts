import "server-only";
import type {
  JudgeRow,
  LabelRow,
  NuggetRow,
  NuggetSetRow,
  PoolRow,
  ResponseRow,
  SystemRow,
} from "@/lib/formats/bundle";
import type { ImportContext } from "../import-context";
import { idsByExternalId, upsertMany } from "../../db/bulk-sql";
import { startNuggetVersions } from "../../db/nugget-sets";
import { accountsByEmail } from "./people";
import {
  contentIdsOf,
  keepingNuggetVersions,
  known,
  refuseOtherSetsNuggets,
  studyJudges,
  writeLabels,
  type LabelInsert,
  type Numbered,
  writeCitations,
} from "./shared";
import {
  nuggetAnswerKey,
  sentenceCitationKey,
  nuggetDocumentKey,
  nuggetKey,
  preferenceKey,
  questionKey,
  queryDocumentKey,
} from "@/lib/domain/targets";

/** A bundle's nugget sets (version 6): each made when the study lacks it, its questions' list versions where it has none. */
export async function writeNuggetSets(ctx: ImportContext, batch: Numbered<NuggetSetRow>[]): Promise<void> {
  for (const { line, row } of batch) {
    const set = row.record;
    if (!ctx.firstTime(`nugget-set:${set.name}`, line, `nugget set "${set.name}"`)) continue;
    const queryIds = await idsByExternalId(ctx.tx, "Query", ctx.studyId, Object.keys(set.versions));
    const versions = Object.entries(set.versions).flatMap(([qid, version]) => {
      const queryId = known(ctx, queryIds, qid, line, "versions", "query");
      return queryId === null ? [] : [{ queryId, version }];
    });
    if (ctx.failed) continue;
    const setId = await ctx.nuggetSetId(set.name, { source: set.source, origin: set.origin });
    await startNuggetVersions(ctx.tx, setId, versions);
  }
}

/** A bundle's nuggets, each into its set (before version 6: the import's set, the study's first by default). */
export async function writeNuggets(ctx: ImportContext, batch: Numbered<NuggetRow>[]): Promise<void> {
  const queryIds = await idsByExternalId(
    ctx.tx,
    "Query",
    ctx.studyId,
    batch.map((b) => b.row.queryId),
  );
  const bySet = new Map<string | null, Numbered<NuggetRow>[]>();
  for (const b of batch) {
    if (!ctx.firstTime(`nugget:${b.row.id}`, b.line, `nugget id "${b.row.id}"`)) continue;
    if (b.row.set !== null && !ctx.seenAt(`nugget-set:${b.row.set}`)) {
      ctx.fail({
        line: b.line,
        field: "set",
        message: `unknown nugget set "${b.row.set}" (no nugget_set record before)`,
      });
      continue;
    }
    bySet.set(b.row.set, [...(bySet.get(b.row.set) ?? []), b]);
  }
  for (const [set, numbered] of bySet) {
    const setId = await ctx.nuggetSetId(set ?? ctx.nuggetSet);
    await refuseOtherSetsNuggets(
      ctx,
      setId,
      numbered.map(({ line, row }) => ({ line, field: "id", id: row.id })),
    );
    const rows: unknown[][] = [];
    for (const { line, row } of numbered) {
      const queryId = known(ctx, queryIds, row.queryId, line, "query", "query");
      if (queryId !== null) rows.push([ctx.studyId, setId, queryId, row.id, row.position, row.text, row.importance]);
    }
    if (ctx.failed) return;
    const upsert = {
      table: "Nugget",
      columns: ["studyId", "setId", "queryId", "externalId", "position", "text", "importance"],
      conflict: ["studyId", "externalId"],
    };
    await keepingNuggetVersions(
      ctx,
      setId,
      rows.map((r) => r[2] as number),
      rows.map((r) => r[3] as string),
      async () => {
        // in the file's order (a bundle exported again lists its nuggets as they came); a line from
        // before issue 40 says nothing of importance, so it keeps what the study has, and a line
        // that says it sets it
        await upsertMany(
          ctx.tx,
          { ...upsert, update: ["queryId", "position", "text"] },
          rows.map((r) => [...r.slice(0, 6), r[6] ?? null]),
        );
        await upsertMany(
          ctx.tx,
          { ...upsert, update: ["importance"] },
          rows.filter((r) => r[6] !== undefined),
        );
      },
    );
  }
}

export async function writePoolRows(ctx: ImportContext, batch: Numbered<PoolRow>[]): Promise<void> {
  const { queries: queryIds, docs: docIds } = await contentIdsOf(ctx, {
    queries: batch.map((b) => b.row.queryId),
    docs: batch.map((b) => b.row.docId),
  });
  const rows: unknown[][] = [];
  for (const { line, row } of batch) {
    const queryId = known(ctx, queryIds, row.queryId, line, "query", "query");
    const documentId = known(ctx, docIds, row.docId, line, "doc", "document");
    if (queryId !== null && documentId !== null)
      rows.push([ctx.studyId, queryId, documentId, JSON.stringify(row.sources)]);
  }
  await upsertMany(
    ctx.tx,
    {
      table: "PoolEntry",
      columns: ["studyId", "queryId", "documentId", "sources"],
      conflict: ["queryId", "documentId"],
      update: ["sources"],
    },
    rows,
  );
}

/** Judges; a human judge is linked to the user with the same email on this server, if any. */
export async function writeJudges(ctx: ImportContext, batch: Numbered<JudgeRow>[]): Promise<void> {
  const emails = batch.flatMap((b) => (b.row.userEmail ? [b.row.userEmail] : []));
  const users = await accountsByEmail(ctx, emails);
  await upsertMany(
    ctx.tx,
    {
      table: "Judge",
      columns: ["studyId", "kind", "name", "userId"],
      conflict: ["studyId", "name"],
      update: ["kind", "userId"],
    },
    batch.map(({ row }) => [
      ctx.studyId,
      row.judgeKind,
      row.name,
      row.userEmail ? (users.get(row.userEmail)?.id ?? null) : null,
    ]),
  );
}

export async function writeSystems(ctx: ImportContext, batch: Numbered<SystemRow>[]): Promise<void> {
  await ctx.systemIds(batch.map((b) => b.row.name));
}

/** The fields a label of each target names. */
const TARGET_FIELDS = {
  nugget_document: ["nugget", "doc"],
  query_document: ["query", "doc"],
  nugget: ["nugget"],
  query: ["query"],
  system_pair: ["query", "system_a", "system_b", "criterion"],
  nugget_answer: ["nugget", "system_a"],
  sentence_citation: ["query", "doc", "system_a", "sentence"],
} as const;

/** Labels of any target, resolved by external ids; every judge must appear in an earlier judge record. */
export async function writeBundleLabels(ctx: ImportContext, batch: Numbered<LabelRow>[]): Promise<void> {
  const records = batch.map((b) => b.row.record);
  const pick = (key: "query" | "nugget" | "doc") => records.flatMap((r) => (r[key] ? [r[key]!] : []));
  const content = await contentIdsOf(ctx, { queries: pick("query"), nuggets: pick("nugget"), docs: pick("doc") });
  const [queryIds, nuggetIds, docIds] = [content.queries, content.nuggets, content.docs];
  const judges = await studyJudges(
    ctx,
    records.map((r) => r.judge),
  );
  const systems = await ctx.systemIds(records.flatMap((r) => [r.system_a, r.system_b].filter((s): s is string => !!s)));
  const labels: LabelInsert[] = [];
  for (const {
    line,
    row: { record: r },
  } of batch) {
    const judgeId = judges.get(r.judge)?.id;
    if (judgeId === undefined) {
      ctx.fail({ line, field: "judge", message: `unknown judge "${r.judge}" (judge records come first)` });
      continue;
    }
    const missing = TARGET_FIELDS[r.target].find((field) => r[field] === null || r[field] === undefined);
    if (missing) {
      ctx.fail({ line, field: missing, message: `a ${r.target} label names its ${missing}` });
      continue;
    }
    const errors = ctx.errorCount;
    const ref = (ids: Map<string, number>, value: string | null, field: string, what: string) =>
      value === null ? null : known(ctx, ids, value, line, field, what);
    const queryId = ref(queryIds, r.query, "query", "query");
    const nuggetId = ref(nuggetIds, r.nugget, "nugget", "nugget");
    const documentId = ref(docIds, r.doc, "doc", "document");
    if (ctx.errorCount > errors) continue;
    const systemAId = r.system_a ? (systems.get(r.system_a) ?? null) : null;
    const systemBId = r.system_b ? (systems.get(r.system_b) ?? null) : null;
    const targetKey = {
      nugget_document: () => nuggetDocumentKey(nuggetId!, documentId!),
      query_document: () => queryDocumentKey(queryId!, documentId!),
      nugget: () => nuggetKey(nuggetId!),
      query: () => questionKey(queryId!),
      system_pair: () => preferenceKey(queryId!, systemAId!, systemBId!, String(r.criterion)),
      nugget_answer: () => nuggetAnswerKey(nuggetId!, systemAId!),
      sentence_citation: () => sentenceCitationKey(queryId!, systemAId!, r.sentence!, documentId!),
    }[r.target]();
    if (!ctx.firstTime(`label:${r.judge}:${targetKey}`, line, `label of ${r.judge}`)) continue;
    labels.push({
      judgeId,
      targetType: r.target,
      targetKey,
      queryId,
      nuggetId,
      documentId,
      systemAId,
      systemBId,
      criterion: r.criterion,
      scale: r.scale,
      value: r.value,
      createdAt: r.created_at === undefined ? undefined : new Date(r.created_at),
    });
  }
  await writeLabels(ctx, labels);
}

export async function writeResponses(ctx: ImportContext, batch: Numbered<ResponseRow>[]): Promise<void> {
  const { queries: queryIds, docs: docIds } = await contentIdsOf(ctx, {
    queries: batch.map((b) => b.row.queryId),
    docs: batch.flatMap((b) => b.row.citations.map((c) => c.docId)),
  });
  const systems = await ctx.systemIds(batch.map((b) => b.row.system));
  const valid: { systemId: number; queryId: number; row: ResponseRow }[] = [];
  for (const { line, row } of batch) {
    if (!ctx.firstTime(`response:${row.system}:${row.queryId}`, line, `response of ${row.system} to ${row.queryId}`))
      continue;
    const queryId = known(ctx, queryIds, row.queryId, line, "query", "query");
    const citedOk = row.citations.every((c) => known(ctx, docIds, c.docId, line, "citations", "document") !== null);
    const markers = new Set(row.citations.map((c) => c.marker));
    const uncited = row.sentences?.flatMap((s) => s.citations).find((c) => !markers.has(c + 1));
    if (uncited !== undefined)
      ctx.fail({
        line,
        field: "sentences",
        message: `a sentence cites reference ${uncited}, which has no citation [${uncited + 1}]`,
      });
    if (queryId !== null && citedOk && uncited === undefined)
      valid.push({ systemId: systems.get(row.system)!, queryId, row });
  }
  const responses = await upsertMany(
    ctx.tx,
    {
      table: "Response",
      columns: ["studyId", "systemId", "queryId", "text", "sentences", "responseLength"],
      conflict: ["systemId", "queryId"],
      update: ["text", "sentences", "responseLength"],
      returning: ["id", "systemId", "queryId"],
    },
    valid.map((v) => [
      ctx.studyId,
      v.systemId,
      v.queryId,
      v.row.text,
      v.row.sentences === null ? null : JSON.stringify(v.row.sentences),
      v.row.responseLength,
    ]),
  );
  const ids = new Map(responses.map((r) => [`${Number(r.systemId)}:${Number(r.queryId)}`, Number(r.id)]));
  await writeCitations(
    ctx,
    valid.flatMap((v) =>
      v.row.citations.map((c) => [ids.get(`${v.systemId}:${v.queryId}`)!, c.marker, docIds.get(c.docId)!]),
    ),
  );
}
