import { PAIR_TASK_SCALES } from "../../scales";
import type { TaskType } from "../../task-types/task-type";
import type { JudgeTask, JudgeTaskDefinition, PromptField } from "./judge-task";
import { oneLevel } from "./reply-levels";

/**
 * A task that judges one pooled pair per call on a label scale (relevance, support): its labels
 * are Labels on the pair's target, compared with those of a campaign task's annotators.
 */
export function pairJudgeTask<Id extends JudgeTask>(def: {
  id: Id;
  label: string;
  pairTarget: "query_document" | "nugget_document";
  fields: readonly PromptField[];
  required: readonly PromptField[];
  campaignTask: TaskType;
}): JudgeTaskDefinition<Id> {
  return {
    ...def,
    scales: PAIR_TASK_SCALES.map((s) => s.id),
    unit: "pair",
    bothOrders: false,
    labelKind: "level",
    sampleLabels: {
      targets: "The chosen pairs (from the disagreement queue)",
      all_pairs: "All pooled pairs",
      random_pairs: "N random pairs",
      random_questions: "N random questions, all their pairs",
      campaign: "A campaign's items",
    },
    sampleSizes: { random_pairs: "Pairs", random_questions: "Questions" },
    promptInputs: (texts) => ({
      question: texts.question,
      answer: texts.answer,
      nugget: texts.nugget,
      title: texts.title,
      chunk: texts.chunk,
    }),
    partsOf: () => 1,
    readReply: oneLevel,
    callKeyOfLabel: (label) => label.targetKey,
  };
}
