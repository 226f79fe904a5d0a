import { ANSWER_SAMPLE_LABELS } from "../../campaigns/sampling";
import { answerKey, parseNuggetAnswerKey } from "../../targets";
import type { JudgeTaskDefinition } from "./judge-task";
import { levelList } from "./reply-levels";

/**
 * Which of its question's nuggets one RAG answer supports, partly or not (the TREC RAG track's
 * nugget assignment, as castorini's nuggetizer asks it): one call per answer shows every nugget,
 * numbered, and its reply gives one level per nugget in that order, each a Label of the nugget in
 * the answer ("na:<nugget>:<system>"), compared with a nugget-assignment campaign's annotators.
 */
export const nuggetAssignment: JudgeTaskDefinition<"nugget_assignment"> = {
  id: "nugget_assignment",
  label: "Nugget assignment of a RAG answer",
  fields: ["question", "response", "nuggets"],
  required: ["response", "nuggets"],
  scales: ["nugget-assignment"],
  unit: "answer",
  pairTarget: null,
  bothOrders: false,
  labelKind: "assignments",
  campaignTask: "nugget_assignment",
  sampleLabels: { ...ANSWER_SAMPLE_LABELS, campaign: "A nugget-assignment campaign's answers" },
  sampleSizes: { random_pairs: "Answers", random_questions: "Questions" },
  promptInputs: (texts) => ({
    question: texts.question,
    response: texts.answerA,
    // numbered from 1, one per line, as the reply lists their levels
    nuggets: texts.nuggets.length ? texts.nuggets.map((n, i) => `${i + 1}. ${n.text}`).join("\n") : null,
  }),
  partsOf: (texts) => texts.nuggets.length,
  readReply: levelList,
  callKeyOfLabel: ({ targetKey, queryId }) => {
    const nugget = parseNuggetAnswerKey(targetKey);
    return nugget && queryId !== null ? answerKey(queryId, nugget.systemId) : targetKey;
  },
};
