import "server-only";
import type { AnyJudgeTask } from "@/lib/domain/judging/judge-tasks/registry";
import { combineOrders, type PreferenceValue } from "@/lib/domain/judging/preference-orders";
import { parseAnswerKey, parseQuestionKey } from "@/lib/domain/targets";
import {
  otherOrderLevel,
  recordAttempts,
  recordCall,
  upsertCallLabel,
  upsertPreferenceLabel,
  type CallOutcome,
} from "../../db/judge-calls";
import { upsertAssignmentLabels } from "../../db/labels";
import { writeCreatedNuggets, setNuggetImportance } from "../../db/nugget-sets";
import { withLeaseTransaction, type Tx } from "../../db/transactions";
import { nextTurn } from "../../next-turn";

/** What the writer needs of a run: whose labels it writes, on what scale, by its task's label kind. */
export type WriterRun = {
  studyId: number;
  judgeId: number;
  scale: string;
  task: AnyJudgeTask;
  /** A preference run's criterion. */
  criterion: string;
  /** The nugget set a nuggetizer run writes (and a nugget assignment or support run reads). */
  nuggetSetId: number | null;
};

type LabelWriter = (tx: Tx, run: WriterRun, call: WrittenCall, levels: readonly string[], at: Date) => Promise<void>;

/** What a parsed reply becomes, by its task's labelKind. */
const LABEL_WRITERS: Record<AnyJudgeTask["labelKind"], LabelWriter> = {
  /** A Label on the call's target, on the run's scale. */
  level: (tx, run, call, [level], at) =>
    upsertCallLabel(tx, {
      callId: call.id,
      studyId: run.studyId,
      judgeId: run.judgeId,
      scale: run.scale,
      value: level!,
      createdAt: at,
    }),
  /**
   * A preference is judged both ways: once both orders of a pair parsed, the pair's label is the
   * choice they agree on (read back to one order), or none when they disagree (position-inconsistent,
   * counted by the run and left out of agreement).
   */
  preference: async (tx, run, call, [level], at) => {
    const other = await otherOrderLevel(tx, call.id);
    if (other === null) return;
    const [shown, swapped] = call.swapped ? [other, level!] : [level!, other];
    const combined = combineOrders(shown as PreferenceValue, swapped as PreferenceValue);
    if ("value" in combined)
      await upsertPreferenceLabel(tx, {
        studyId: run.studyId,
        judgeId: run.judgeId,
        pairKey: call.targetKey,
        criterion: run.criterion,
        value: combined.value,
        createdAt: at,
      });
  },
  /** A Label per nugget of the answer ("na:<nugget>:<system>"), its level in the prompt's order. */
  assignments: async (tx, run, call, levels, at) => {
    const answer = parseAnswerKey(call.targetKey);
    const nuggetIds = call.nuggetIds ?? [];
    if (!answer || nuggetIds.length !== levels.length) return;
    await upsertAssignmentLabels(tx, {
      studyId: run.studyId,
      judgeId: run.judgeId,
      queryId: answer.queryId,
      systemId: answer.systemId,
      scale: run.scale,
      createdAt: at,
      values: nuggetIds.map((nuggetId, i) => ({ nuggetId, value: levels[i]! })),
    });
  },
  /** A question's nuggets (a creation call's last list) in the run's new set, in order. */
  nuggets: async (tx, run, call, levels) => {
    const queryId = parseQuestionKey(call.targetKey);
    if (queryId === null || run.nuggetSetId === null) return;
    await writeCreatedNuggets(tx, { studyId: run.studyId, setId: run.nuggetSetId, queryId, texts: levels });
  },
  /** The importance of each nugget of the call's list, in order ("" for one whose window got no reply: left as it was). */
  importance: async (tx, run, call, levels) => {
    const queryId = parseQuestionKey(call.targetKey);
    const nuggetIds = call.nuggetIds ?? [];
    if (queryId === null || run.nuggetSetId === null || nuggetIds.length !== levels.length) return;
    await setNuggetImportance(tx, {
      setId: run.nuggetSetId,
      queryId,
      values: nuggetIds.flatMap((nuggetId, i) => (levels[i] ? [{ nuggetId, importance: levels[i] }] : [])),
    });
  },
};

/** A call whose outcome is written: its target, its order, and the nuggets its levels are of (a call on an answer). */
export type WrittenCall = { id: number; swapped: boolean; targetKey: string; nuggetIds?: readonly number[] };

/**
 * Stores call outcomes in batches (one transaction per batch, without waiting for the disk: a
 * crash of the process loses nothing committed, a power cut may forget the last outcomes, whose
 * calls are then made again), with their attempts and the label of each parsed one.
 */
export function outcomeWriter(holder: string) {
  type Queued = {
    outcome: CallOutcome;
    run: WriterRun;
    call: WrittenCall;
    done: () => void;
    failed: (e: unknown) => void;
  };
  let queue: Queued[] = [];
  let scheduled = false;
  const storing = new Set<Promise<void>>();

  /** Stores one batch in one transaction; a conflict or a lost connection is tried again, five times in all. */
  async function store(taken: Queued[]): Promise<void> {
    for (let failures = 1; ; failures++) {
      try {
        await withLeaseTransaction(async (tx) => {
          await recordAttempts(
            tx,
            taken.map((t) => t.outcome),
          );
          for (const { outcome, run, call } of taken) {
            const stored = await recordCall(tx, holder, outcome);
            if (!stored || outcome.status !== "done" || outcome.levels.length === 0) continue;
            await LABEL_WRITERS[run.task.labelKind](tx, run, call, outcome.levels, outcome.finishedAt);
          }
        });
        for (const t of taken) t.done();
        return;
      } catch (error) {
        // the calls stay leased to this process meanwhile; after five failures these outcomes are
        // given up, and their calls made again once their leases expire
        console.error(`judge worker: storing ${taken.length} outcomes: ${(error as Error).message}`);
        if (failures >= 5) {
          for (const t of taken) t.failed(error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50 * failures));
      }
    }
  }

  /**
   * Starts storing what is queued, as one batch, while fewer than MAX_STORING batches are being
   * stored (on PostgreSQL each on its own connection, so that a lane does not wait behind the
   * others' round trips; SQLite's writes queue anyway); what arrives meanwhile waits for the next.
   */
  function drain(): void {
    scheduled = false;
    if (queue.length === 0 || storing.size >= MAX_STORING) return;
    // in id order, as every statement that updates several calls locks them (no deadlock on PostgreSQL)
    const taken = queue.sort((a, b) => a.outcome.id - b.outcome.id);
    queue = [];
    const batch = store(taken).finally(() => {
      storing.delete(batch);
      drain();
    });
    storing.add(batch);
  }

  return {
    /** Queues an outcome of one of `run`'s calls; resolves once stored (or once storing it failed, which is logged). */
    add(outcome: CallOutcome, run: WriterRun, call: WrittenCall): Promise<void> {
      const stored = new Promise<void>((done, failed) => queue.push({ outcome, run, call, done, failed }));
      // outcomes that arrive in one turn of the event loop share a transaction; a lane waits for its own
      if (!scheduled) {
        scheduled = true;
        void nextTurn().then(drain);
      }
      return stored.catch(() => {});
    },
    async flushed(): Promise<void> {
      while (queue.length > 0 || storing.size > 0 || scheduled)
        await (storing.size > 0 ? Promise.race(storing) : nextTurn());
    },
  };
}

/** Batches of outcomes a process stores at once. */
const MAX_STORING = 4;
