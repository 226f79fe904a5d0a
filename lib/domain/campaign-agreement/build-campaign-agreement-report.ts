import type { LabelPair } from "../agreement/code-label-pairs";
import { coincidencesFromCounts } from "../agreement/krippendorff-alpha";
import { humanLabelsOverLlmPositives } from "../agreement/llm-positives";
import { MULTI_RATER_STATISTICS, multiRaterStatisticsWithIntervals } from "../agreement/multi-rater";
import { pairAgreement } from "../agreement/pair-statistics";
import type { ReportBootstrap } from "../agreement/report-bootstrap";
import type { AnnotationPhase } from "../campaigns/judgment";
import type { Protocol } from "../campaigns/protocol";
import { levelIndex, type Scale } from "../scales";

/** Items that got the same labels from the same annotators and the same LLM label, counted. */
export type Profile = {
  /** Each annotator's label, by email in order. */
  labels: { email: string; level: string }[];
  llm: { value: string; scale: string } | null;
  items: number;
};

export type CampaignAgreementInputs = {
  campaign: { id: number; name: string; protocol: Protocol };
  /** The phase whose labels are compared: each annotator's first, independent one. */
  phase: AnnotationPhase;
  scale: Scale;
  llmJudge: string | null;
  profiles: readonly Profile[];
  bootstrap: ReportBootstrap;
};

/**
 * How far a campaign's annotators agree with each other (every annotator at once: pairwise
 * agreement, Fleiss' κ, Krippendorff's α; and each pair of annotators) and with the campaign's LLM
 * (each annotator, and all together, with FreshStack's table of their labels over the LLM's positives).
 */
export function buildCampaignAgreementReport(inputs: CampaignAgreementInputs) {
  const { campaign, phase, scale, profiles, bootstrap } = inputs;
  const label = (level: string) => ({ value: level, scale: scale.id });

  const perAnnotator = new Map<string, number>();
  for (const p of profiles)
    for (const l of p.labels) perAnnotator.set(l.email, (perAnnotator.get(l.email) ?? 0) + p.items);
  const annotators = [...perAnnotator.keys()].sort();

  const counts = profiles.map((p) => {
    const tally = new Array<number>(scale.levels.length).fill(0);
    for (const l of p.labels) {
      const index = levelIndex(scale, l.level);
      if (index !== null) tally[index]!++;
    }
    return tally;
  });
  const weights = profiles.map((p) => p.items);
  const labelled = (min: number, max = Infinity) =>
    counts.reduce((sum, c, i) => {
      const m = c.reduce((s, v) => s + v, 0);
      return m >= min && m <= max ? sum + weights[i]! : sum;
    }, 0);
  const statistics = multiRaterStatisticsWithIntervals(counts, true, { ...bootstrap, weights });

  const byPair = new Map<string, { a: string; b: string; rows: LabelPair[] }>();
  for (const p of profiles) {
    p.labels.forEach((x, i) =>
      p.labels.slice(i + 1).forEach((y) => {
        const key = `${x.email}\n${y.email}`;
        const entry = byPair.get(key) ?? byPair.set(key, { a: x.email, b: y.email, rows: [] }).get(key)!;
        entry.rows.push({ a: label(x.level), b: label(y.level), count: p.items });
      }),
    );
  }
  const pairs = [...byPair.values()]
    .sort((x, y) => x.a.localeCompare(y.a) || x.b.localeCompare(y.b))
    .map(({ a, b, rows }) => ({ a, b, ...pairAgreement(rows, bootstrap) }));

  return {
    campaign: { id: campaign.id, name: campaign.name, protocol: campaign.protocol, phase },
    scaleName: scale.name,
    categories: scale.levels.map((l) => l.label),
    annotators,
    items: labelled(2),
    singlyLabelled: labelled(1, 1),
    labels: [...perAnnotator.values()].reduce((sum, n) => sum + n, 0),
    statistics: MULTI_RATER_STATISTICS.map((metric) => ({ metric, ...statistics[metric] })),
    bootstrap,
    coincidences: coincidencesFromCounts(counts, weights),
    pairs,
    llm: inputs.llmJudge === null ? null : agreementWithLlm(inputs.llmJudge, scale, annotators, profiles, bootstrap),
  };
}

/** Each annotator's labels, and everyone's together, against the LLM's labels of the same targets. */
function agreementWithLlm(
  judge: string,
  scale: Scale,
  annotators: string[],
  profiles: readonly Profile[],
  bootstrap: ReportBootstrap,
) {
  const label = (level: string) => ({ value: level, scale: scale.id });
  const pairsOf = (annotator: string | null): LabelPair[] =>
    profiles.flatMap((p) =>
      p.llm === null
        ? []
        : p.labels
            .filter((l) => annotator === null || l.email === annotator)
            .map((l) => ({ a: label(l.level), b: p.llm!, count: p.items })),
    );
  const overall = pairAgreement(pairsOf(null), bootstrap);
  const withLlm = profiles.flatMap((p) =>
    p.llm === null ? [] : p.labels.map((l) => ({ llm: p.llm!, human: label(l.level), count: p.items })),
  );
  return {
    judge,
    comparedOn: overall.comparedOn,
    overall,
    annotators: annotators.map((annotator) => ({ annotator, ...pairAgreement(pairsOf(annotator), bootstrap) })),
    positives: humanLabelsOverLlmPositives(withLlm, { llm: judge, human: "the annotators" }, scale),
  };
}

/** The report as the builder gives it (lib/schemas/campaign-agreement.ts describes it over HTTP). */
export type CampaignAgreementReport = ReturnType<typeof buildCampaignAgreementReport>;
