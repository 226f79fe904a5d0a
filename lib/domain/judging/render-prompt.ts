import { placeholdersOf, type JudgeTemplate } from "./judge-template";
import type { PromptField, PromptInputs } from "./judge-tasks/judge-task";

export type ChatMessage = { role: "system" | "user"; content: string };

/**
 * The chat messages a template asks for one item: its system text (when it has one) and its prompt,
 * each {{field}} replaced by the item's text as it is. An item that lacks a field the template
 * names cannot be judged by it: the fields it lacks are returned instead.
 */
export function renderPrompt(
  template: Pick<JudgeTemplate, "system" | "prompt">,
  inputs: PromptInputs,
): { messages: ChatMessage[] } | { missing: string[] } {
  const names = [...new Set([...placeholdersOf(template.system), ...placeholdersOf(template.prompt)])];
  const missing = names.filter((name) => typeof inputs[name as PromptField] !== "string");
  if (missing.length) return { missing };
  // a function replacement: a "$&" in a chunk's text stays as written
  const fill = (text: string) =>
    text.replace(/\{\{\s*([A-Za-z_]\w*)\s*\}\}/g, (_, name: string) => inputs[name as PromptField]!);
  const system = fill(template.system).trim();
  return {
    messages: [
      ...(system ? [{ role: "system" as const, content: system }] : []),
      { role: "user", content: fill(template.prompt) },
    ],
  };
}
