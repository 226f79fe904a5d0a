// Corrected estimates (docs/DOMAIN.md, "Corrected estimates"): a study's quantities over its
// pairs, from an LLM's labels on every pair and people's labels on a sample, as the LLM alone
// says, as the people alone say, and prediction-powered (PPI++), with a planner of how many more
// human labels give a chosen precision. PPI is valid only when the people's pairs were drawn
// uniformly at random; otherwise its interval is withheld and the page says why.
import { uniformUnit } from "../campaigns/sampling";
import type { SetLabel } from "../label-sets/label-set";
import { halfWidth, halfWidthCurve, labelsForHalfWidth, pilotStatistics } from "../ppi/plan-labels";
import { classicalMean, ppiMean, type Interval } from "../ppi/ppi-mean";
import { tooFewUnits } from "../reports/minimum-sample";
import { labelPositive, levelIndex, scaleById } from "../scales";
import { isChunkPairKey, targetTypeOfKey } from "../targets";

/** One person's label of a target. */
export type HumanValue = { value: string; scale: string };

/** Where the people's labels come from, and whether they are a uniform random sample of the pairs. */
export type HumanSample = { uniform: boolean; why: string };

export type CorrectedInputs = {
  llm: { name: string; labels: ReadonlyMap<string, SetLabel> };
  human: { name: string; labels: ReadonlyMap<string, readonly HumanValue[]>; sample: HumanSample };
  confidence: number;
  /** The fewest labelled units an interval is shown for (MIN_NORMAL_UNITS unless set). */
  minUnits: number;
};

/** The half-widths the planner answers for. */
export const PLANNED_HALF_WIDTHS = [0.05, 0.03, 0.02, 0.01] as const;

type Quantity = { id: "share" | "mean-level"; label: string; value: (label: HumanValue) => number | null };

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** The quantities of the pairs' kind: the share positive (at each scale's threshold), and the mean level on one shared scale. */
function quantitiesOf(kind: "support" | "relevance", scales: ReadonlySet<string>): Quantity[] {
  const positive = (l: HumanValue) => {
    const b = labelPositive(l);
    return b === null ? null : b ? 1 : 0;
  };
  const quantities: Quantity[] = [
    {
      id: "share",
      label:
        kind === "support"
          ? "Nugget support rate: share of (nugget, chunk) pairs supported"
          : "Share of (question, chunk) pairs relevant (at the scale's threshold)",
      value: positive,
    },
  ];
  const [only] = scales;
  const scale = scales.size === 1 ? scaleById(only!) : null;
  if (scale && scale.levels.length > 2)
    quantities.push({
      id: "mean-level",
      label: `Mean level on ${scale.name} (0 = ${scale.levels[0]!.label})`,
      value: (l) => levelIndex(scale, l.value),
    });
  return quantities;
}

/**
 * Ŷ on every pair; Y on the labelled ones: the mean of its people's values (the share, for binary
 * ones). Counted by value, a pair at a time without arrays of its own and each (scale, level)
 * valued once: a TREC pool is half a million pairs, of a few distinct values. The values come out
 * in an order of their own, not the labels' (the database's): the same labels give the same
 * estimates, to the last digit, on every server.
 */
function pairValues(
  population: readonly SetLabel[],
  people: readonly (readonly HumanValue[])[],
  quantity: Quantity["value"],
): { y: number[]; yhat: number[]; yhatUnlabelled: number[] } {
  const value = memoized(quantity);
  const labelledCounts = new Map<number, Map<number, number>>();
  const unlabelledCounts = new Map<number, number>();
  for (const [i, l] of population.entries()) {
    const predicted = value(l);
    if (predicted === null) continue;
    let sum = 0;
    let count = 0;
    for (const h of people[i]!) {
      const v = value(h);
      if (v === null) continue;
      sum += v;
      count++;
    }
    if (count === 0) unlabelledCounts.set(predicted, (unlabelledCounts.get(predicted) ?? 0) + 1);
    else {
      const y = sum / count;
      const byPredicted = labelledCounts.get(y) ?? labelledCounts.set(y, new Map()).get(y)!;
      byPredicted.set(predicted, (byPredicted.get(predicted) ?? 0) + 1);
    }
  }
  const y: number[] = [];
  const yhat: number[] = [];
  for (const [yValue, byPredicted] of ascending(labelledCounts))
    for (const [predicted, n] of ascending(byPredicted))
      for (let i = 0; i < n; i++) {
        y.push(yValue);
        yhat.push(predicted);
      }
  const yhatUnlabelled = ascending(unlabelledCounts).flatMap(([predicted, n]) => Array<number>(n).fill(predicted));
  return { y, yhat, yhatUnlabelled };
}

/** A map's entries by key, smallest first. */
const ascending = <V>(counts: ReadonlyMap<number, V>): [number, V][] => [...counts].sort((a, b) => a[0] - b[0]);

/** A quantity's value of a label, computed once per scale and level. */
function memoized(value: Quantity["value"]): Quantity["value"] {
  const byScale = new Map<string, Map<string, number | null>>();
  return (label) => {
    const levels = byScale.get(label.scale) ?? byScale.set(label.scale, new Map()).get(label.scale)!;
    if (!levels.has(label.value)) levels.set(label.value, value(label));
    return levels.get(label.value)!;
  };
}

