import "server-only";
import { scaleById } from "@/lib/domain/scales";
import type { LlmLabel } from "@/lib/schemas/campaigns";

/** The campaign LLM's label as the annotator sees it after the reveal: value and its level's name. */
export function describeLlmLabel(judge: string, label: { value: string; scale: string } | null | undefined): LlmLabel {
  if (!label) return { judge, level: null, text: null };
  const text = scaleById(label.scale)?.levels.find((l) => l.value === label.value)?.label ?? label.value;
  return { judge, level: label.value, text };
}
