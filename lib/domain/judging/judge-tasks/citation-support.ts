import { CITATION_SAMPLE_LABELS } from "../../campaigns/sampling";
import type { JudgeTaskDefinition } from "./judge-task";
import { oneLevel } from "./reply-levels";

/**
 * Does the passage an answer sentence cites support it? Full, partial or no support, as GPT-4o
 * judged the TREC 2024 RAG track's answers (Thakur et al. 2025): one call per (sentence, passage)
 * pair, its label on the pair's "sc:" target, compared with a citation-support campaign's annotators.
 */
export const citationSupport: JudgeTaskDefinition<"citation_support"> = {
  id: "citation_support",
  label: "Support of an answer sentence by a passage it cites",
  fields: ["question", "response", "sentence", "title", "chunk"],
  required: ["sentence", "chunk"],
  scales: ["citation-support"],
  unit: "citation",
  pairTarget: null,
  bothOrders: false,
  labelKind: "level",
  campaignTask: "citation_support",
  sampleLabels: { ...CITATION_SAMPLE_LABELS, campaign: "A citation-support campaign's pairs" },
  sampleSizes: { random_pairs: "Answers", random_questions: "Questions" },
  promptInputs: (texts) => ({
    question: texts.question,
    response: texts.answerA,
    sentence: texts.sentence,
    title: texts.title,
    chunk: texts.chunk,
  }),
  partsOf: () => 1,
  readReply: oneLevel,
  callKeyOfLabel: (label) => label.targetKey,
};
