import type { DefaultsStudy } from "./report-defaults";

/**
 * What a report page says when the study's data cannot fill it (instead of an empty form or a
 * table of dashes): the sentence naming what is missing, and where to get it.
 */
export type ReportNeeds = { missing: string; steps: readonly NeedStep[] };

/** Where the missing data comes from: the study's import page, its LLM judge runs, or a new campaign. */
export type NeedStep = { to: "import" | "judging" | "campaign"; what: string };

/** The study as report-needs reads it: its judges and campaigns, and what its data holds. */
export type NeedsStudy = DefaultsStudy & { holds: { runs: boolean; answers: boolean; federated: boolean } };

const IMPORT_RUNS: NeedStep = { to: "import", what: "import TREC run files or RAG answers" };
const IMPORT_LABELS: NeedStep = { to: "import", what: "import a judge's labels (qrels, assessments)" };
const RUN_JUDGE: NeedStep = { to: "judging", what: "run an LLM judge" };
const CAMPAIGN: NeedStep = { to: "campaign", what: "label with people in a campaign" };

/** The label sets a study has to choose from: each judge, and each campaign someone labelled. */
function labelSources(study: DefaultsStudy): string[] {
  return [...study.judges.map((j) => j.name), ...study.campaigns.filter((c) => c.labelled > 0).map((c) => c.name)];
}

/** Benchmark impact (and Resources): runs or answers, scored under two label sets. */
export function impactNeeds(study: NeedsStudy, report = "Benchmark impact"): ReportNeeds | null {
  if (!study.holds.runs && !study.holds.answers)
    return {
      missing: `${report} scores the study's runs or RAG answers under two label sets: this study has neither runs nor answers yet.`,
      steps: [IMPORT_RUNS],
    };
  return twoLabelSets(study, `${report} compares the runs' scores under two label sets`);
}

/** Resources: federated results (documents that name their search engine, as FeB4RAG's) under two label sets. */
export function resourcesNeeds(study: NeedsStudy): ReportNeeds | null {
  if (!study.holds.federated)
    return {
      missing:
        "Resources scores each search engine of a federated study under two label sets: this study's documents name no engine (FeB4RAG's results do).",
      steps: [{ to: "import", what: "import FeB4RAG's federated results" }],
    };
  return twoLabelSets(study, "Resources scores the engines under two label sets");
}

/** Agreement: two label sets (a campaign's annotators, or every judge against one, need two as well). */
export function agreementNeeds(study: DefaultsStudy): ReportNeeds | null {
  return twoLabelSets(study, "Agreement compares two label sets on the targets both labelled");
}

/** What a report that compares two label sets says when the study has fewer. */
function twoLabelSets(study: DefaultsStudy, what: string): ReportNeeds | null {
  const sources = labelSources(study);
  if (sources.length >= 2) return null;
  return {
    missing: `${what}: this study has ${sources.length === 0 ? "none yet" : `one, ${sources[0]}`}.`,
    steps: [CAMPAIGN, IMPORT_LABELS, RUN_JUDGE],
  };
}

/**
 * Corrected estimates: an LLM's labels on (question, chunk) or (nugget, chunk) pairs, and people's
 * labels on a sample of them. `llmPairs` is how many pairs the chosen LLM labelled (null before a choice).
 */
export function correctedEstimatesNeeds(
  study: DefaultsStudy,
  chosen: { llm: string; llmPairs: number } | null,
): ReportNeeds | null {
  const what =
    "Corrected estimates corrects an LLM's labels of (question, chunk) or (nugget, chunk) pairs with people's labels of a random sample of them";
  if (!study.judges.some((j) => j.kind === "model"))
    return { missing: `${what}: this study has no LLM judge yet.`, steps: [RUN_JUDGE, IMPORT_LABELS] };
  if (chosen && chosen.llmPairs === 0)
    return {
      missing: `${what}: ${chosen.llm} labelled no such pair (its labels are on answers, preferences or nuggets). Choose an LLM with pair labels, or get some.`,
      steps: [RUN_JUDGE, IMPORT_LABELS],
    };
  const people = study.judges.some((j) => j.kind === "human") || study.campaigns.some((c) => c.labelled > 0);
  if (!people)
    return {
      missing: `${what}: this study has no people's labels yet.`,
      steps: [
        { to: "campaign", what: 'label a campaign with the sample "Corrected estimates: N pairs uniformly at random"' },
      ],
    };
  return null;
}
