import { SAMPLE_KIND_LABELS } from "../campaigns/sampling";
import { levelTask } from "./level-task";

/** Is the chunk relevant to the question? Three grades by default (relevant, partially, not). */
export const relevance = levelTask({
  id: "relevance",
  label: "Relevance of a chunk to a question",
  menu: "Relevance: is the chunk relevant to the question?",
  unit: "pair",
  pairTarget: "query_document",
  sampleLabels: SAMPLE_KIND_LABELS,
  defaultScaleId: "relevance-3",
});
