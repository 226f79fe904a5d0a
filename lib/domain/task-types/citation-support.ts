import { CITATION_SAMPLE_LABELS } from "../campaigns/sampling";
import { levelTask } from "./level-task";

/**
 * Does the passage an answer sentence cites support the sentence? Full, partial or no support, as
 * the TREC 2024 RAG track's assessors and GPT-4o judged it (Thakur et al. 2025, "Support evaluation
 * for the TREC 2024 RAG Track"). One item is one sentence of one system's answer (its system never
 * named) with one passage it cites, the answer around it for context.
 */
export const citationSupport = levelTask({
  id: "citation_support",
  label: "Citation support",
  menu: "Citation support: does the passage an answer sentence cites support it?",
  unit: "citation",
  pairTarget: null,
  sampleLabels: CITATION_SAMPLE_LABELS,
  defaultScaleId: "citation-support",
});
