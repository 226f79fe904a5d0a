import { judgeScale } from "./judge-scale";
import type { PromptField, PromptInputs } from "./judge-tasks/judge-task";
import { JUDGE_TASKS } from "./judge-tasks/registry";
import { placeholdersOf, type JudgeTemplate } from "./judge-template";

/**
 * An item the people judged, to show the judge as an example: its texts and the people's levels
 * (one, or one per nugget of an answer in the prompt's order).
 */
export type FewShotExample = { inputs: PromptInputs; levels: readonly string[] };

const FIELD_TITLES: Record<PromptField, string> = {
  question: "Question",
  answer: "Gold answer",
  nugget: "Nugget",
  title: "Title",
  chunk: "Passage",
  answer_a: "Answer A",
  answer_b: "Answer B",
  response: "Answer",
  nuggets: "Nuggets",
  sentence: "Sentence",
  passages: "Passages",
  nuggets_length: "Number of nuggets",
};

/**
 * A new version of a template with examples the people judged placed before its prompt: each with
 * the fields the prompt names (in the task's order) and the people's level, by value and label.
 * Its name is the template's; saving it makes a new version.
 */
export function withExamples(template: JudgeTemplate, examples: readonly FewShotExample[]): JudgeTemplate {
  if (examples.length === 0) return template;
  const named = new Set([...placeholdersOf(template.system), ...placeholdersOf(template.prompt)]);
  const fields = JUDGE_TASKS[template.task].fields.filter((f) => named.has(f));
  const scale = judgeScale(template.scale);
  const levelText = (value: string) => {
    const label = scale?.levels.find((l) => l.value === value)?.label;
    return label && label !== value ? `${value} (${label})` : value;
  };
  const blocks = examples.map((e, i) =>
    [
      `Example ${i + 1}:`,
      ...fields.flatMap((f) => {
        const text = e.inputs[f];
        // braces broken up: an example's text never becomes a field of the prompt
        return typeof text === "string" ? [`${FIELD_TITLES[f]}:\n${text.replaceAll("{{", "{ {")}`] : [];
      }),
      e.levels.length === 1
        ? `Expert judgment: ${levelText(e.levels[0]!)}`
        : `Expert judgments, nugget by nugget: ${JSON.stringify(e.levels)}`,
    ].join("\n"),
  );
  return {
    ...template,
    prompt: `Here are examples that experts judged, with their judgments:\n\n${blocks.join("\n\n")}\n\nNow judge the following item in the same way.\n\n${template.prompt}`,
  };
}
