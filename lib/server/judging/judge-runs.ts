import "server-only";
import { judgeTaskOf } from "@/lib/domain/judging/judge-tasks/registry";
import { judgeTemplateSchema } from "@/lib/domain/judging/judge-template";
import { runEtaSeconds, runWaiting } from "@/lib/domain/judging/run-eta";
import {
  judgeRunSampleSchema,
  JUDGE_CALL_STATUSES,
  type JudgeRunDetail,
  type JudgeRunDto,
  type JudgeRunProgress,
} from "@/lib/schemas/judging";
import { getDb, type Db } from "../db/client";
import {
  callTotals,
  heldSlots,
  problemCalls,
  retryProblemCalls,
  setRunStatus,
  type CallTotals,
} from "../db/judge-runs";
import { withTransaction } from "../db/transactions";
import { positionConsistency } from "@/lib/domain/judging/preference-orders";
import { preferenceOrdersOfRuns } from "./preference-orders-of-runs";
import { AppError, notFound } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

type RunRow = NonNullable<Awaited<ReturnType<Db["judgeRun"]["findUnique"]>>> & {
  judge: { name: string };
  nuggetSet: { name: string; campaigns: { id: number; name: string; taskType: string }[] } | null;
};
const RUN_INCLUDE = {
  judge: { select: { name: true } },
  // its set's campaigns: a creation run's reviews (nugget quality campaigns on the set it wrote)
  nuggetSet: {
    select: { name: true, campaigns: { select: { id: true, name: true, taskType: true }, orderBy: { id: "asc" } } },
  },
} as const;

/** A nugget creation run's reviews: the campaigns of its calibration task on the set it wrote. */
function reviewsOf(run: RunRow): { campaignId: number; name: string }[] {
  const task = judgeTaskOf(run.task);
  if (task.labelKind !== "nuggets") return [];
  return (run.nuggetSet?.campaigns ?? [])
    .filter((c) => c.taskType === task.campaignTask)
    .map((c) => ({ campaignId: c.id, name: c.name }));
}

type Slots = { held: number; of: number; endAt: Date | null };

/** The columns a run's progress needs (a run's row, or the narrower one `getJudgeRunProgress` reads). */
type ProgressRow = Pick<RunRow, "id" | "status" | "failure" | "createdAt" | "endpointId" | "task"> & {
  judge: { name: string };
};

function toProgress(
  run: ProgressRow,
  totals: CallTotals | undefined,
  inconsistent: number,
  slots: Slots,
): JudgeRunProgress {
  const calls = Object.fromEntries(
    JUDGE_CALL_STATUSES.map((s) => [s, totals?.byStatus[s] ?? 0]),
  ) as JudgeRunDto["calls"];
  const total = Object.values(calls).reduce((a, b) => a + b, 0);
  const remaining = calls.pending + calls.leased;
  const waiting =
    run.status === "running"
      ? runWaiting({
          pending: calls.pending,
          leased: calls.leased,
          lastFinishedAt: totals?.lastFinishedAt ?? null,
          startedAt: run.createdAt,
          leasesEndAt: totals?.leasesEndAt ?? null,
          slots,
          now: new Date(),
        })
      : null;
  return {
    id: run.id,
    judge: run.judge.name,
    status: run.status as JudgeRunDto["status"],
    failure: run.failure,
    calls,
    total,
    cachedCalls: totals?.cached ?? 0,
    inconsistentPairs: inconsistent,
    inputTokens: totals?.inputTokens ?? 0,
    outputTokens: totals?.outputTokens ?? 0,
    cost: { known: totals?.knownCost ?? 0, unknownCalls: totals?.unknownCost ?? 0 },
    waiting,
    etaSeconds:
      run.status === "running" && waiting === null
        ? runEtaSeconds({
            finished: total - remaining,
            remaining,
            firstFinishedAt: totals?.firstFinishedAt ?? null,
            lastFinishedAt: totals?.lastFinishedAt ?? null,
          })
        : null,
  };
}

