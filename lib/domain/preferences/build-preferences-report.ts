import { multiRaterStatisticsWithIntervals } from "../agreement/multi-rater";
import type { ReportBootstrap } from "../agreement/report-bootstrap";
import {
  bradleyTerry,
  choiceCounts,
  leftWins,
  pairTallies,
  wilsonInterval,
  type PairTally,
  type PreferenceJudgment,
} from "./aggregate";

/**
 * Side-by-side preferences (FeB4RAG section 6) of one source's judgments (at least one): per
 * criterion and for the verdict, each system's wins and the no-preferences with win rates and
 * Wilson intervals; verdicts per group; position bias where the sides are known; agreement between
 * annotators per criterion; Bradley-Terry strengths beyond two systems.
 */
export function buildPreferencesReport(inputs: {
  source: string;
  criteria: readonly { id: string; name: string }[];
  judgments: readonly PreferenceJudgment[];
  bootstrap: ReportBootstrap;
}) {
  const { source, bootstrap } = inputs;
  const criteria = [...inputs.criteria];
  const judgments = [...inputs.judgments];
  const ids = criteria.map((c) => c.id);
  const systems = [...new Set(judgments.flatMap((j) => [j.a, j.b]))].sort();
  const groups = [...new Set(judgments.map((j) => j.group))].sort();
  const bias = leftWins(judgments, ids);
  const biasInterval = wilsonInterval(bias.left, bias.decided);
  const verdicts = pairTallies(judgments, ids, null);
  const agreement = ids
    .map((criterion) => ({ criterion, counts: choiceCounts(judgments, criterion) }))
    .filter((a) => a.counts.length > 0);
  return {
    source,
    criteria,
    systems,
    judgments: judgments.length,
    items: new Set(judgments.map((j) => `${j.question}\n${j.a}\n${j.b}`)).size,
    annotators: new Set(judgments.map((j) => j.annotator)).size,
    perCriterion: criteria.map((c) => {
      const pairs = pairTallies(judgments, ids, c.id);
      return { criterion: c.id, name: c.name, pairs, winRates: pairs.map(winRateOf) };
    }),
    verdict: { pairs: verdicts, winRates: verdicts.map(winRateOf) },
    perGroup: groups.map((group) => ({
      group,
      pairs: pairTallies(
        judgments.filter((j) => j.group === group),
        ids,
        null,
      ),
    })),
    positionBias: biasInterval ? { ...bias, share: bias.left / bias.decided, ...biasInterval } : null,
    agreement:
      agreement.length === 0
        ? null
        : agreement.map(({ criterion, counts }) => {
            const stats = multiRaterStatisticsWithIntervals(counts, false, bootstrap);
            return {
              criterion,
              items: counts.length,
              statistics: (["pairwise-agreement", "fleiss-kappa", "krippendorff-alpha-nominal"] as const).map(
                (metric) => ({ metric, ...stats[metric] }),
              ),
            };
          }),
    bradleyTerry:
      systems.length > 2
        ? [...bradleyTerry(verdicts)]
            .map(([system, strength]) => ({ system, strength }))
            .sort((x, y) => y.strength - x.strength)
        : null,
  };
}

function winRateOf(t: PairTally) {
  const decided = t.firstWins + t.secondWins;
  const ci = wilsonInterval(t.firstWins, decided);
  return {
    first: t.first,
    second: t.second,
    decided,
    rate: decided === 0 ? null : t.firstWins / decided,
    low: ci?.low ?? null,
    high: ci?.high ?? null,
  };
}

/** The report as the builder gives it (lib/schemas/preferences.ts describes it over HTTP). */
export type PreferenceReport = ReturnType<typeof buildPreferencesReport>;
