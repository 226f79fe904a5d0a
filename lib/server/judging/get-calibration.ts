import "server-only";
import {
  buildCalibrationReport,
  type CalibrationReport,
  disagreementsOf,
  type CalibrationJudgeInput,
} from "@/lib/domain/calibration/build-calibration-report";
import { judgeTaskOf, type AnyJudgeTask } from "@/lib/domain/judging/judge-tasks/registry";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import { formatLabelSet, LABEL_SET_KINDS } from "@/lib/domain/label-sets/registry";
import { agreementReportOf } from "../agreement/get-agreement-report";
import { getDb } from "../db/client";
import { callTotals, repliesOfTargets } from "../db/judge-runs";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { preferenceOrdersOfRuns } from "./preference-orders-of-runs";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * Every judge the study's runs wrote (one per template version, model and settings), side by side
 * against one human label set (buildCalibrationReport). `ensemble` ("ensemble:<judge>+<judge>+...",
 * of those judges) or "fused:<judge>+<judge>" (two of them fused as FeB4RAG does) adds a row scored
 * the same way.
 */
export async function getCalibration(
  user: UserDto,
  studyId: number,
  human: LabelSetName,
  ensemble?: LabelSetName,
): Promise<CalibrationReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const people = await loadLabelSet(studyId, human);
  // nuggetizer's runs write nuggets, not labels: a nugget quality campaign on their set calibrates them
  const runs = (
    await db.judgeRun.findMany({
      where: { studyId },
      orderBy: { id: "asc" },
      include: { judge: { select: { name: true } } },
    })
  ).filter((r) => judgeTaskOf(r.task).unit !== "question");
  const byJudge = new Map<string, typeof runs>();
  for (const r of runs) byJudge.set(r.judge.name, [...(byJudge.get(r.judge.name) ?? []), r]);
  const [totals, orders] = await Promise.all([
    callTotals(runs.map((r) => r.id)),
    preferenceOrdersOfRuns(runs.filter((r) => judgeTaskOf(r.task).bothOrders).map((r) => r.id)),
  ]);

  /**
   * What every row is scored from: the set's labels, its agreement with the people, and where they
   * differ the reply of the call each label came from (a preference's pair, a nugget's answer).
   */
  async function scored(name: LabelSetName, runIds: number[], task: AnyJudgeTask) {
    const set = await loadLabelSet(studyId, name);
    const { shown } = disagreementsOf(set.labels, people.labels);
    const callKey = (key: string) =>
      task.callKeyOfLabel({ targetKey: key, queryId: set.labels.get(key)?.queryId ?? null });
    const replies = await repliesOfTargets(runIds, [...new Set(shown.map((d) => callKey(d.targetKey)))]);
    return {
      labels: set.labels,
      ties: set.ties ?? 0,
      agreement: await agreementReportOf(db, studyId, { a: name, b: human, group: "none" }),
      replies: new Map(
        shown.flatMap((d) => {
          const reply = replies.get(callKey(d.targetKey));
          return reply === undefined ? [] : [[d.targetKey, reply] as const];
        }),
      ),
    };
  }

  const judges: CalibrationJudgeInput[] = [];
  for (const [name, own] of byJudge) {
    const newest = own.at(-1)!;
    judges.push({
      judge: name,
      task: newest.task,
      templateName: newest.templateName,
      templateVersion: newest.templateVersion,
      model: newest.model,
      runs: own.length,
      cost: {
        known: own.reduce((sum, r) => sum + (totals.get(r.id)?.knownCost ?? 0), 0),
        unknown: own.reduce((sum, r) => sum + (totals.get(r.id)?.unknownCost ?? 0), 0),
      },
      orders: judgeTaskOf(newest.task).bothOrders ? own.flatMap((r) => orders.get(r.id) ?? []) : null,
      ...(await scored(
        { kind: "judge", judge: name },
        own.map((r) => r.id),
        judgeTaskOf(newest.task),
      )),
      ties: null,
    });
  }
  return buildCalibrationReport({
    human: people.name,
    people: people.labels,
    judges,
    ensemble: ensemble ? await ensembleInput(ensemble, byJudge, scored) : null,
  });
}

/** The ensemble or fusion to score beside the judges: of judges the runs wrote, or refused. */
async function ensembleInput(
  set: LabelSetName,
  byJudge: ReadonlyMap<string, readonly { id: number; task: string }[]>,
  scored: (
    set: LabelSetName,
    runIds: number[],
    task: AnyJudgeTask,
  ) => Promise<Pick<CalibrationJudgeInput, "labels" | "agreement" | "replies" | "ties">>,
) {
  // a set made of judges: an ensemble or a fusion
  const members = set.kind === "ensemble" || set.kind === "fused" ? set.judges : [];
  if (members.length === 0 || members.some((m) => !byJudge.has(m)))
    throw invalid(
      `ensemble: an ensemble here is "${LABEL_SET_KINDS.ensemble.shape}" or "${LABEL_SET_KINDS.fused.shape}" of the judges the runs wrote`,
    );
  return {
    judge: formatLabelSet(set),
    templateName: set.kind === "fused" ? "FeB4RAG fusion" : "ensemble",
    templateVersion: "",
    model: members.join(" + "),
    members,
    // a fusion always gives a label
    ...(await scored(
      set,
      members.flatMap((m) => byJudge.get(m)!.map((r) => r.id)),
      judgeTaskOf(byJudge.get(members[0]!)!.at(-1)!.task),
    )),
  };
}
