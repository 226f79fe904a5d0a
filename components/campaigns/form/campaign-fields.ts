import type { SampleKind, SampleSpec } from "@/lib/domain/campaigns/sampling";
import type { Protocol } from "@/lib/domain/campaigns/protocol";
import { DEFAULT_CRITERIA, type Criterion } from "@/lib/domain/preferences/criteria";
import type { BUILTIN_SCALES } from "@/lib/domain/scales";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import type { TaskType } from "@/lib/domain/task-types/task-type";
import type { CampaignDraft, ScaleChoice } from "@/lib/schemas/campaigns";
import { NUGGET_SET_TASKS } from "@/lib/domain/nuggets/nugget-sets";

/** What the new-campaign form offers: the study, its annotator members, its LLM judges, the systems that answered. */
export type CampaignFormOptions = {
  study: { id: number; name: string };
  annotators: { id: number; name: string; email: string }[];
  llmJudges: string[];
  answeringSystems: string[];
  /** The label sets gold items may be drawn from. */
  referenceSets: { value: string; label: string }[];
  /** The study's nugget sets, the first (the default) first. */
  nuggetSets: string[];
};

/** Pairs chosen elsewhere (the disagreement queue) for a follow-up campaign. */
export type FollowUp = { targetKeys: string[]; taskType: TaskType };

/** A campaign the Corrected estimates page asks for: N more pairs drawn uniformly at random. */
export type RandomPairsStart = { pairs: number; taskType: TaskType };

export type TaskChoice = CampaignDraft["taskType"];

/** Everything the form holds, as typed (numbers as numbers, the cap and custom levels as text). */
export type CampaignFields = {
  name: string;
  taskType: TaskChoice;
  systems: string[];
  criteria: Criterion[];
  /** null: the task's own default scale */
  chosenScaleId: string | null;
  customLevels: string;
  customFrom: string;
  protocol: Protocol;
  llmJudge: string;
  overlap: number;
  annotatorIds: number[];
  sampleKind: SampleKind;
  questions: number;
  pairs: number;
  cap: string;
  /** Citation support: each sentence with the passage it cites first, or with every one. */
  citations: "first" | "every";
  seed: number;
  guidelines: string;
  highlightTerms: boolean;
  /** Gold items: the reference label set ("" for none), and K items or a share of the sample (in percent). */
  goldSet: string;
  goldBy: "count" | "share";
  goldCount: number;
  goldPercent: number;
  /** The nugget set a nugget quality, nugget assignment or support campaign uses ("": the study's first). */
  nuggetSet: string;
};

export type SetFields = (patch: Partial<CampaignFields>) => void;

/** The form's first state: a follow-up or a random-pairs start names itself and draws its own sample. */
export function initialCampaignFields(
  options: CampaignFormOptions,
  followUp?: FollowUp,
  randomPairs?: RandomPairsStart,
): CampaignFields {
  return {
    name: followUp
      ? `Follow-up of ${followUp.targetKeys.length} disagreements`
      : randomPairs
        ? `Corrected estimates: ${randomPairs.pairs} random pairs`
        : "",
    taskType: followUp?.taskType ?? randomPairs?.taskType ?? "support",
    systems: options.answeringSystems.slice(0, 2),
    criteria: DEFAULT_CRITERIA,
    chosenScaleId: null,
    customLevels: "wrong, partly right, right",
    customFrom: "partly right",
    protocol: "blind",
    llmJudge: options.llmJudges[0] ?? "",
    overlap: Math.min(2, Math.max(1, options.annotators.length)),
    annotatorIds: options.annotators.map((a) => a.id),
    // LLM-based designs need an LLM judge: a study with human qrels only starts from random questions
    sampleKind: followUp
      ? "targets"
      : randomPairs
        ? "random_pairs"
        : options.llmJudges.length > 0
          ? "llm_positive_per_question"
          : "random_questions",
    questions: 10,
    pairs: randomPairs?.pairs ?? 300,
    cap: "",
    citations: "first",
    seed: 1,
    guidelines: "",
    highlightTerms: false,
    goldSet: "",
    goldBy: "share",
    goldCount: 10,
    goldPercent: 10,
    nuggetSet: "",
  };
}

