import { describe, expect, it } from "vitest";
import {
  checkTemplate,
  judgeTemplateSchema,
  placeholdersOf,
  templateContent,
  type JudgeTemplate,
} from "./judge-template";

const relevance: JudgeTemplate = judgeTemplateSchema.parse({
  name: "plain",
  task: "relevance",
  scale: "relevance-3",
  prompt: "Question: {{question}}\nChunk: {{ chunk }}\nAnswer with a level: LEVEL=<level>",
  output: { kind: "regex", pattern: "LEVEL=(\\w+)" },
});

describe("checkTemplate", () => {
  it("accepts a template that names its task's fields and reads levels of its scale", () => {
    expect(checkTemplate(relevance)).toEqual([]);
    expect(placeholdersOf(relevance.prompt)).toEqual(["question", "chunk"]);
  });

  it("names fields the task does not offer, and those it needs but the prompt leaves out", () => {
    const problems = checkTemplate({ ...relevance, prompt: "Nugget: {{nugget}} in {{title}}" });
    expect(problems).toEqual([
      { path: "prompt", message: expect.stringContaining("{{nugget}} is not a field of relevance prompts") },
      { path: "prompt", message: "a relevance prompt must include {{question}} and {{chunk}}" },
    ]);
    expect(checkTemplate({ ...relevance, system: "Use {{answer_a}}" })[0]).toEqual({
      path: "system",
      message: expect.stringContaining("{{answer_a}} is not a field"),
    });
  });

  it("refuses an unknown scale and a scale that does not fit the task", () => {
    expect(checkTemplate({ ...relevance, scale: "stars-5" })).toEqual([
      { path: "scale", message: 'unknown scale "stars-5"' },
    ]);
    expect(checkTemplate({ ...relevance, scale: "preference" })[0]!.message).toContain(
      '"preference" is not a scale of relevance templates',
    );
    const preference = {
      ...relevance,
      task: "preference" as const,
      prompt: "{{question}} A: {{answer_a}} B: {{answer_b}}",
    };
    expect(checkTemplate(preference)[0]!.message).toContain('a preference template uses the "preference" scale');
    expect(checkTemplate({ ...preference, scale: "preference" })).toEqual([]);
  });

  it("refuses an expression that does not compile, RE2 cannot run, or matches an empty reply, and words mapped to no level", () => {
    const output = (o: object) => ({ ...relevance, output: { ...relevance.output, ...o } as JudgeTemplate["output"] });
    expect(checkTemplate(output({ pattern: "LEVEL=(" }))[0]!.message).toMatch(
      /^not an expression Assay reads \(RE2's syntax: no backreferences or lookarounds\): missing closing \)/,
    );
    expect(checkTemplate(output({ pattern: "(?<level>a)\\k<level>" }))[0]!.message).toMatch(
      /^not an expression Assay reads/,
    );
    expect(checkTemplate(output({ pattern: "(\\d*)" }))).toEqual([
      { path: "output.pattern", message: "the expression matches an empty reply" },
    ]);
    expect(checkTemplate(output({ map: { yes: "relevant", maybe: "2" } }))).toEqual([
      {
        path: "output.map.maybe",
        message: '"2" is not a level of relevance-3 (non_relevant, partially_relevant, relevant)',
      },
    ]);
  });

  it("refuses a JSON field that is not a dotted name", () => {
    const parsed = judgeTemplateSchema.safeParse({ ...relevance, output: { kind: "json", field: "a..b" } });
    expect(parsed.success).toBe(false);
  });
});

describe("templateContent", () => {
  it("is the same text whatever the key order or name, and changes with anything the judge sees", () => {
    const reordered = judgeTemplateSchema.parse({
      output: { map: {}, ignoreCase: true, pattern: "LEVEL=(\\w+)", kind: "regex" },
      prompt: relevance.prompt,
      scale: "relevance-3",
      task: "relevance",
      name: "renamed",
    });
    expect(templateContent(reordered)).toBe(templateContent(relevance));
    expect(templateContent({ ...relevance, prompt: `${relevance.prompt} ` })).not.toBe(templateContent(relevance));
    expect(templateContent({ ...relevance, system: "Be strict." })).not.toBe(templateContent(relevance));
    const caseSensitive = { kind: "regex" as const, pattern: "LEVEL=(\\w+)", ignoreCase: false, map: {} };
    expect(templateContent({ ...relevance, output: caseSensitive })).not.toBe(templateContent(relevance));
    expect(templateContent({ ...relevance, output: { ...caseSensitive, ignoreCase: true } })).toBe(
      templateContent(relevance),
    );
  });
});
