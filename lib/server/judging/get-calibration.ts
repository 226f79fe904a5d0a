import "server-only";
import { judgeTaskOf } from "@/lib/domain/judging/judge-tasks/registry";
import { LABEL_SET_KINDS, parseLabelSet } from "@/lib/domain/label-sets/registry";
import { positionConsistency } from "@/lib/domain/judging/preference-orders";
import { STATISTIC_NAMES } from "@/lib/domain/agreement/statistic-names";
import type { LabelSet } from "@/lib/domain/label-sets/label-set";
import type { Calibration } from "@/lib/schemas/judging";
import { agreementReportOf } from "../agreement/get-agreement-report";
import { getDb } from "../db/client";
import { callTotals, repliesOfTargets } from "../db/judge-runs";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { preferenceOrdersOfRuns } from "./preference-orders-of-runs";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

const SHOWN_DISAGREEMENTS = 100;

type JudgeRow = Calibration["judges"][number];

/**
 * Every judge the study's runs wrote (one per template version, model and settings), side by side
 * against one human label set: the agreement report's statistics, confusion matrix and leniency
 * (the Agreement page's own builders), what 1,000 labels cost, and the targets where the judge and
 * the people differ, with the judge's reply; a preference judge's position consistency over its
 * runs (positionConsistency, as each run counts its inconsistent pairs). `ensemble` ("ensemble:<judge>+<judge>+...", of those
 * judges) or "fused:<judge>+<judge>" (two of them fused as FeB4RAG does) adds a row scored the
 * same way: its cost per 1,000 labels is its members' together.
 */
export async function getCalibration(
  user: UserDto,
  studyId: number,
  human: string,
  ensemble?: string,
): Promise<Calibration> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const people = await loadLabelSet(db, studyId, human);
  const runs = await db.judgeRun.findMany({
    where: { studyId },
    orderBy: { id: "asc" },
    include: { judge: { select: { name: true } } },
  });
  const byJudge = new Map<string, typeof runs>();
  for (const r of runs) byJudge.set(r.judge.name, [...(byJudge.get(r.judge.name) ?? []), r]);
  const [totals, orders] = await Promise.all([
    callTotals(runs.map((r) => r.id)),
    preferenceOrdersOfRuns(runs.filter((r) => judgeTaskOf(r.task).bothOrders).map((r) => r.id)),
  ]);

  /** A label set against the people: what every row shows. */
  async function scored(source: LabelSet, runIds: number[]) {
    const report = await agreementReportOf(db, studyId, { a: source.name, b: human, group: "none" });
    const differ = [...source.labels.values()].flatMap((l) => {
      const p = people.labels.get(l.targetKey);
      return p && p.value !== l.value ? [{ targetKey: l.targetKey, judge: l.value, human: p.value }] : [];
    });
    const shown = differ.slice(0, SHOWN_DISAGREEMENTS);
    const replies = await repliesOfTargets(
      runIds,
      shown.map((d) => d.targetKey),
    );
    return {
      labels: source.labels.size,
      items: report.items,
      comparedOn: report.comparedOn,
      statistics: report.statistics.filter((s) => (STATISTIC_NAMES as readonly string[]).includes(s.metric)),
      categories: report.categories,
      confusion: report.confusion,
      leniency: report.bias?.leniency ?? null,
      levels: report.bias?.levels ?? [],
      disagreements: shown.map((d) => ({ ...d, reply: replies.get(d.targetKey) ?? null })),
      disagreementCount: differ.length,
    };
  }

  const judges: JudgeRow[] = [];
  for (const [name, own] of byJudge) {
    const newest = own.at(-1)!;
    const source = await loadLabelSet(db, studyId, name);
    let known = 0;
    let unknown = 0;
    for (const r of own) {
      known += totals.get(r.id)?.knownCost ?? 0;
      unknown += totals.get(r.id)?.unknownCost ?? 0;
    }
    judges.push({
      judge: name,
      task: newest.task,
      templateName: newest.templateName,
      templateVersion: newest.templateVersion,
      model: newest.model,
      runs: own.length,
      ties: null,
      positionConsistency: judgeTaskOf(newest.task).bothOrders
        ? positionConsistency(own.flatMap((r) => orders.get(r.id) ?? []))
        : null,
      costPer1000: unknown > 0 || source.labels.size === 0 ? null : (known / source.labels.size) * 1000,
      ...(await scored(
        source,
        own.map((r) => r.id),
      )),
    });
  }
  if (ensemble) {
    const set = parseLabelSet(ensemble);
    // a set made of judges: an ensemble or a fusion
    const members = !("error" in set) && "judges" in set ? set.judges : [];
    const rows = members.map((m) => judges.find((j) => j.judge === m));
    if (members.length === 0 || rows.some((r) => !r))
      throw invalid(
        `ensemble: an ensemble here is "${LABEL_SET_KINDS.ensemble.shape}" or "${LABEL_SET_KINDS.fused.shape}" of the judges the runs wrote`,
      );
    const source = await loadLabelSet(db, studyId, ensemble);
    const costs = rows.map((r) => r!.costPer1000);
    judges.push({
      judge: ensemble,
      task: rows[0]!.task,
      templateName: "kind" in set && set.kind === "fused" ? "FeB4RAG fusion" : "ensemble",
      templateVersion: "",
      model: members.join(" + "),
      runs: rows.reduce((n, r) => n + r!.runs, 0),
      ties: source.ties ?? 0, // a fusion always gives a label
      positionConsistency: null,
      costPer1000: costs.some((c) => c === null) ? null : costs.reduce((a, c) => a! + c!, 0),
      ...(await scored(
        source,
        members.flatMap((m) => byJudge.get(m)!.map((r) => r.id)),
      )),
    });
  }
  return { human, judges };
}
