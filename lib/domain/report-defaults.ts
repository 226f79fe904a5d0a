import type { LabelSetOption } from "./label-sets/label-set";
import { formatLabelSet } from "./label-sets/registry";
import { labelsPairs, TASK_TYPES } from "./task-types/registry";
import { type TaskType } from "./task-types/task-type";

/**
 * What a report page opens on when the researcher has chosen nothing yet: the study's natural
 * choice, so the first look shows a result rather than an empty form.
 *
 * - The LLM: the study's first LLM judge (by name).
 * - The human reference depends on the question asked. Agreement wants the fullest unbiased
 *   reference: an imported human judge (qrels, assessments), else a campaign whose sample was
 *   drawn uniformly at random (on which kappa estimates the whole study). Corrected estimates want
 *   that uniform sample first (the only one on which the PPI interval is valid). A leaderboard
 *   wants coverage: an imported judge, else the LLM corrected by people where they judged. Last
 *   come the campaign with the most labelled items, then one annotator's own labels.
 */
export type DefaultsStudy = {
  judges: readonly { name: string; kind: "human" | "model"; annotator: boolean }[];
  campaigns: readonly {
    id: number;
    name: string;
    taskType: TaskType;
    /** Items with at least one annotation. */
    labelled: number;
    /** What its sample drew uniformly at random (pairs, or whole questions without a cap), if anything (uniformUnit). */
    uniform: "pairs" | "questions" | null;
  }[];
};

export type ReferenceUse = "agreement" | "estimates" | "leaderboard";

/** A default choice and the sentence that says why it was made. */
export type DefaultChoice<T> = { choice: T; why: string };

type Reference = { name: string; what: string };

/** Campaigns someone labelled, the most labelled items first (the newest on a tie). */
const mostLabelled = (campaigns: DefaultsStudy["campaigns"]) =>
  campaigns.filter((c) => c.labelled > 0).toSorted((x, y) => y.labelled - x.labelled || y.id - x.id);

const firstLlm = (study: DefaultsStudy) => study.judges.find((j) => j.kind === "model")?.name ?? null;

/** The study's human reference for a use, as a label-set name (a judge, "corrected:<llm>" or "campaign:<id>"), with its description. */
export function humanReference(study: DefaultsStudy, use: ReferenceUse): Reference | null {
  const imported = study.judges.find((j) => j.kind === "human" && !j.annotator);
  const annotator = study.judges.find((j) => j.kind === "human" && j.annotator);
  const llm = firstLlm(study);
  const labelled = mostLabelled(study.campaigns.filter((c) => labelsPairs(c.taskType)));
  // a sample of pairs first for estimates (the pairs' PPI is valid on it), any uniform sample otherwise
  const uniform =
    (use === "estimates" ? labelled.find((c) => c.uniform === "pairs") : undefined) ??
    labelled.find((c) => c.uniform !== null);
  const candidates: Record<string, Reference | null> = {
    imported: imported ? { name: imported.name, what: `${imported.name}, its imported human judge` } : null,
    uniform: uniform
      ? {
          name: formatLabelSet({ kind: "campaign", campaignId: uniform.id }),
          what: `the annotators of ${uniform.name}, a uniform random sample of ${uniform.uniform === "pairs" ? "pairs" : "questions (whole pools)"}`,
        }
      : null,
    corrected:
      llm && (imported || annotator)
        ? {
            name: formatLabelSet({ kind: "corrected", judge: llm }),
            what: `${llm} corrected by people's labels wherever they judged`,
          }
        : null,
    labelled: labelled[0]
      ? {
          name: formatLabelSet({ kind: "campaign", campaignId: labelled[0].id }),
          what: `the annotators of ${labelled[0].name}, its most labelled campaign`,
        }
      : null,
    annotator: annotator ? { name: annotator.name, what: `${annotator.name}'s labels` } : null,
  };
  const order = {
    agreement: ["imported", "uniform", "labelled", "annotator"],
    estimates: ["uniform", "imported", "labelled", "annotator"],
    leaderboard: ["imported", "corrected", "labelled", "annotator"],
  }[use];
  return order.map((k) => candidates[k]).find((r) => r !== null && r !== undefined) ?? null;
}

/**
 * Two label sets to compare (A an LLM, B the human reference), for Agreement, Impact and
 * Resources; without human labels, two LLMs; else nothing.
 */
export function defaultPair(study: DefaultsStudy, use: ReferenceUse): DefaultChoice<{ a: string; b: string }> | null {
  const llm = firstLlm(study);
  const reference = humanReference(study, use);
  if (llm && reference)
    return {
      choice: { a: llm, b: reference.name },
      why: `A is ${llm}, the study's first LLM judge; B is ${reference.what}.`,
    };
  const models = study.judges.filter((j) => j.kind === "model").map((j) => j.name);
  if (models.length >= 2)
    return {
      choice: { a: models[0]!, b: models[1]! },
      why: `the study has no human labels yet: its first two LLM judges, ${models[0]} and ${models[1]}.`,
    };
  return null;
}

/** Corrected estimates' LLM and human labels: the first LLM judge, corrected by the sample reference. */
export function defaultCorrection(study: DefaultsStudy): DefaultChoice<{ llm: string; human: string }> | null {
  const llm = firstLlm(study);
  const reference = humanReference(study, "estimates");
  if (!llm || !reference) return null;
  return {
    choice: { llm, human: reference.name },
    why: `${llm}, the study's first LLM judge, corrected by ${reference.what}.`,
  };
}

/** The campaign a campaign report opens on: of the given kinds, the one with the most labelled items (newest on a tie). */
export function defaultCampaign(
  campaigns: DefaultsStudy["campaigns"],
  what: string,
): DefaultChoice<{ campaign: number }> | null {
  const campaign = mostLabelled(campaigns)[0];
  return campaign
    ? { choice: { campaign: campaign.id }, why: `${campaign.name}, the study's ${what} with the most labelled items.` }
    : null;
}

/**
 * Whose preferences the Preferences page opens on: the preference campaign with the most labelled
 * items, else the first judge with preference labels (`judges`: those judges as the page offers them).
 */
export function defaultPreferenceSource(
  study: DefaultsStudy,
  judges: readonly LabelSetOption[],
): DefaultChoice<string> | null {
  const campaigns = study.campaigns.filter((c) => TASK_TYPES[c.taskType].report === "preferences");
  const campaign = defaultCampaign(campaigns, "preference campaign");
  if (campaign)
    return { choice: formatLabelSet({ kind: "campaign", campaignId: campaign.choice.campaign }), why: campaign.why };
  const judge = judges.find((s) => s.set.kind === "judge");
  return judge ? { choice: judge.value, why: `${judge.label}, the first judge with preference labels.` } : null;
}

/** Whether a page's search params choose nothing (empty values count as unchosen). */
export const choseNothing = (search: Readonly<Record<string, string>>, keys: readonly string[]) =>
  keys.every((k) => !search[k]);
