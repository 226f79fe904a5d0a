import { pairJudgeTask } from "./pair-judge-task";

/** Does the chunk support the nugget? (FreshStack's support judgment). */
export const support = pairJudgeTask({
  id: "support",
  label: "Support of a nugget by a chunk",
  pairTarget: "nugget_document",
  fields: ["question", "answer", "nugget", "title", "chunk"],
  campaignTask: "support",
  required: ["nugget", "chunk"],
});