/** The scale the form shows: the one chosen, else the task's default. */
export const scaleIdOf = (fields: CampaignFields) => fields.chosenScaleId ?? TASK_TYPES[fields.taskType].defaultScaleId;

/** A task the chosen sample design does not offer falls back to random questions. */
export function withTask(fields: CampaignFields, taskType: TaskChoice): CampaignFields {
  const sampleKind = fields.sampleKind in TASK_TYPES[taskType].sampleLabels ? fields.sampleKind : "random_questions";
  return { ...fields, taskType, sampleKind };
}

function scaleChoice(fields: CampaignFields): ScaleChoice {
  const scaleId = scaleIdOf(fields);
  if (scaleId !== "custom") return { kind: "builtin", id: scaleId as keyof typeof BUILTIN_SCALES };
  const levels = fields.customLevels
    .split(",")
    .map((l) => l.trim())
    .filter(Boolean);
  return { kind: "custom", levels, positiveFrom: fields.customFrom.trim() };
}

/** The sample the form describes (a follow-up's chosen pairs, when it is one). */
export function sampleSpec(fields: CampaignFields, followUp?: FollowUp): SampleSpec {
  const citing = TASK_TYPES[fields.taskType].unit === "citation";
  // a citation sample takes whole answers (no cap) and says which of a sentence's citations it judges
  const cap = citing || fields.cap.trim() === "" ? undefined : Number(fields.cap);
  const citations = citing ? { citations: fields.citations } : {};
  const judge = fields.llmJudge;
  switch (fields.sampleKind) {
    case "all_pairs":
      return { kind: "all_pairs", cap, ...citations };
    case "random_pairs":
      return { kind: "random_pairs", pairs: fields.pairs, ...citations };
    case "random_questions":
      return { kind: "random_questions", questions: fields.questions, cap, ...citations };
    case "feb4rag":
      return { kind: "feb4rag", judge, cap };
    case "targets":
      return { kind: "targets", targetKeys: followUp?.targetKeys ?? [] };
    case "llm_positive_per_question":
      return { kind: "llm_positive_per_question", questions: fields.questions, judge, cap };
  }
}

/** The gold items a pair campaign asks for (none without a reference label set). */
function goldSpec(fields: CampaignFields): Pick<CampaignDraft, "gold"> {
  if (fields.goldSet === "") return {};
  return {
    gold:
      fields.goldBy === "count"
        ? { labelSet: fields.goldSet, count: fields.goldCount }
        : { labelSet: fields.goldSet, share: fields.goldPercent / 100 },
  };
}

/**
 * The campaign the form describes. A pair task keeps its scale, protocol and LLM judge (a blind
 * campaign keeps the judge too: its report compares each annotator with it); a nugget assignment
 * its protocol and LLM judge on the track's scale; whole-question tasks are blind and binary, and
 * a comparison adds its systems and criteria.
 */
export function campaignDraft(fields: CampaignFields, followUp?: FollowUp): CampaignDraft {
  const task = TASK_TYPES[fields.taskType];
  const common = {
    name: fields.name,
    taskType: fields.taskType,
    guidelines: fields.guidelines,
    overlap: fields.overlap,
    annotatorIds: fields.annotatorIds,
    sample: sampleSpec(fields, followUp),
    seed: fields.seed,
    ...(fields.nuggetSet && NUGGET_SET_TASKS.includes(fields.taskType) ? { nuggetSet: fields.nuggetSet } : {}),
  };
  if (task.unit === "pair") {
    return {
      ...common,
      scale: scaleChoice(fields),
      protocol: fields.protocol,
      llmJudge: fields.llmJudge || null,
      highlightTerms: fields.highlightTerms,
      ...goldSpec(fields),
    };
  }
  if (task.unit === "answer" || task.unit === "citation")
    return {
      ...common,
      scale: { kind: "builtin", id: task.unit === "answer" ? "nugget-assignment" : "citation-support" },
      protocol: fields.protocol,
      llmJudge: fields.llmJudge || null,
    };
  return {
    ...common,
    scale: { kind: "builtin", id: "binary" },
    protocol: "blind",
    llmJudge: null,
    ...(task.unit === "request" ? { systems: fields.systems, criteria: fields.criteria } : {}),
  };
}
