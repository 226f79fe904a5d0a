import { z } from "zod";
import type { TaskType } from "../../task-types/task-type";
import type { ReplyRule } from "../parse-reply";

/**
 * What an LLM judge can be asked (docs/DOMAIN.md, "LLM judges"). Each is one module of this
 * folder, collected in JUDGE_TASKS (registry.ts); a new one is a compile error until the registry
 * has it.
 */
export const judgeTaskSchema = z.enum([
  "relevance",
  "support",
  "preference",
  "nugget_assignment",
  "citation_support",
  "nugget_creation",
  "nugget_importance",
]);
export type JudgeTask = z.infer<typeof judgeTaskSchema>;

/** Every field a judge prompt may name ({{field}}); each task offers some of them. */
export const PROMPT_FIELDS = [
  "question",
  "answer",
  "nugget",
  "title",
  "chunk",
  "answer_a",
  "answer_b",
  "response",
  "nuggets",
  "sentence",
  "passages",
  "nuggets_length",
] as const;
export type PromptField = (typeof PROMPT_FIELDS)[number];

/** One item's texts, by field; a field the item lacks (a question without an answer) is null. */
export type PromptInputs = Partial<Record<PromptField, string | null>>;

/**
 * The texts of what one call judges, as the database holds them: the question, its gold answer,
 * the nugget, the chunk and its title, and the two answers of a compared pair (system A's first,
 * or the one answer a nugget assignment grades), with the question's nuggets in order for a call
 * on an answer (their ids name the labels its reply gives; empty for other calls).
 */
export type CallTexts = {
  question: string | null;
  answer: string | null;
  nugget: string | null;
  title: string | null;
  chunk: string | null;
  answerA: string | null;
  answerB: string | null;
  nuggets: readonly { id: number; text: string }[];
  /** A call on an answer sentence and a passage it cites ("sc:"): the sentence's text. */
  sentence: string | null;
  /** One window of a question's nugget creation: its passages' texts, in order (else absent). */
  passages?: readonly string[];
};

/** The samples a judge run draws (lib/schemas/judging.ts's judgeRunSampleSchema). */
export type JudgeSampleKind = "all_pairs" | "random_pairs" | "random_questions" | "campaign" | "targets";

/**
 * What a reply gives: its labels, one per part of what the call judged (a pair or a request gives
 * one level; a nugget assignment one per nugget of the answer, in the call's order), or why it
 * gives none.
 */
export type ReadReply = { levels: string[] } | { error: string };

/**
 * One judge task. Its calls are formed from its unit (a pooled pair of its pair target, or two
 * systems' answers to a request), its prompt from the call's texts, and its replies read into
 * levels of the template's scale.
 */
export type JudgeTaskDefinition<Id extends JudgeTask> = {
  id: Id;
  /** Its name in menus: "Relevance of a chunk to a question". */
  label: string;
  /** The fields its prompts may name, in the order examples show them, and those they must. */
  fields: readonly PromptField[];
  required: readonly PromptField[];
  /** The scales its templates may read replies into (judge-scale.ts). */
  scales: readonly string[];
  /**
   * What one call judges: a pooled pair (question or nugget, chunk), a request two systems
   * answered, one system's answer to a question (all its nuggets at once), a sentence of an answer
   * with one passage it cites, or a question's nuggets (made or graded window by window: one call
   * of the run asks the endpoint once a window and try, nuggetizer's loop, nuggetizer-chain.ts).
   */
  unit: "pair" | "request" | "answer" | "citation" | "question";
  /** A pair task's pairs (targets.ts); null for a request task. */
  pairTarget: "query_document" | "nugget_document" | null;
  /**
   * Whether each item is asked twice, its two answers shown A/B then B/A (position bias); the
   * runs then count the items whose two orders disagree.
   */
  bothOrders: boolean;
  /**
   * What a parsed reply becomes: a Label on the call's target on the template's scale ("level"),
   * once both orders parsed a preference Label of the pair on the run's criterion ("preference"),
   * or a Label per nugget of the answer, "na:<nugget>:<system>" ("assignments"); or the question's
   * nuggets in the run's nugget set ("nuggets"), or the importance of each ("importance").
   */
  labelKind: "level" | "preference" | "assignments" | "nuggets" | "importance";
  /** The campaign task whose annotators' labels its labels are compared with (Calibration). */
  campaignTask: TaskType;
  /** The samples its runs draw, in its own words (the run form's menu; others are refused). */
  sampleLabels: Partial<Record<JudgeSampleKind, string>>;
  /** The run form's name for a random sample's size: "Pairs", "Questions", "Requests". */
  sampleSizes: Partial<Record<"random_pairs" | "random_questions", string>>;
  /** The prompt's fields for one call (a both-orders call shows the answers in its own order). */
  promptInputs(texts: CallTexts, swapped: boolean): PromptInputs;
  /** How many levels a reply to a call on these texts gives: one, or one per nugget of the answer. */
  partsOf(texts: CallTexts): number;
  /** The `parts` levels a reply gives, read by the template's output rule. */
  readReply(rule: ReplyRule, reply: string, parts: number): ReadReply;
  /**
   * The target of the call a label of this task came from (a preference label adds its criterion
   * to its pair's; a nugget's label in an answer is of the call on the answer, "a:<query>:<system>").
   */
  callKeyOfLabel(label: { targetKey: string; queryId: number | null }): string;
};
