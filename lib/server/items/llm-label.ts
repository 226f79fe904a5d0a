import "server-only";
import { levelText } from "@/lib/domain/scales";
import type { LlmLabel } from "@/lib/schemas/campaigns";

/** The campaign LLM's label as the annotator sees it after the reveal: value and its level's name. */
export function describeLlmLabel(judge: string, label: { value: string; scale: string } | null | undefined): LlmLabel {
  if (!label) return { judge, level: null, text: null };
  return { judge, level: label.value, text: levelText(label.scale, label.value) };
}
