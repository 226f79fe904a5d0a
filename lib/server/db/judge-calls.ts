import "server-only";
import type { CallTexts } from "@/lib/domain/judging/judge-tasks/judge-task";
import { storedSentences } from "@/lib/domain/rag-answers/answer-text";
import { parseSentenceCitationKey, parseSystemPairKey, TARGET_PREFIX } from "@/lib/domain/targets";
import { nullableId } from "./ids";
import { placeholders } from "./lists";
import { readRows, readTimestamp, sqlOf, type SqlConnection, type Tx } from "./sql-connection";

/**
 * The SQL of judge runs (model JudgeRun, JudgeCall, JudgeEndpointSlot): calls claimed by a
 * conditional UPDATE with a lease, as campaign seats are (on PostgreSQL candidate rows are locked
 * with SKIP LOCKED, so concurrent processes take different calls); an endpoint's concurrency held
 * as leased slot rows; its request rate paced through one shared timestamp.
 */

/**
 * A call's lease: renewed every few seconds (HEARTBEAT_MS) while its process works on it, however
 * long the call takes; taken over by another process once expired, so a process that died holds
 * its calls for at most this long.
 */
export const CALL_LEASE_MS = 15_000;
/** A slot's lease: renewed with the calls' by the process holding it. */
export const SLOT_LEASE_MS = 15_000;
/** How often a worker renews its leases: a third of a lease, so two missed beats lose nothing. */
export const HEARTBEAT_MS = 5_000;

export type ClaimedCall = {
  id: number;
  runId: number;
  targetKey: string;
  queryId: number | null;
  nuggetId: number | null;
  documentId: number | null;
  responseAId: number | null;
  responseBId: number | null;
  swapped: boolean;
};

const CLAIMED_COLUMNS = `"id", "runId", "targetKey", "queryId", "nuggetId", "documentId", "responseAId", "responseBId", "swapped"`;

const claimedCall = (r: Record<string, unknown>): ClaimedCall => ({
  id: Number(r.id),
  runId: Number(r.runId),
  targetKey: String(r.targetKey),
  queryId: nullableId(r.queryId),
  nuggetId: nullableId(r.nuggetId),
  documentId: nullableId(r.documentId),
  responseAId: nullableId(r.responseAId),
  responseBId: nullableId(r.responseBId),
  swapped: r.swapped === true || Number(r.swapped) === 1,
});

/**
 * Takes up to `limit` calls of a running run for `holder`: pending ones in position order, then
 * ones whose lease expired (a process that died mid-call). Nothing while the run is paused or cancelled.
 */