function toRunDto(run: RunRow, totals: CallTotals | undefined, inconsistent: number, slots: Slots): JudgeRunDto {
  const p = toProgress(run, totals, inconsistent, slots);
  // the fields in the order the API has always written them
  return {
    id: p.id,
    judge: p.judge,
    status: p.status,
    failure: p.failure,
    endpoint: run.endpointName,
    baseUrl: run.baseUrl,
    model: run.model,
    templateName: run.templateName,
    templateVersion: run.templateVersion,
    task: run.task,
    scale: judgeTemplateSchema.parse(JSON.parse(run.template)).scale,
    sample: judgeRunSampleSchema.parse(JSON.parse(run.sample)),
    systems: run.systems === null ? null : (JSON.parse(run.systems) as string[]),
    criterion: run.criterion,
    nuggetSet: run.nuggetSet?.name ?? null,
    reviews: reviewsOf(run),
    temperature: run.temperature,
    seed: run.seed,
    createdBy: run.createdBy,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    calls: p.calls,
    total: p.total,
    cachedCalls: p.cachedCalls,
    incompleteCalls: totals?.incomplete ?? 0,
    inconsistentPairs: p.inconsistentPairs,
    inputTokens: p.inputTokens,
    outputTokens: p.outputTokens,
    cost: p.cost,
    waiting: p.waiting,
    etaSeconds: p.etaSeconds,
  };
}

/** A study's judge runs, newest first, with their progress. */
export async function listJudgeRuns(user: UserDto, studyId: number): Promise<JudgeRunDto[]> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  return judgeRunsOf(db, studyId);
}

/** The same, for a caller that has checked the user's access to the study (the LLM judges page). */
export async function judgeRunsOf(db: Db, studyId: number): Promise<JudgeRunDto[]> {
  const runs = await db.judgeRun.findMany({
    where: { studyId },
    orderBy: { id: "desc" },
    include: RUN_INCLUDE,
  });
  const ids = runs.map((r) => r.id);
  const [totals, orders, slots] = await Promise.all([
    callTotals(ids),
    preferenceOrdersOfRuns(runs.filter((r) => judgeTaskOf(r.task).bothOrders).map((r) => r.id)),
    slotsOf(db, runs),
  ]);
  return runs.map((r) =>
    toRunDto(r, totals.get(r.id), positionConsistency(orders.get(r.id) ?? []).inconsistent, slots(r)),
  );
}

/** The slots of the running runs' endpoints: what a run that waits may be waiting for. */
async function slotsOf<R extends ProgressRow>(db: Db, runs: R[]): Promise<(run: R) => Slots> {
  const ids = [
    ...new Set(runs.flatMap((r) => (r.status === "running" && r.endpointId !== null ? [r.endpointId] : []))),
  ];
  if (ids.length === 0) return () => ({ held: 0, of: 0, endAt: null });
  const [held, endpoints] = await Promise.all([
    heldSlots(ids, new Date()),
    db.judgeEndpoint.findMany({ where: { id: { in: ids } }, select: { id: true, concurrency: true } }),
  ]);
  const concurrency = new Map(endpoints.map((e) => [e.id, e.concurrency]));
  return (run) => {
    const id = run.endpointId ?? -1;
    return { held: held.get(id)?.held ?? 0, of: concurrency.get(id) ?? 0, endAt: held.get(id)?.endAt ?? null };
  };
}

/** The study a run belongs to (null when there is no such run): for the command line's `--run ID`. */
export async function studyOfJudgeRun(runId: number): Promise<number | null> {
  const db = await getDb();
  const run = await db.judgeRun.findUnique({ where: { id: runId }, select: { studyId: true } });
  return run?.studyId ?? null;
}

async function runOf(db: Db, studyId: number, runId: number): Promise<RunRow> {
  const run = await db.judgeRun.findUnique({ where: { id: runId }, include: RUN_INCLUDE });
  if (!run || run.studyId !== studyId) throw notFound("Judge run not found");
  return run;
}

