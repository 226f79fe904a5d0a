import { z } from "zod";
import { judgeScale } from "./judge-scale";
import { JUDGE_TASKS } from "./judge-tasks/registry";
import { judgeTaskSchema } from "./judge-tasks/judge-task";
import { outputRuleSchema } from "./output-rule";
import { replyPatternProblem } from "./reply-pattern";

/** A judge prompt template as a researcher writes it (a saved one is an immutable version of it). */
export const judgeTemplateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  task: judgeTaskSchema,
  scale: z.string().min(1),
  system: z.string().max(20_000).default(""),
  prompt: z.string().trim().min(1).max(50_000),
  output: outputRuleSchema,
});
export type JudgeTemplate = z.infer<typeof judgeTemplateSchema>;

export type TemplateProblem = { path: string; message: string };

const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*)\s*\}\}/g;

/** The fields a text names, in order of first use. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * What is wrong with a template beyond its shape: fields its task does not offer or that it
 * leaves out, a scale that does not exist or does not fit the task, an expression that does not
 * compile or matches nothing, words mapped to no level. Empty when it can be run.
 */
export function checkTemplate(template: JudgeTemplate): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const task = JUDGE_TASKS[template.task];
  const offered: readonly string[] = task.fields;
  for (const [path, text] of [
    ["system", template.system],
    ["prompt", template.prompt],
  ] as const)
    for (const name of placeholdersOf(text))
      if (!offered.includes(name))
        problems.push({
          path,
          message: `{{${name}}} is not a field of ${template.task} prompts (they can use ${offered.map((f) => `{{${f}}}`).join(", ")})`,
        });
  const used = new Set([...placeholdersOf(template.system), ...placeholdersOf(template.prompt)]);
  const missing = task.required.filter((f) => !used.has(f));
  if (missing.length)
    problems.push({
      path: "prompt",
      message: `a ${template.task} prompt must include ${missing.map((f) => `{{${f}}}`).join(" and ")}`,
    });

  const scale = judgeScale(template.scale);
  if (!scale) problems.push({ path: "scale", message: `unknown scale "${template.scale}"` });
  else if (!task.scales.includes(scale.id))
    problems.push({
      path: "scale",
      message:
        task.scales.length === 1
          ? `a ${template.task} template uses the "${task.scales[0]}" scale`
          : `"${scale.id}" is not a scale of ${template.task} templates (they use ${task.scales.join(", ")})`,
    });

  const output = template.output;
  if (output.kind === "regex") {
    const problem = replyPatternProblem(output.pattern, output.ignoreCase);
    if (problem) problems.push({ path: "output.pattern", message: problem });
  }
  if (scale)
    for (const [word, level] of Object.entries(output.map))
      if (!scale.levels.some((l) => l.value === level))
        problems.push({
          path: `output.map.${word}`,
          message: `"${level}" is not a level of ${scale.id} (${scale.levels.map((l) => l.value).join(", ")})`,
        });
  return problems;
}

/**
 * A version's content in one canonical text: everything that changes what the judge is asked or
 * how its reply is read, keys sorted (the name is not part of it). Its hash identifies the version.
 */
export function templateContent(template: JudgeTemplate): string {
  const { task, scale, system, prompt, output } = template;
  return canonicalJson({ task, scale, system, prompt, output });
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}