export async function claimCalls(
  tx: Tx,
  o: { runId: number; holder: string; now: Date; limit: number },
): Promise<ClaimedCall[]> {
  const sql = sqlOf(tx);
  const until = sql.timestamp(new Date(o.now.getTime() + CALL_LEASE_MS));
  const lock = sql.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  const claimed: ClaimedCall[] = [];
  for (const [free, params] of [
    [`"status" = 'pending'`, []],
    [`"status" = 'leased' AND "leaseExpiresAt" < ?`, [sql.timestamp(o.now)]],
  ] as const) {
    const rows = await sql.query(
      `UPDATE "JudgeCall" SET "status" = 'leased', "leaseHolder" = ?, "leaseExpiresAt" = ?, "attempts" = "attempts" + 1
       WHERE "id" IN (
         SELECT "id" FROM "JudgeCall"
         WHERE "runId" = ? AND ${free}
           AND EXISTS (SELECT 1 FROM "JudgeRun" WHERE "id" = ? AND "status" = 'running')
         ORDER BY "position" LIMIT ?${lock})
       RETURNING ${CLAIMED_COLUMNS}`,
      [o.holder, until, o.runId, ...params, o.runId, o.limit - claimed.length],
    );
    claimed.push(...rows.map(claimedCall));
    if (claimed.length >= o.limit) break;
  }
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * The rows of these calls, locked in id order (PostgreSQL), as every statement that updates a set of
 * calls locks them: two transactions that lock overlapping sets in different orders deadlock.
 */
const inIdOrder = (sql: SqlConnection, ids: readonly number[]) =>
  sql.dialect === "postgres"
    ? `SELECT "id" FROM "JudgeCall" WHERE "id" IN (${placeholders(ids)}) ORDER BY "id" FOR UPDATE`
    : placeholders(ids);

/** Extends the leases `holder` still has on these calls. */
export async function renewCalls(tx: Tx, ids: readonly number[], holder: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  const sql = sqlOf(tx);
  await sql.query(
    `UPDATE "JudgeCall" SET "leaseExpiresAt" = ? WHERE "status" = 'leased' AND "leaseHolder" = ? AND "id" IN (${inIdOrder(sql, ids)})`,
    [sql.timestamp(new Date(now.getTime() + CALL_LEASE_MS)), holder, ...ids],
  );
}

/** Gives calls `holder` has not made back to the run (a pause, or the process stopping). */
export async function releaseCalls(tx: Tx, ids: readonly number[], holder: string): Promise<void> {
  if (ids.length === 0) return;
  const sql = sqlOf(tx);
  await sql.query(
    `UPDATE "JudgeCall" SET "status" = 'pending', "leaseHolder" = NULL, "leaseExpiresAt" = NULL, "attempts" = "attempts" - 1
     WHERE "status" = 'leased' AND "leaseHolder" = ? AND "id" IN (${inIdOrder(sql, ids)})`,
    [holder, ...ids],
  );
}

/** One HTTP request of a call (model JudgeAttempt). */
export type AttemptRecord = {
  startedAt: Date;
  latencyMs: number;
  httpStatus: number | null;
  reply: string | null;
  error: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cost: number | null;
};

/** How one call ended: its attempts (none when it was not made), and their tokens and cost summed. */
export type CallOutcome = {
  id: number;
  status: "done" | "unparsed" | "failed" | "skipped";
  cacheKey: string | null;
  cached: boolean;
  reply: string | null;
  /** The levels as the call's row keeps them (storedLevel). */
  level: string | null;
  /** The levels its reply gave (its task's readReply), one per part of what it judged; empty unless done. */
  levels: string[];
  error: string | null;
  attempts: AttemptRecord[];
  inputTokens: number | null;
  outputTokens: number | null;
  latencyMs: number | null;
  cost: number | null;
  finishedAt: Date;
};

/** Keeps every attempt of these outcomes (one statement for a batch): they were made, whoever stores the outcome. */
export async function recordAttempts(tx: Tx, outcomes: readonly CallOutcome[]): Promise<void> {
  await insertAttempts(
    tx,
    outcomes.flatMap((o) => o.attempts.map((a) => ({ callId: o.id, ...a }))),
  );
}

/** Attempts of calls, as rows of JudgeAttempt (multi-row inserts of 500). */
export async function insertAttempts(tx: Tx, rows: readonly (AttemptRecord & { callId: number })[]): Promise<void> {
  const sql = sqlOf(tx);
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    await sql.query(
      `INSERT INTO "JudgeAttempt" ("callId", "startedAt", "latencyMs", "httpStatus", "reply", "error", "inputTokens", "outputTokens", "cost")
       VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      chunk.flatMap((a) => [
        a.callId,
        sql.timestamp(a.startedAt),
        a.latencyMs,
        a.httpStatus,
        a.reply,
        a.error,
        a.inputTokens,
        a.outputTokens,
        a.cost,
      ]),
    );
  }
}

/**
 * "column = column + ?" for a call's tokens and cost: its attempts' sums added to what earlier
 * attempts cost (a "retry problems" keeps them); an unknown sum (null) leaves the column. Two
 * parameters, the sum twice (typed: PostgreSQL cannot tell the type of a bare "? IS NULL").
 */
const plus = (column: string, type: string) =>
  `"${column}" = CASE WHEN CAST(? AS ${type}) IS NULL THEN "${column}" ELSE COALESCE("${column}", 0) + ? END`;
const SUMS = `${plus("inputTokens", "INTEGER")}, ${plus("outputTokens", "INTEGER")}, ${plus("cost", "DOUBLE PRECISION")}`;
const sumsOf = (o: CallOutcome) => [o.inputTokens, o.inputTokens, o.outputTokens, o.outputTokens, o.cost, o.cost];

/**
 * Stores a call's outcome (a batch of them in id order: see inIdOrder; their attempts through
 * recordAttempts) with its tokens and cost added to the call's, if `holder` still holds its lease;
 * else another process took the call over and records it, and only the tokens and cost are added
 * (the attempts were made and paid for). Returns whether the outcome was stored.
 */
export async function recordCall(tx: Tx, holder: string, o: CallOutcome): Promise<boolean> {
  const sql = sqlOf(tx);
  const rows = await sql.query(
    `UPDATE "JudgeCall" SET "status" = ?, "cacheKey" = ?, "cached" = ?, "imported" = ?, "reply" = ?, "level" = ?, "error" = ?,
       "latencyMs" = ?, ${SUMS}, "finishedAt" = ?, "leaseHolder" = NULL, "leaseExpiresAt" = NULL
     WHERE "id" = ? AND "status" = 'leased' AND "leaseHolder" = ? RETURNING "id"`,
    [
      o.status,
      o.cacheKey,
      o.cached ? 1 : 0, // a boolean as both engines read it
      0, // this server made the call (or answered it from its own cache)
      o.reply,
      o.level,
      o.error,
      o.latencyMs,
      ...sumsOf(o), // a cached answer adds a cost of 0
      sql.timestamp(o.finishedAt),
      o.id,
      holder,
    ],
  );
  if (rows.length === 1) return true;
  if (o.attempts.length > 0) await sql.query(`UPDATE "JudgeCall" SET ${SUMS} WHERE "id" = ?`, [...sumsOf(o), o.id]);
  return false;
}

/**
 * A call's label, written as the run's judge (one per judge and target: a second write replaces the
 * value): a pair's, or an answer sentence's with the system of its answer.
 */
export async function upsertCallLabel(
  tx: Tx,
  label: { callId: number; studyId: number; judgeId: number; scale: string; value: string; createdAt: Date },
): Promise<void> {
  const sql = sqlOf(tx);
  await sql.query(
    `INSERT INTO "Label" ("studyId", "judgeId", "targetType", "targetKey", "queryId", "nuggetId", "documentId", "systemAId", "scale", "value", "createdAt")
     SELECT ?, ?, CASE WHEN c."responseAId" IS NOT NULL THEN 'sentence_citation' WHEN c."nuggetId" IS NULL THEN 'query_document' ELSE 'nugget_document' END,
            c."targetKey", c."queryId", c."nuggetId", c."documentId", r."systemId", ?, ?, ?
       FROM "JudgeCall" c LEFT JOIN "Response" r ON r."id" = c."responseAId" WHERE c."id" = ?
     ON CONFLICT ("judgeId", "targetKey") DO UPDATE SET "value" = excluded."value", "scale" = excluded."scale"`,
    [label.studyId, label.judgeId, label.scale, label.value, sql.timestamp(label.createdAt), label.callId],
  );
}

/** The level of the other order of a preference call, once it parsed (else null). */
export async function otherOrderLevel(tx: Tx, callId: number): Promise<string | null> {
  const sql = sqlOf(tx);
  // locked on PostgreSQL: two processes storing the two orders at once must not both miss the other
  // (one waits for the other, or a deadlock fails one, whose writer tries again)
  const [row] = await sql.query<{ level: string | null; status: string }>(
    `SELECT w."level", w."status" FROM "JudgeCall" c
       JOIN "JudgeCall" w ON w."runId" = c."runId" AND w."targetKey" = c."targetKey" AND w."swapped" <> c."swapped"
      WHERE c."id" = ?${sql.dialect === "postgres" ? ` FOR UPDATE OF w` : ""}`,
    [callId],
  );
  if (row?.status !== "done") return null;
  return row.level;
}

/**
 * A preference label of the run's judge for a pair of answers ("sp:<query>:<systemA>:<systemB>"
 * and a criterion), systems in the pair's order (one per judge, target and criterion).
 */
export async function upsertPreferenceLabel(
  tx: Tx,
  label: { studyId: number; judgeId: number; pairKey: string; criterion: string; value: string; createdAt: Date },
): Promise<void> {
  const pair = parseSystemPairKey(label.pairKey);
  if (!pair) throw new Error(`not a pair of answers: ${label.pairKey}`);
  const { queryId, systemAId, systemBId } = pair;
  const sql = sqlOf(tx);
  await sql.query(
    `INSERT INTO "Label" ("studyId", "judgeId", "targetType", "targetKey", "queryId", "systemAId", "systemBId", "criterion", "scale", "value", "createdAt")
     VALUES (?, ?, 'system_pair', ?, ?, ?, ?, ?, 'preference', ?, ?)
     ON CONFLICT ("judgeId", "targetKey") DO UPDATE SET "value" = excluded."value"`,
    [
      label.studyId,
      label.judgeId,
      `${label.pairKey}:${label.criterion}`,
      queryId,
      systemAId,
      systemBId,
      label.criterion,
      label.value,
      sql.timestamp(label.createdAt),
    ],
  );
}

/**
 * Ends a running run whose every call has ended: done, or failed when no call was answered (none
 * done or unparsed), with the first call's error as its reason. Returns whether it ended.
 */
export async function finishRunIfDone(tx: Tx, runId: number, now: Date): Promise<boolean> {
  const sql = sqlOf(tx);
  const answered = `EXISTS (SELECT 1 FROM "JudgeCall" WHERE "runId" = ? AND "status" IN ('done', 'unparsed'))`;
  const rows = await sql.query(
    `UPDATE "JudgeRun" SET "finishedAt" = ?,
       "status" = CASE WHEN ${answered} THEN 'done' ELSE 'failed' END,
       "failure" = CASE WHEN ${answered} THEN NULL ELSE
         (SELECT "error" FROM "JudgeCall" WHERE "runId" = ? AND "error" IS NOT NULL ORDER BY "position" LIMIT 1) END
     WHERE "id" = ? AND "status" = 'running'
       AND NOT EXISTS (SELECT 1 FROM "JudgeCall" WHERE "runId" = ? AND "status" IN ('pending', 'leased'))
     RETURNING "id"`,
    [sql.timestamp(now), runId, runId, runId, runId, runId],
  );
  return rows.length === 1;
}

/**
 * How many calls of each of these runs a worker could claim now (pending, or leased under a lease
 * that expired), while the run is running: what a worker sizes its lanes and claims by.
 */
export async function claimableCalls(runIds: readonly number[], now: Date): Promise<Map<number, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await readRows<{ runId: unknown; calls: unknown }>(
    `SELECT c."runId", COUNT(*) AS "calls" FROM "JudgeCall" c JOIN "JudgeRun" r ON r."id" = c."runId"
      WHERE c."runId" IN (${placeholders(runIds)}) AND r."status" = 'running'
        AND (c."status" = 'pending' OR (c."status" = 'leased' AND c."leaseExpiresAt" < ?))
      GROUP BY c."runId"`,
    [...runIds, readTimestamp(now)],
  );
  return new Map(rows.map((r) => [Number(r.runId), Number(r.calls)]));
}

/**
 * The replies that parsed for these cache keys in the study's runs, of calls this server made (a
 * call a bundle brought is a record, never a cache entry): a call with one is answered from it.
 * Scoped to the study, so that no study's labels can come from another's replies.
 */
export async function cachedReplies(
  studyId: number,
  cacheKeys: readonly string[],
): Promise<Map<string, { reply: string; level: string }>> {
  if (cacheKeys.length === 0) return new Map();
  const rows = await readRows<{ cacheKey: string; reply: string; level: string }>(
    // the calls with these keys first, by the cacheKey index (materialized: else a planner may walk the
    // run's done calls by the (runId, status) index instead: 6,000 rows for 8 keys on PostgreSQL)
    `WITH "hits" AS MATERIALIZED (
       SELECT "cacheKey", "reply", "level", "runId", "status", "imported" FROM "JudgeCall"
        WHERE "cacheKey" IN (${placeholders(cacheKeys)}))
     SELECT h."cacheKey", h."reply", h."level" FROM "hits" h JOIN "JudgeRun" r ON r."id" = h."runId"
      WHERE r."studyId" = ? AND h."status" = 'done' AND NOT h."imported"`,
    [...cacheKeys, studyId],
  );
  return new Map(rows.map((r) => [r.cacheKey, { reply: r.reply, level: r.level }]));
}

/**
 * The texts a batch of calls' prompts are filled from, by call id: a call on an answer ("a:") or
 * on a question's nuggets ("q:", a nuggetizer run) with its question's nuggets in the run's set as
 * they are now, in order; a call on an answer sentence ("sc:") with the sentence's text.
 */
export async function callTexts(ids: readonly number[]): Promise<Map<number, CallTexts>> {
  if (ids.length === 0) return new Map();
  const marks = placeholders(ids);
  const rows = await readRows<
    Omit<CallTexts, "nuggets" | "sentence"> & { id: unknown; targetKey: string; sentencesA: string | null }
  >(
    `SELECT c."id", c."targetKey", q."body" AS "question", q."answer", n."text" AS "nugget", d."title", d."text" AS "chunk",
            ra."text" AS "answerA", rb."text" AS "answerB", ra."sentences" AS "sentencesA"
       FROM "JudgeCall" c
       LEFT JOIN "Query" q ON q."id" = c."queryId"
       LEFT JOIN "Nugget" n ON n."id" = c."nuggetId"
       LEFT JOIN "Document" d ON d."id" = c."documentId"
       LEFT JOIN "Response" ra ON ra."id" = c."responseAId"
       LEFT JOIN "Response" rb ON rb."id" = c."responseBId"
      WHERE c."id" IN (${marks})`,
    ids,
  );
  const nuggets = await readRows<{ callId: unknown; id: unknown; text: string }>(
    `SELECT c."id" AS "callId", n."id", n."text" FROM "JudgeCall" c JOIN "JudgeRun" r ON r."id" = c."runId"
       JOIN "Nugget" n ON n."queryId" = c."queryId" AND n."setId" = r."nuggetSetId"
      WHERE c."id" IN (${marks}) AND (c."targetKey" LIKE ? OR c."targetKey" LIKE ?) ORDER BY c."id", n."position", n."id"`,
    [...ids, `${TARGET_PREFIX.answer}%`, `${TARGET_PREFIX.query}%`],
  );
  const byCall = new Map<number, { id: number; text: string }[]>();
  for (const n of nuggets)
    byCall.set(Number(n.callId), [...(byCall.get(Number(n.callId)) ?? []), { id: Number(n.id), text: n.text }]);
  return new Map(
    rows.map(({ id, targetKey, sentencesA, ...texts }) => {
      // a call on an answer sentence: the sentence its key names
      const cited = parseSentenceCitationKey(targetKey);
      const sentence = cited ? (storedSentences(sentencesA)?.[cited.sentence]?.text ?? null) : null;
      return [Number(id), { ...texts, sentence, nuggets: byCall.get(Number(id)) ?? [] }];
    }),
  );
}

/**
 * Takes a free slot of an endpoint (one of its first `concurrency`: none held, or a lease that
 * expired) for `holder`; returns its number, or null when all are held.
 */
export async function takeEndpointSlot(
  tx: Tx,
  o: { endpointId: number; concurrency: number; holder: string; now: Date },
): Promise<number | null> {
  const sql = sqlOf(tx);
  await sql.query(
    `INSERT INTO "JudgeEndpointSlot" ("endpointId", "slot") VALUES ${Array.from({ length: o.concurrency }, () => "(?, ?)").join(", ")}
     ON CONFLICT ("endpointId", "slot") DO NOTHING`,
    Array.from({ length: o.concurrency }, (_, slot) => [o.endpointId, slot]).flat(),
  );
  const lock = sql.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  const [row] = await sql.query<{ slot: number }>(
    `UPDATE "JudgeEndpointSlot" SET "holder" = ?, "leaseExpiresAt" = ?
     WHERE "endpointId" = ? AND "slot" = (
       SELECT "slot" FROM "JudgeEndpointSlot"
       WHERE "endpointId" = ? AND "slot" < ? AND ("holder" IS NULL OR "leaseExpiresAt" < ?)
       ORDER BY "slot" LIMIT 1${lock})
     RETURNING "slot"`,
    [
      o.holder,
      sql.timestamp(new Date(o.now.getTime() + SLOT_LEASE_MS)),
      o.endpointId,
      o.endpointId,
      o.concurrency,
      sql.timestamp(o.now),
    ],
  );
  return row ? Number(row.slot) : null;
}

/** Extends `holder`'s slot leases; returns the slots it still holds (one taken over after a stall is lost). */
export async function renewEndpointSlots(
  tx: Tx,
  o: { endpointId: number; slots: readonly number[]; holder: string; now: Date },
): Promise<number[]> {
  if (o.slots.length === 0) return [];
  const sql = sqlOf(tx);
  const rows = await sql.query<{ slot: number }>(
    `UPDATE "JudgeEndpointSlot" SET "leaseExpiresAt" = ?
     WHERE "endpointId" = ? AND "holder" = ? AND "slot" IN (${placeholders(o.slots)}) RETURNING "slot"`,
    [sql.timestamp(new Date(o.now.getTime() + SLOT_LEASE_MS)), o.endpointId, o.holder, ...o.slots],
  );
  return rows.map((r) => Number(r.slot));
}

export async function releaseEndpointSlot(tx: Tx, endpointId: number, slot: number, holder: string): Promise<void> {
  await sqlOf(tx).query(
    `UPDATE "JudgeEndpointSlot" SET "holder" = NULL, "leaseExpiresAt" = NULL WHERE "endpointId" = ? AND "slot" = ? AND "holder" = ?`,
    [endpointId, slot, holder],
  );
}

/**
 * Reserves the next start time of a call to a paced endpoint (one call every `intervalMs`, shared
 * by every process): returns the time (ms since the epoch) the caller may start.
 */
export async function reserveCallStart(tx: Tx, endpointId: number, intervalMs: number, nowMs: number): Promise<number> {
  const sql = sqlOf(tx);
  const greatest = sql.dialect === "postgres" ? "GREATEST" : "MAX";
  const [row] = await sql.query<{ nextCallAt: number }>(
    `UPDATE "JudgeEndpoint" SET "nextCallAt" = ${greatest}("nextCallAt", ?) + ? WHERE "id" = ? RETURNING "nextCallAt"`,
    [nowMs, intervalMs, endpointId],
  );
  if (!row) throw new Error(`endpoint ${endpointId} was removed`);
  return Number(row.nextCallAt) - intervalMs;
}

/** The ids of the running runs that have an endpoint (of `only`, when given): what a worker polls for. */
export async function runningRunIds(only?: readonly number[]): Promise<number[]> {
  if (only && only.length === 0) return [];
  const rows = await readRows<{ id: unknown }>(
    `SELECT "id" FROM "JudgeRun" WHERE "status" = 'running' AND "endpointId" IS NOT NULL${only ? ` AND "id" IN (${placeholders(only)})` : ""}`,
    only ?? [],
  );
  return rows.map((r) => Number(r.id));
}

/** What a worker needs of runs it has not worked yet: their settings and template. */
export async function runsToWork(ids: readonly number[]) {
  if (ids.length === 0) return [];
  return readRows<{
    id: unknown;
    studyId: unknown;
    judgeId: unknown;
    endpointId: unknown;
    template: string;
    templateVersion: string;
    temperature: unknown;
    seed: unknown;
    task: string;
    criterion: string | null;
    baseUrl: string;
    model: string;
    nuggetSetId: unknown;
    options: string | null;
  }>(
    `SELECT "id", "studyId", "judgeId", "endpointId", "template", "templateVersion", "temperature", "seed", "task", "criterion", "baseUrl", "model",
            "nuggetSetId", "options"
       FROM "JudgeRun" WHERE "id" IN (${placeholders(ids)})`,
    ids,
  );
}
