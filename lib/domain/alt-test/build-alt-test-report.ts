import { multiRaterStatistics } from "../agreement/multi-rater";
import type { Statistic } from "../agreement/statistic";
import { TASK_TYPES } from "../task-types/registry";
import type { TaskType } from "../task-types/task-type";
import { altTest, type AltTestOptions, type AltTestScoring } from "./alt-test";

/**
 * The Alternative Annotator Test of a campaign (docs/DOMAIN.md, "The Alternative Annotator Test"):
 * each LLM judge that labelled the campaign's targets against the campaign's annotators, with the
 * annotators' own agreement beside it, as the paper asks a researcher to report.
 */

/** What a campaign's annotators label, one unit each: a pair or cited sentence, a nugget of an answer, or a criterion of a comparison. */
export type AltTestUnit = "item" | "nugget" | "choice";

/**
 * What a campaign of this task gives the test one label of: each pair or cited sentence, each
 * nugget of an answer, or each criterion of a comparison; null for a nugget review (no labels of a unit).
 */
export function altTestUnit(taskType: TaskType): AltTestUnit | null {
  const unit = TASK_TYPES[taskType].unit;
  if (unit === "pair" || unit === "citation") return "item";
  if (unit === "answer") return "nugget";
  return unit === "request" ? "choice" : null;
}

/** The levels labels are compared on: in order (lowest first), each level's value and name. */
export type AltTestLevels = { name: string; levels: { value: string; label: string }[] };

export type AltTestInputs = {
  campaign: { id: number; name: string; taskType: string; overlap: number };
  unit: AltTestUnit;
  scale: AltTestLevels;
  /** Each annotator's first, independent label of each unit (gold items left out), by email. */
  humans: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Each LLM judge with labels on the campaign's units, the campaign's own LLM first, then by name. */
  llms: readonly { judge: string; campaignLlm: boolean; labels: ReadonlyMap<string, string> }[];
  /** LLM judges that labelled the units on other scales only, with those scales ("gpt-4o (binary)"): not compared. */
  otherScales?: readonly string[];
  options: AltTestOptions;
};

/** One LLM judge tested: how many of the units it labelled, and the test's answer with p-values null where they are not numbers. */
export type AltTestLlm = {
  judge: string;
  campaignLlm: boolean;
  /** The campaign's units the LLM labelled (annotated by anyone, gold left out). */
  labelled: number;
  /** The units it labelled that enough annotators labelled too: the ones the test reads. */
  compared: number;
  winningRate: number | null;
  advantageProbability: number | null;
  passed: boolean;
  reason: string | null;
  annotators: { annotator: string; items: number; pValue: number | null; advantageProbability: number; won: boolean }[];
};

/** Default scoring: accuracy on two levels or unordered choices, negative RMSE over the levels' positions on a graded scale. */
export const defaultScoring = (unit: AltTestUnit, levels: number): AltTestScoring =>
  unit === "choice" || levels <= 2 ? "accuracy" : "neg-rmse";

/** The paper's rule of thumb for ε: 0.2 for experts, 0.15 for skilled annotators, 0.1 for crowd workers. */
export const EPSILON_PRESETS = [
  { epsilon: 0.2, who: "experts" },
  { epsilon: 0.15, who: "skilled annotators" },
  { epsilon: 0.1, who: "crowd workers" },
] as const;

export function buildAltTestReport(inputs: AltTestInputs) {
  const { campaign, unit, scale, humans, llms, options } = inputs;
  const annotators = [...humans.keys()].sort(byCodeUnit);
  // the annotators' labels as the scoring compares them: text, or the level's position for neg-rmse
  const position = new Map(scale.levels.map((l, i) => [l.value, i]));
  const comparable = (labels: ReadonlyMap<string, string>) =>
    options.scoring === "accuracy"
      ? labels
      : new Map([...labels].flatMap(([k, v]) => (position.has(v) ? [[k, position.get(v)!] as const] : [])));
  const people = new Map(annotators.map((a) => [a, comparable(humans.get(a)!)]));

  const annotatorsOf = new Map<string, number>();
  for (const labels of humans.values())
    for (const k of labels.keys()) annotatorsOf.set(k, (annotatorsOf.get(k) ?? 0) + 1);
  const shared = [...annotatorsOf.values()].filter((n) => n >= options.minHumansPerItem).length;

  const tested: AltTestLlm[] = llms.map(({ judge, campaignLlm, labels }) => {
    const result = altTest(comparable(labels), people, options);
    return {
      judge,
      campaignLlm,
      labelled: [...labels.keys()].filter((k) => annotatorsOf.has(k)).length,
      compared: [...labels.keys()].filter((k) => (annotatorsOf.get(k) ?? 0) >= options.minHumansPerItem).length,
      winningRate: result.winningRate,
      advantageProbability: result.advantageProbability,
      passed: result.passed,
      reason: result.reason ?? null,
      annotators: result.annotators.map((a) => ({
        ...a,
        pValue: Number.isNaN(a.pValue) ? null : a.pValue,
      })),
    };
  });

  return {
    campaign,
    unit,
    scaleName: scale.name,
    options,
    annotators: annotators.map((a) => ({ annotator: a, labels: humans.get(a)!.size })),
    /** Units labelled by at least minHumansPerItem annotators. */
    sharedUnits: shared,
    agreement: annotatorAgreement(humans, scale, options.scoring),
    llms: tested,
    /** LLM judges with labels of these units on other scales only (not compared). */
    otherScales: [...(inputs.otherScales ?? [])],
    needs: whatIsMissing(inputs, annotatorsOf, tested),
  };
}
export type AltTestReport = ReturnType<typeof buildAltTestReport>;