/** One run with its progress and the calls that gave no label (with their replies). */
export async function getJudgeRun(user: UserDto, studyId: number, runId: number): Promise<JudgeRunDetail> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const run = await runOf(db, studyId, runId);
  const [totals, orders, problems, slots] = await Promise.all([
    callTotals([runId]),
    preferenceOrdersOfRuns(judgeTaskOf(run.task).bothOrders ? [runId] : []),
    problemCalls(runId),
    slotsOf(db, [run]),
  ]);
  return {
    run: toRunDto(run, totals.get(runId), positionConsistency(orders.get(runId) ?? []).inconsistent, slots(run)),
    problems: problems.map((p) => ({
      ...p,
      id: Number(p.id),
      status: p.status as "unparsed" | "failed" | "skipped" | "done",
    })),
  };
}

/**
 * A run's progress alone (its status and call totals; no problem calls, set or reviews): what a
 * waiting `assay judge run` reads each second, kept to a few reads so a process that waits beside
 * a run stays idle.
 */
export async function getJudgeRunProgress(user: UserDto, studyId: number, runId: number): Promise<JudgeRunProgress> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const run = await db.judgeRun.findUnique({
    where: { id: runId },
    select: {
      id: true,
      studyId: true,
      status: true,
      failure: true,
      createdAt: true,
      endpointId: true,
      task: true,
      judge: { select: { name: true } },
    },
  });
  if (!run || run.studyId !== studyId) throw notFound("Judge run not found");
  const [totals, orders, slots] = await Promise.all([
    callTotals([runId]),
    preferenceOrdersOfRuns(judgeTaskOf(run.task).bothOrders ? [runId] : []),
    slotsOf(db, [run]),
  ]);
  return toProgress(run, totals.get(runId), positionConsistency(orders.get(runId) ?? []).inconsistent, slots(run));
}

/**
 * Pauses a running run (calls in flight finish and are stored; the rest wait), resumes a paused
 * one, cancels one that has not ended (its remaining calls are never made), or retries the calls
 * that gave no label (a finished run runs again for them).
 */
export async function changeJudgeRun(
  user: UserDto,
  studyId: number,
  runId: number,
  action: "pause" | "resume" | "cancel" | "retry",
): Promise<JudgeRunDetail> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const run = await runOf(db, studyId, runId);
  if ((action === "resume" || action === "retry") && run.endpointId === null) {
    // its endpoint was removed (or the run was imported): one of the same name and URL takes it on
    const again = await db.judgeEndpoint.findFirst({ where: { name: run.endpointName, baseUrl: run.baseUrl } });
    if (!again)
      throw new AppError(
        "conflict",
        `this server has no endpoint "${run.endpointName}" at ${run.baseUrl} (it was removed, or the run was imported): register one of that name and URL, or start a new run`,
      );
    await db.judgeRun.update({ where: { id: runId }, data: { endpointId: again.id } });
  }
  const changed = await withTransaction(async (tx) => {
    switch (action) {
      case "pause":
        return setRunStatus(tx, runId, ["running"], "paused", null);
      case "resume":
        return setRunStatus(tx, runId, ["paused"], "running", null);
      case "cancel":
        return setRunStatus(tx, runId, ["running", "paused"], "cancelled", new Date());
      case "retry": {
        if (run.status === "cancelled") return false;
        const calls = await retryProblemCalls(tx, runId);
        if (calls > 0) await setRunStatus(tx, runId, ["done", "failed"], "running", null);
        return calls > 0;
      }
    }
  });
  if (!changed)
    throw new AppError(
      "conflict",
      action === "retry"
        ? run.status === "cancelled"
          ? "a cancelled run is not retried; start a new run"
          : "this run has no unparsed or failed calls"
        : `a ${run.status} run cannot be ${{ pause: "paused", resume: "resumed", cancel: "cancelled" }[action]}`,
    );
  return getJudgeRun(user, studyId, runId);
}
