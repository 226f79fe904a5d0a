import type { buildAgreementReport } from "../agreement/build-agreement-report";
import { STATISTIC_NAMES } from "../agreement/statistic-names";
import { positionConsistency, type PositionConsistency, type PreferenceValue } from "../judging/preference-orders";

/** Disagreements a row shows (the first, in the judge's label order); the row counts them all. */
export const SHOWN_DISAGREEMENTS = 100;

type BuiltAgreement = ReturnType<typeof buildAgreementReport>;
/** What a row takes from the agreement report (whose statistics may name their metric as any text). */
type Agreement = Pick<BuiltAgreement, "items" | "comparedOn" | "categories" | "confusion" | "bias"> & {
  statistics: readonly (Omit<BuiltAgreement["statistics"][number], "metric"> & { metric: string })[];
};

/** A target the judge labelled otherwise than the people. */
export type Disagreement = { targetKey: string; judge: string; human: string };

/** One judge (or an ensemble of them) as the loader read it. */
export type CalibrationJudgeInput = {
  judge: string;
  task: string;
  templateName: string;
  templateVersion: string;
  model: string;
  runs: number;
  /** Its labels by target key. */
  labels: ReadonlyMap<string, { value: string }>;
  /** Its labels against the people's, as the Agreement page's builder reports them. */
  agreement: Agreement;
  /** What its calls cost: the known sum, and how many calls' cost is unknown. */
  cost: { known: number; unknown: number };
  /** A both-orders judge's pairs, each with the choice of its two orders; null for other judges. */
  orders: readonly { shown: PreferenceValue; swapped: PreferenceValue }[] | null;
  /** An ensemble: the targets its members tied on; null for one judge. */
  ties: number | null;
  /** The judge's replies on the shown disagreements, by target key (disagreementsOf says which). */
  replies: ReadonlyMap<string, string>;
};

/** What every row is scored from: a judge's or an ensemble's labels, against the people's. */
type Scored = Pick<
  CalibrationJudgeInput,
  "judge" | "templateName" | "templateVersion" | "model" | "labels" | "agreement" | "ties" | "replies"
>;

/** An ensemble (or a fusion) of judges scored beside them. */
export type CalibrationEnsembleInput = Scored & {
  /** Its members by name: its runs and its cost are theirs together. */
  members: readonly string[];
};

/**
 * The targets a judge labelled otherwise than the people: the first SHOWN_DISAGREEMENTS, and how
 * many in all. The loader asks it which replies to read.
 */
export function disagreementsOf(
  labels: ReadonlyMap<string, { value: string }>,
  people: ReadonlyMap<string, { value: string }>,
): { shown: Disagreement[]; count: number } {
  const differ: Disagreement[] = [];
  for (const [targetKey, l] of labels) {
    const p = people.get(targetKey);
    if (p && p.value !== l.value) differ.push({ targetKey, judge: l.value, human: p.value });
  }
  return { shown: differ.slice(0, SHOWN_DISAGREEMENTS), count: differ.length };
}

/**
 * The calibration report: every judge the study's runs wrote, side by side against one human label
 * set, with the agreement report's statistics, confusion matrix and leniency, what 1,000 labels
 * cost (unknown when a call's cost is; none for a judge without labels), the targets where the
 * judge and the people differ with the judge's reply, and a both-orders judge's position
 * consistency over its runs. An ensemble's row costs its members' together and sums their runs.
 */
export function buildCalibrationReport(inputs: {
  human: string;
  people: ReadonlyMap<string, { value: string }>;
  judges: readonly CalibrationJudgeInput[];
  ensemble: CalibrationEnsembleInput | null;
}) {
  const judges = inputs.judges.map((j) =>
    row(j, inputs.people, {
      runs: j.runs,
      task: j.task,
      positionConsistency: j.orders ? positionConsistency(j.orders) : null,
      costPer1000: j.cost.unknown > 0 || j.labels.size === 0 ? null : (j.cost.known / j.labels.size) * 1000,
    }),
  );
  const e = inputs.ensemble;
  if (e) {
    const members = e.members.map((m) => judges.find((j) => j.judge === m));
    if (members.length === 0 || members.some((m) => !m))
      throw new Error("an ensemble's members are judges of the report");
    const costs = members.map((m) => m!.costPer1000);
    judges.push(
      row(e, inputs.people, {
        runs: members.reduce((n, m) => n + m!.runs, 0),
        task: members[0]!.task,
        positionConsistency: null,
        costPer1000: costs.some((c) => c === null) ? null : costs.reduce((a, c) => a! + c!, 0),
      }),
    );
  }
  return { human: inputs.human, judges };
}

function row(
  j: Scored,
  people: ReadonlyMap<string, { value: string }>,
  own: { runs: number; task: string; positionConsistency: PositionConsistency | null; costPer1000: number | null },
) {
  const { shown, count } = disagreementsOf(j.labels, people);
  return {
    judge: j.judge,
    task: own.task,
    templateName: j.templateName,
    templateVersion: j.templateVersion,
    model: j.model,
    runs: own.runs,
    ties: j.ties,
    positionConsistency: own.positionConsistency,
    costPer1000: own.costPer1000,
    labels: j.labels.size,
    items: j.agreement.items,
    comparedOn: j.agreement.comparedOn,
    statistics: j.agreement.statistics.filter((s) => (STATISTIC_NAMES as readonly string[]).includes(s.metric)),
    categories: j.agreement.categories,
    confusion: j.agreement.confusion,
    leniency: j.agreement.bias?.leniency ?? null,
    levels: j.agreement.bias?.levels ?? [],
    disagreements: shown.map((d) => ({ ...d, reply: j.replies.get(d.targetKey) ?? null })),
    disagreementCount: count,
  };
}

export type CalibrationReport = ReturnType<typeof buildCalibrationReport>;
