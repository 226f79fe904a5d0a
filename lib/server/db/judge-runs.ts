import "server-only";
import { insertAttempts } from "./judge-calls";
import { chunksOf, placeholders, readInChunks } from "./lists";
import { readRows, readTimestamp, sqlOf, type Tx } from "./sql-connection";

/** A call a run will make: one target (a pooled pair), or one order of a preference's two answers. */
export type PlannedCall = {
  targetKey: string;
  queryId: number | null;
  nuggetId: number | null;
  documentId: number | null;
  responseAId?: number | null;
  responseBId?: number | null;
  swapped?: boolean;
};

/** A judge run as a study bundle brings it (lib/server/imports/writers/judging.ts): every column but its id. */
export type ImportedJudgeRun = {
  studyId: number;
  judgeId: number;
  endpointId: number | null;
  endpointName: string;
  baseUrl: string;
  model: string;
  templateName: string;
  templateVersion: string;
  template: string;
  task: string;
  sample: string;
  systems: string | null;
  criterion: string | null;
  temperature: number;
  seed: number | null;
  nuggetSetId: number | null;
  /** A nuggetizer run's settings (JSON), else null. */
  options: string | null;
  status: string;
  failure: string | null;
  createdBy: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

/** The id of the study's run of this judge started at this time (the same run, in a bundle imported again), if any. */
export async function judgeRunStartedAt(tx: Tx, run: ImportedJudgeRun): Promise<number | null> {
  const sql = sqlOf(tx);
  const [row] = await sql.query(
    `SELECT "id" FROM "JudgeRun" WHERE "studyId" = ? AND "judgeId" = ? AND "createdAt" = ?`,
    [run.studyId, run.judgeId, sql.timestamp(run.createdAt)],
  );
  return row ? Number(row.id) : null;
}

/** Inserts a run a bundle brings; its id. */
export async function insertImportedJudgeRun(tx: Tx, run: ImportedJudgeRun): Promise<number> {
  const sql = sqlOf(tx);
  const columns = Object.keys(run);
  const values = Object.values(run).map((v) => (v instanceof Date ? sql.timestamp(v) : v));
  const [row] = await sql.query(
    `INSERT INTO "JudgeRun" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${placeholders(columns)}) RETURNING "id"`,
    values,
  );
  return Number(row!.id);
}

/** A call's HTTP attempts as a bundle brings them. */
export type ImportedAttempt = {
  started_at: string;
  latency_ms: number;
  http_status: number | null;
  reply: string | null;
  error: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cost: number | null;
};

/** The attempts of calls a bundle brought (new runs' calls only, named by run and position). */
export async function insertImportedAttempts(
  tx: Tx,
  calls: readonly { runId: number; position: number; attempts: readonly ImportedAttempt[] }[],
): Promise<void> {
  const sql = sqlOf(tx);
  const ids = new Map<string, number>();
  for (const runId of new Set(calls.map((c) => c.runId))) {
    const positions = calls.filter((c) => c.runId === runId).map((c) => c.position);
    for (const chunk of chunksOf(positions)) {
      const rows = await sql.query<{ id: unknown; position: unknown }>(
        `SELECT "id", "position" FROM "JudgeCall" WHERE "runId" = ? AND "position" IN (${placeholders(chunk)})`,
        [runId, ...chunk],
      );
      for (const r of rows) ids.set(`${runId}:${Number(r.position)}`, Number(r.id));
    }
  }
  await insertAttempts(
    tx,
    calls.flatMap((c) =>
      c.attempts.map((a) => ({
        callId: ids.get(`${c.runId}:${c.position}`)!,
        startedAt: new Date(a.started_at),
        latencyMs: a.latency_ms,
        httpStatus: a.http_status,
        reply: a.reply,
        error: a.error,
        inputTokens: a.input_tokens,
        outputTokens: a.output_tokens,
        cost: a.cost,
      })),
    ),
  );
}

/** A run's calls, pending, in the sample's order (multi-row inserts of 500). */
export async function insertJudgeCalls(tx: Tx, runId: number, calls: readonly PlannedCall[]): Promise<void> {
  const sql = sqlOf(tx);
  for (let start = 0; start < calls.length; start += 500) {
    const chunk = calls.slice(start, start + 500);
    await sql.query(
      `INSERT INTO "JudgeCall" ("runId", "position", "targetKey", "queryId", "nuggetId", "documentId", "responseAId", "responseBId", "swapped", "status")
       VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')").join(", ")}`,
      chunk.flatMap((c, i) => [
        runId,
        start + i + 1,
        c.targetKey,
        c.queryId,
        c.nuggetId,
        c.documentId,
        c.responseAId ?? null,
        c.responseBId ?? null,
        c.swapped ? 1 : 0, // a boolean as both engines read it
      ]),
    );
  }
}

/** The preference pairs of these runs whose two orders both gave a choice: each pair's run and its levels shown A/B and swapped B/A. */
export async function preferenceOrders(
  runIds: readonly number[],
): Promise<{ runId: number; shown: string; swapped: string }[]> {
  if (runIds.length === 0) return [];
  const rows = await readRows<{ runId: unknown; shown: string; swapped: string }>(
    `SELECT s."runId", s."level" AS "shown", w."level" AS "swapped" FROM "JudgeCall" s
       JOIN "JudgeCall" w ON w."runId" = s."runId" AND w."targetKey" = s."targetKey" AND w."swapped" <> s."swapped"
      WHERE s."runId" IN (${placeholders(runIds)}) AND NOT s."swapped" AND s."status" = 'done' AND w."status" = 'done'`,
    runIds,
  );
  return rows.map((r) => ({ runId: Number(r.runId), shown: r.shown, swapped: r.swapped }));
}

/** How far a run's calls are: counts by status, tokens and latency summed, the known costs summed and the unknown ones counted. */
export type CallTotals = {
  byStatus: Record<string, number>;
  cached: number;
  inputTokens: number;
  outputTokens: number;
  knownCost: number;
  unknownCost: number;
  firstFinishedAt: Date | null;
  lastFinishedAt: Date | null;
  /** When the last lease of its leased calls ends unless renewed. */
  leasesEndAt: Date | null;
  /** Done calls some of whose requests got no reply (a nuggetizer call's windows). */
  incomplete: number;
};

export async function callTotals(runIds: readonly number[]): Promise<Map<number, CallTotals>> {
  const totals = new Map<number, CallTotals>();
  if (runIds.length === 0) return totals;
  const rows = await readRows<{
    runId: unknown;
    status: string;
    calls: unknown;
    cached: unknown;
    incomplete: unknown;
    inputTokens: unknown;
    outputTokens: unknown;
    knownCost: unknown;
    unknownCost: unknown;
    firstAt: unknown;
    lastAt: unknown;
    leaseEnd: unknown;
  }>(
    `SELECT "runId", "status", COUNT(*) AS "calls",
            SUM(CASE WHEN "cached" THEN 1 ELSE 0 END) AS "cached",
            SUM(CASE WHEN "status" = 'done' AND "error" IS NOT NULL THEN 1 ELSE 0 END) AS "incomplete",
            COALESCE(SUM("inputTokens"), 0) AS "inputTokens", COALESCE(SUM("outputTokens"), 0) AS "outputTokens",
            COALESCE(SUM("cost"), 0) AS "knownCost",
            SUM(CASE WHEN "cost" IS NULL AND ("status" IN ('done', 'unparsed') OR ("status" = 'failed' AND "attempts" > 0))
                THEN 1 ELSE 0 END) AS "unknownCost",
            MIN("finishedAt") AS "firstAt", MAX("finishedAt") AS "lastAt", MAX("leaseExpiresAt") AS "leaseEnd"
       FROM "JudgeCall" WHERE "runId" IN (${placeholders(runIds)}) GROUP BY "runId", "status"`,
    runIds,
  );
  for (const r of rows) {
    const id = Number(r.runId);
    const t = totals.get(id) ?? {
      byStatus: {},
      cached: 0,
      inputTokens: 0,
      outputTokens: 0,
      knownCost: 0,
      unknownCost: 0,
      firstFinishedAt: null,
      lastFinishedAt: null,
      leasesEndAt: null,
      incomplete: 0,
    };
    t.byStatus[r.status] = Number(r.calls);
    t.cached += Number(r.cached);
    t.incomplete += Number(r.incomplete);
    t.inputTokens += Number(r.inputTokens);
    t.outputTokens += Number(r.outputTokens);
    t.knownCost += Number(r.knownCost);
    t.unknownCost += Number(r.unknownCost);
    const first = timeOf(r.firstAt);
    const last = timeOf(r.lastAt);
    if (first && (!t.firstFinishedAt || first < t.firstFinishedAt)) t.firstFinishedAt = first;
    if (last && (!t.lastFinishedAt || last > t.lastFinishedAt)) t.lastFinishedAt = last;
    const leaseEnd = timeOf(r.leaseEnd);
    if (leaseEnd && (!t.leasesEndAt || leaseEnd > t.leasesEndAt)) t.leasesEndAt = leaseEnd;
    totals.set(id, t);
  }
  return totals;
}

/** A time read through the driver: a Date (PostgreSQL) or Prisma's ISO text (SQLite). */
const timeOf = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string | Date));

