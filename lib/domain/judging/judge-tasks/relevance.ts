import { pairJudgeTask } from "./pair-judge-task";

/** Is the chunk relevant to the question? (UMBRELA, NovelEval, FreshStack's relevance). */
export const relevance = pairJudgeTask({
  id: "relevance",
  label: "Relevance of a chunk to a question",
  pairTarget: "query_document",
  fields: ["question", "answer", "title", "chunk"],
  campaignTask: "relevance",
  required: ["question", "chunk"],
});
