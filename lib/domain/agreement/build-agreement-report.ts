import type { TargetKindCount } from "../targets";
import { codeLabelPairs } from "./code-label-pairs";
import type { PairCount } from "./pair-count";
import { confusionMatrix } from "./confusion-matrix";
import { humanLabelsOverLlmPositives } from "./llm-positives";
import type { ReportBootstrap } from "./report-bootstrap";
import { inCanonicalOrder } from "./canonical-order";
import { agreementByLength, leniency, levelCalling } from "./judge-bias";
import { PAIR_STATISTICS, pairAgreement, pairStatisticsWithIntervals } from "./pair-statistics";

export type AgreementInputs<Group extends string = string> = {
  sets: { a: string; b: string };
  /** Whether each set is an LLM ("model") or people ("human"). */
  kinds: { a: "model" | "human"; b: "model" | "human" };
  rows: readonly PairCount[];
  /** How many targets each set labelled in all. */
  sizeA: number;
  sizeB: number;
  groupBy: Group;
  /** The groups a row's group key belongs to (a question's tags, say), by name. */
  groupNames: (group: string | null) => string[];
  bootstrap: ReportBootstrap;
  /** The pairs grouped by chunk length (an LLM against people), for the bias diagnostics. */
  lengthRows?: readonly PairCount[] | null;
  /** The targets both sets labelled, by kind (the report says when it pools several). */
  targetKinds?: readonly TargetKindCount[];
  /** What the sets leave out, in words (leftOutOf): the report repeats it. */
  leftOut?: readonly string[];
};

const MAX_GROUPS = 40;

/**
 * How far two label sets agree: every two-judge statistic with its bootstrap interval, the
 * confusion matrix, agreement and kappa per group (the 40 largest groups), and, for an LLM against
 * people, the people's labels over the targets the LLM called positive (FreshStack's calibration table).
 */
export function buildAgreementReport<Group extends string>(inputs: AgreementInputs<Group>) {
  const { sets, kinds, bootstrap } = inputs;
  const rows = inCanonicalOrder(inputs.rows);
  const coded = codeLabelPairs(rows);
  const statistics = pairStatisticsWithIntervals(
    { a: coded.a, b: coded.b, categories: coded.categories.length },
    coded.ordered,
    bootstrap,
  );
  const byGroup = new Map<string, PairCount[]>();
  for (const row of rows) {
    for (const g of inputs.groupNames(row.group)) {
      const list = byGroup.get(g);
      if (list) list.push(row);
      else byGroup.set(g, [row]);
    }
  }
  const groups = [...byGroup.entries()]
    .map(([group, rows]) => ({ group, rows, size: rows.reduce((s, r) => s + r.count, 0) }))
    .sort((x, y) => y.size - x.size || x.group.localeCompare(y.group))
    .slice(0, MAX_GROUPS)
    .map(({ group, rows }) => ({ group, ...pairAgreement(rows, bootstrap) }))
    .sort((x, y) => x.group.localeCompare(y.group, "en", { numeric: true }));
  const llmIsA = kinds.a === "model";
  const positives =
    kinds.a === kinds.b
      ? null
      : humanLabelsOverLlmPositives(
          rows.map((r) => ({ llm: llmIsA ? r.a : r.b, human: llmIsA ? r.b : r.a, count: r.count })),
          { llm: llmIsA ? sets.a : sets.b, human: llmIsA ? sets.b : sets.a },
        );
  const llm = kinds.a === kinds.b ? null : kinds.a === "model" ? ("a" as const) : ("b" as const);
  const bias = llm && {
    llm: sets[llm],
    leniency: leniency(rows, llm, bootstrap),
    levels: levelCalling(rows, llm),
    byLength: inputs.lengthRows ? agreementByLength(inputs.lengthRows, bootstrap) : [],
  };
  return {
    sets,
    comparedOn: coded.comparedOn,
    binarized: coded.binarized,
    categories: coded.categories,
    items: coded.a.length,
    /** The targets both labelled by kind: several kinds are pooled into the figures. */
    targetKinds: [...(inputs.targetKinds ?? [])],
    /** What the sets leave out (an adjudicated set's undecided targets, a majority's ties), in words. */
    leftOut: [...(inputs.leftOut ?? [])],
    onlyA: inputs.sizeA - coded.a.length - coded.skipped,
    onlyB: inputs.sizeB - coded.a.length - coded.skipped,
    statistics: PAIR_STATISTICS.map((metric) => ({ metric, ...statistics[metric] })),
    bootstrap,
    confusion: confusionMatrix({ a: coded.a, b: coded.b, categories: coded.categories.length }),
    groupBy: inputs.groupBy,
    groups,
    positives,
    bias,
  };
}

/** The agreement report, as the builder gives it (lib/schemas/agreement.ts describes it over HTTP). */
export type AgreementReport<Group extends string = string> = ReturnType<typeof buildAgreementReport<Group>>;