/**
 * The calls of a run that gave no label, and the done ones some of whose requests got no reply (a
 * nuggetizer call's windows), in position order (at most `limit`).
 */
export async function problemCalls(runId: number, limit = 200) {
  return readRows<{ id: number; targetKey: string; status: string; reply: string | null; error: string | null }>(
    `SELECT "id", "targetKey", "status", "reply", "error" FROM "JudgeCall"
      WHERE "runId" = ? AND ("status" IN ('unparsed', 'failed', 'skipped') OR ("status" = 'done' AND "error" IS NOT NULL))
      ORDER BY "position" LIMIT ?`,
    [runId, limit],
  );
}

/**
 * Makes a run's unparsed and failed calls pending again (a new call each: a reply that did not parse
 * is not a cache entry); returns how many calls the run now has to make (those, and any it never
 * made). Their tokens and cost stay: the new attempts add to them.
 */
export async function retryProblemCalls(tx: Tx, runId: number): Promise<number> {
  const rows = await sqlOf(tx).query(
    `UPDATE "JudgeCall" SET "status" = 'pending', "reply" = NULL, "level" = NULL, "error" = NULL, "cacheKey" = NULL,
       "latencyMs" = NULL, "finishedAt" = NULL
     WHERE "runId" = ? AND "status" IN ('unparsed', 'failed') RETURNING "id"`,
    [runId],
  );
  // a run failed half-way (its endpoint removed) also has calls that were never made
  const [left] = await sqlOf(tx).query<{ n: unknown }>(
    `SELECT COUNT(*) AS "n" FROM "JudgeCall" WHERE "runId" = ? AND "status" IN ('pending', 'leased')`,
    [runId],
  );
  return rows.length + Number(left?.n ?? 0);
}