/** The population: every (nugget or question, chunk) pair the LLM labelled, of the kind it labelled most. */
function chunkPairPopulation(labels: Iterable<SetLabel>) {
  const pairs = [...labels].filter((l) => isChunkPairKey(l.targetKey));
  const support = pairs.filter((l) => targetTypeOfKey(l.targetKey) === "nugget_document").length;
  const kind: "support" | "relevance" = support * 2 >= pairs.length ? "support" : "relevance";
  const type = kind === "support" ? "nugget_document" : "query_document";
  return { kind, population: pairs.filter((l) => targetTypeOfKey(l.targetKey) === type) };
}

export function buildCorrectedEstimates(inputs: CorrectedInputs) {
  const { llm, human, confidence, minUnits } = inputs;
  const { kind, population } = chunkPairPopulation(llm.labels.values());
  // each pair's people's labels, looked up once
  const people = population.map((l) => human.labels.get(l.targetKey) ?? []);
  const scales = new Set<string>(population.map((l) => l.scale));
  for (const values of people) for (const h of values) scales.add(h.scale);
  const labelled = people.filter((values) => values.length > 0).length;

  const quantities = quantitiesOf(kind, scales).map((q) => {
    const { y, yhat, yhatUnlabelled } = pairValues(population, people, q.value);
    const all = [...yhat, ...yhatUnlabelled];
    const llmOnly = all.length > 0 ? mean(all) : null;
    const tooFew = tooFewUnits(y.length, minUnits, "pair", "labelled by people");
    const classical: Interval | null = tooFew === null ? classicalMean(y, confidence) : null;
    const ppiWithheld =
      yhatUnlabelled.length === 0 && y.length > 0
        ? "people labelled every pair: their mean is the answer, there is nothing to correct"
        : !human.sample.uniform
          ? "the people's pairs are not a uniform random sample (see the note on the sample)"
          : tooFew;
    const ppi = ppiWithheld === null ? ppiMean({ y, yhat, yhatUnlabelled, confidence }) : null;
    const total = all.length;
    const pilot = y.length >= 2 ? pilotStatistics(y, yhat) : null;
    return {
      id: q.id,
      label: q.label,
      pairs: total,
      labelled: y.length,
      llmOnly,
      /** The people's own mean, at any number of labelled pairs; its interval (classical) from minUnits on. */
      people: y.length > 0 ? mean(y) : null,
      classical,
      ppi: ppi && { estimate: ppi.estimate, low: ppi.low, high: ppi.high, lambda: ppi.lambda },
      /** Why each figure that is not shown is withheld. */
      withheld: { people: y.length === 0 ? "no pair labelled by people" : tooFew, ppi: ppiWithheld },
      plan:
        pilot && total >= 2
          ? {
              pilot,
              now: y.length < total ? halfWidth(pilot, y.length, total, confidence) : 0,
              targets: PLANNED_HALF_WIDTHS.map((h) => {
                const n = labelsForHalfWidth(pilot, h, total, confidence);
                // labels not drawn at random only inform the plan: a valid sample starts afresh
                const more = n === null ? null : human.sample.uniform ? Math.max(0, n - y.length) : n;
                return { halfWidth: h, labels: n, more };
              }),
              curve: halfWidthCurve(pilot, total, confidence),
            }
          : null,
    };
  });
  return {
    llm: llm.name,
    human: human.name,
    kind,
    confidence,
    pairs: population.length,
    labelled,
    sample: human.sample,
    quantities,
  };
}

/**
 * Why a label set's labels are or are not a uniform random sample of the units an estimate
 * averages over: pairs (a campaign of N random pairs) or questions with their whole pools (a
 * campaign of N random questions, not capped), in words for the page.
 * `name` is a human judge's when `campaign` is null.
 */
export function describeSample(
  name: string,
  campaign: { name: string; sample: { kind: string; cap?: number } } | null,
  unit: "pairs" | "questions",
): HumanSample {
  const uniform = campaign !== null && uniformUnit(campaign.sample) === unit;
  const design =
    unit === "pairs"
      ? '"Corrected estimates: N pairs uniformly at random"'
      : '"N random questions, all their pairs (whole pools)", without a cap';
  if (campaign && uniform)
    return { uniform: true, why: `${campaign.name} drew its ${unit} uniformly at random (seeded)` };
  if (campaign)
    return {
      uniform: false,
      why: `the ${unit} of ${campaign.name} were not drawn uniformly at random (its sample: ${campaign.sample.kind.replaceAll("_", " ")}${campaign.sample.cap === undefined ? "" : `, capped`}), so the PPI interval would not be valid: it is withheld. Label a campaign with the sample ${design}.`,
    };
  return {
    uniform: false,
    why: `${name}'s labels were not drawn by a campaign of ${unit} uniformly at random (they may come from an import, the disagreement queue or a chosen design), so the PPI interval would not be valid: it is withheld.`,
  };
}
