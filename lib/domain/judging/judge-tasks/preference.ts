import { PREFERENCE_SCALE_ID } from "../../scales";
import { parseSystemPairKey, responsePairKey } from "../../targets";
import type { JudgeTaskDefinition } from "./judge-task";
import { oneLevel } from "./reply-levels";

/**
 * Which of two systems' answers to a request is better, on one criterion (FeB4RAG's side by side).
 * Every pair is asked both ways, A/B then B/A; its label is the choice both orders agree on.
 */
export const preference: JudgeTaskDefinition<"preference"> = {
  id: "preference",
  label: "Preference between two answers",
  fields: ["question", "answer_a", "answer_b"],
  required: ["question", "answer_a", "answer_b"],
  scales: [PREFERENCE_SCALE_ID],
  unit: "request",
  pairTarget: null,
  bothOrders: true,
  labelKind: "preference",
  campaignTask: "preference",
  sampleLabels: {
    all_pairs: "Every request the systems answered",
    random_questions: "N random requests the systems answered",
  },
  sampleSizes: { random_questions: "Requests" },
  promptInputs: (texts, swapped) => ({
    question: texts.question,
    answer_a: swapped ? texts.answerB : texts.answerA,
    answer_b: swapped ? texts.answerA : texts.answerB,
  }),
  partsOf: () => 1,
  readReply: oneLevel,
  // "sp:<q>:<a>:<b>:<criterion>" is the label of the call on "sp:<q>:<a>:<b>"
  callKeyOfLabel: ({ targetKey: key }) => {
    const pair = parseSystemPairKey(key);
    return pair ? responsePairKey(pair.queryId, pair.systemAId, pair.systemBId) : key;
  },
};