/** The slots of these endpoints held now: how many, and when the last lease ends unless renewed. */
export async function heldSlots(endpointIds: readonly number[], now: Date) {
  const held = new Map<number, { held: number; endAt: Date | null }>();
  if (endpointIds.length === 0) return held;
  const rows = await readRows<{ endpointId: unknown; held: unknown; endAt: unknown }>(
    `SELECT "endpointId", COUNT(*) AS "held", MAX("leaseExpiresAt") AS "endAt" FROM "JudgeEndpointSlot"
      WHERE "endpointId" IN (${placeholders(endpointIds)}) AND "holder" IS NOT NULL AND "leaseExpiresAt" > ?
      GROUP BY "endpointId"`,
    [...endpointIds, readTimestamp(now)],
  );
  for (const r of rows) held.set(Number(r.endpointId), { held: Number(r.held), endAt: timeOf(r.endAt) });
  return held;
}

/** Sets a run's status when it is one of `from`; returns whether it changed (a failed run's reason is cleared). */
export async function setRunStatus(
  tx: Tx,
  runId: number,
  from: readonly string[],
  to: string,
  finishedAt: Date | null,
): Promise<boolean> {
  const sql = sqlOf(tx);
  const rows = await sql.query(
    `UPDATE "JudgeRun" SET "status" = ?, "finishedAt" = ?, "failure" = NULL WHERE "id" = ? AND "status" IN (${placeholders(from)}) RETURNING "id"`,
    [to, finishedAt === null ? null : sql.timestamp(finishedAt), runId, ...from],
  );
  return rows.length === 1;
}

/** The reply of the newest done call for each of these targets among these runs (a judge's runs). */
export async function repliesOfTargets(
  runIds: readonly number[],
  targetKeys: readonly string[],
): Promise<Map<string, string>> {
  if (runIds.length === 0 || targetKeys.length === 0) return new Map();
  const rows = await readInChunks(targetKeys, (chunk) =>
    readRows<{ targetKey: string; reply: string | null; id: unknown }>(
      `SELECT "targetKey", "reply", "id" FROM "JudgeCall"
        WHERE "runId" IN (${placeholders(runIds)}) AND "status" = 'done'
          AND "targetKey" IN (${placeholders(chunk)})`,
      [...runIds, ...chunk],
    ),
  );
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  const replies = new Map<string, string>();
  for (const r of rows) if (r.reply !== null) replies.set(r.targetKey, r.reply); // the newest wins
  return replies;
}
