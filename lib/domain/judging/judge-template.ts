import { z } from "zod";
import { PREFERENCE_SCALE_ID, scaleById, type Scale } from "../scales";

/**
 * What an LLM judge is asked, per task: the fields its prompt may name ({{field}}) and those it
 * must name (a relevance prompt without the chunk judges nothing).
 */
export const JUDGE_TASKS = {
  relevance: {
    label: "Relevance of a chunk to a question",
    fields: ["question", "answer", "title", "chunk"],
    required: ["question", "chunk"],
  },
  support: {
    label: "Support of a nugget by a chunk",
    fields: ["question", "answer", "nugget", "title", "chunk"],
    required: ["nugget", "chunk"],
  },
  preference: {
    label: "Preference between two answers",
    fields: ["question", "answer_a", "answer_b"],
    required: ["question", "answer_a", "answer_b"],
  },
} as const;

export type JudgeTask = keyof typeof JUDGE_TASKS;
export type PromptField = (typeof JUDGE_TASKS)[JudgeTask]["fields"][number];
export const JUDGE_TASK_IDS = Object.keys(JUDGE_TASKS) as JudgeTask[];

/**
 * How a reply becomes a level: the last match of a regular expression (its `level` group, else its
 * first group, else the whole match), or a field of the JSON object in the reply (a dotted path).
 * `map` names levels by the words a reply uses ("yes" -> "1"); otherwise the text must be a level's
 * value, its position on the scale, or its label.
 */
export const outputRuleSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("regex"),
    pattern: z.string().min(1).max(1000),
    ignoreCase: z.boolean().default(true),
    map: z.record(z.string(), z.string()).default({}),
  }),
  z.object({
    kind: z.literal("json"),
    field: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/, "a field name, or names joined by dots"),
    map: z.record(z.string(), z.string()).default({}),
  }),
]);
export type OutputRule = z.infer<typeof outputRuleSchema>;

/** A judge prompt template as a researcher writes it (a saved one is an immutable version of it). */
export const judgeTemplateSchema = z.object({
  name: z.string().trim().min(1).max(100),
  task: z.enum(JUDGE_TASK_IDS as [JudgeTask, ...JudgeTask[]]),
  scale: z.string().min(1),
  system: z.string().max(20_000).default(""),
  prompt: z.string().trim().min(1).max(50_000),
  output: outputRuleSchema,
});
export type JudgeTemplate = z.infer<typeof judgeTemplateSchema>;

/**
 * The levels a template's replies are read into: its label scale, or for preferences the three
 * choices a preference label stores (a, b, none), which are not a label scale.
 */
export function judgeScale(id: string): Scale | null {
  if (id !== PREFERENCE_SCALE_ID) return scaleById(id);
  return {
    id,
    name: "Answer A / answer B / no preference",
    levels: [
      { value: "a", label: "Answer A", key: "a" },
      { value: "b", label: "Answer B", key: "b" },
      { value: "none", label: "No preference", key: "n" },
    ],
    positiveFrom: "a",
  };
}

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
  else if ((template.task === "preference") !== (scale.id === PREFERENCE_SCALE_ID))
    problems.push({
      path: "scale",
      message:
        template.task === "preference"
          ? `a preference template uses the "${PREFERENCE_SCALE_ID}" scale (a, b, none)`
          : `the "${PREFERENCE_SCALE_ID}" scale is for preference templates`,
    });

  const output = template.output;
  if (output.kind === "regex") {
    try {
      const regex = new RegExp(output.pattern, output.ignoreCase ? "i" : "");
      if (regex.test("")) problems.push({ path: "output.pattern", message: "the expression matches an empty reply" });
    } catch (error) {
      problems.push({ path: "output.pattern", message: `not a regular expression: ${(error as Error).message}` });
    }
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