/**
 * How far the annotators agree with each other over the units two or more labelled: the share of
 * agreeing pairs, Fleiss' κ, and Krippendorff's α, nominal when the test compares labels as equal
 * or not, interval over the levels' positions when it compares them by RMSE.
 */
function annotatorAgreement(
  humans: ReadonlyMap<string, ReadonlyMap<string, string>>,
  scale: AltTestLevels,
  scoring: AltTestScoring,
): { units: number; pairwiseAgreement: Statistic; fleissKappa: Statistic; alpha: Statistic; alphaKind: string } {
  const index = new Map(scale.levels.map((l, i) => [l.value, i]));
  const counts = new Map<string, number[]>();
  for (const labels of humans.values())
    for (const [k, v] of labels) {
      const i = index.get(v);
      if (i === undefined) continue;
      const row = counts.get(k) ?? counts.set(k, new Array<number>(scale.levels.length).fill(0)).get(k)!;
      row[i]!++;
    }
  const rows = [...counts.values()];
  const statistics = multiRaterStatistics(rows, true);
  return {
    units: rows.filter((r) => r.reduce((s, n) => s + n, 0) >= 2).length,
    pairwiseAgreement: statistics["pairwise-agreement"],
    fleissKappa: statistics["fleiss-kappa"],
    alpha: statistics[scoring === "accuracy" ? "krippendorff-alpha-nominal" : "krippendorff-alpha-interval"],
    alphaKind: scoring === "accuracy" ? "nominal" : "interval",
  };
}

/** What the campaign lacks for the test, and what would be enough; null when every LLM has a result. */
function whatIsMissing(
  inputs: AltTestInputs,
  annotatorsOf: ReadonlyMap<string, number>,
  tested: readonly AltTestLlm[],
): string | null {
  const { humans, llms, options, campaign } = inputs;
  const { minHumansPerItem: perItem, minItemsPerHuman: perHuman } = options;
  const shared = (key: string) => (annotatorsOf.get(key) ?? 0) >= perItem;
  if (humans.size < perItem)
    return `the test needs ${perItem} or more annotators on each item; ${campaign.name} has ${humans.size === 0 ? "no labels yet" : `${humans.size} annotator${humans.size === 1 ? "" : "s"} so far`}${campaign.overlap < perItem ? ` and gives each item ${campaign.overlap} (make a campaign with ${perItem} or more annotators per item)` : ""}`;
  if (![...annotatorsOf.keys()].some(shared))
    return `no item has labels from ${perItem} or more annotators yet${campaign.overlap < perItem ? `: the campaign gives each item ${campaign.overlap} (make one with ${perItem} or more annotators per item)` : ""}`;
  if (llms.length === 0)
    return `no LLM judge labelled this campaign's items on its scale${inputs.otherScales?.length ? ` (${inputs.otherScales.join("; ")} labelled them on another scale: the test compares labels on one)` : ""}: run a judge over them (LLM judges) or import an LLM's labels on the campaign's scale`;
  if (tested.every((t) => t.winningRate !== null)) return null;
  // the most items any annotator shares with another annotator and the best-covering LLM
  const best = Math.max(
    ...tested.flatMap((t) => {
      const llm = llms.find((l) => l.judge === t.judge)!.labels;
      return [...humans.values()].map((labels) => {
        let n = 0;
        for (const k of labels.keys()) if (llm.has(k) && shared(k)) n++;
        return n;
      });
    }),
  );
  return `each annotator needs ${perHuman} items that ${perItem} or more annotators and the LLM labelled; the most any has is ${best}, so ${perHuman - best} more (or lower the minimum of items per annotator, as the paper allows for small studies)`;
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
