import { describe, expect, it } from "vitest";
import { BUILTIN_TEMPLATES, builtinTemplate } from "./builtin-templates";
import { checkTemplate, judgeTemplateSchema } from "./judge-template";
import { JUDGE_TASKS } from "./judge-tasks/registry";
import { parseReply } from "./parse-reply";
import { renderPrompt } from "./render-prompt";

describe("built-in templates", () => {
  it("are valid templates that can be run", () => {
    expect(BUILTIN_TEMPLATES.map((t) => t.name)).toEqual([
      "umbrela-relevance",
      "freshstack-support",
      "trec-rag-assignment",
      "trec-rag-support",
      "nuggetizer-create",
      "nuggetizer-score",
    ]);
    for (const template of BUILTIN_TEMPLATES) {
      expect(judgeTemplateSchema.parse(template)).toEqual(template);
      expect(checkTemplate(template)).toEqual([]);
    }
  });

  it("UMBRELA's asks for a final score line and reads it", () => {
    const umbrela = builtinTemplate("umbrela-relevance")!;
    const rendered = renderPrompt(umbrela, {
      question: "how do I pin a pip version",
      title: "docs/pip.md",
      chunk: "pip install x==1.2",
    });
    if (!("messages" in rendered)) throw new Error("not rendered");
    expect(rendered.messages).toHaveLength(1);
    expect(rendered.messages[0]!.content).toContain(
      "Question:\nhow do I pin a pip version\n\nPassage (docs/pip.md):\npip install x==1.2",
    );
    expect(parseReply(umbrela, "M: the intent matches. T: official docs.\n##final score: 3")).toEqual({ level: "3" });
    for (const [reply, level] of [
      ["##final score: 2.", "2"],
      ["##final score: 2. Done.", "2"],
      ["##Final Score: 1\nThanks", "1"],
      ["##final score: 2/3", "2"],
    ] as const)
      expect(parseReply(umbrela, reply), reply).toEqual({ level });
  });

  it("reads only a level on its scale: a longer number, a decimal or a number off the scale is a problem, never a level", () => {
    const rules = BUILTIN_TEMPLATES.map((t) => ({
      t,
      read: (reply: string, parts = 1) => JUDGE_TASKS[t.task].readReply(t, reply, parts),
    }));
    const umbrela = rules.find((r) => r.t.name === "umbrela-relevance")!;
    for (const reply of [
      "##final score: 10",
      "##final score: 35",
      "##final score: 3.9",
      "##final score: 1.0",
      "##final score: -1",
      "##final score: 4",
    ])
      expect(umbrela.read(reply), reply).toHaveProperty("error");
    for (const { t, read } of rules.filter((r) => r.t.output.kind === "json")) {
      const field = (t.output as { field: string }).field;
      const parts = field === "assignments" ? 2 : 1;
      const value = (v: unknown) => JSON.stringify({ [field]: parts === 2 ? ["support", v] : v });
      for (const off of ["10", 1.5, -1, "3.9", 9, true])
        expect(read(value(off), parts), `${t.name}: ${String(off)}`).toHaveProperty("error");
    }
  });

  it("FreshStack's support prompt takes a nugget and reads a JSON verdict", () => {
    const support = builtinTemplate("freshstack-support")!;
    const rendered = renderPrompt(support, { question: "q", nugget: "use ChatOpenAI", title: "t", chunk: "c" });
    if (!("messages" in rendered)) throw new Error("not rendered");
    expect(rendered.messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(rendered.messages[1]!.content).toContain("Nugget:\nuse ChatOpenAI");
    expect(parseReply(support, 'The chunk defines it.\n{"reasoning": "shown in code", "supported": "yes"}')).toEqual({
      level: "1",
    });
    expect(builtinTemplate("nope")).toBeNull();
  });

  it("the TREC RAG assignment asks about one answer and all its nuggets, and reads one label per nugget", () => {
    const assignment = builtinTemplate("trec-rag-assignment")!;
    const rendered = renderPrompt(assignment, {
      question: "why do trams stop",
      response: "Trams stop at signals [1].",
      nuggets: "1. Trams stop at signals\n2. Trams stop for passengers",
    });
    if (!("messages" in rendered)) throw new Error("not rendered");
    expect(rendered.messages[1]!.content).toContain(
      "Answer:\nTrams stop at signals [1].\n\nNuggets:\n1. Trams stop at signals\n2. Trams stop for passengers",
    );
    expect(
      JUDGE_TASKS.nugget_assignment.readReply(
        assignment,
        '```json\n{"assignments": ["support", "not_support"]}\n```',
        2,
      ),
    ).toEqual({ levels: ["support", "not_support"] });
  });

  it("the TREC RAG support template takes one sentence and the passage it cites, and reads a three-level verdict", () => {
    const support = builtinTemplate("trec-rag-support")!;
    const rendered = renderPrompt(support, {
      question: "why do trams stop",
      response: "Trams stop at signals. They wait.",
      sentence: "Trams stop at signals.",
      title: "",
      chunk: "A tram halts at red signals.",
    });
    if (!("messages" in rendered)) throw new Error("not rendered");
    expect(rendered.messages[1]!.content).toContain("Sentence:\nTrams stop at signals.\n\nPassage ():\nA tram halts");
    expect(parseReply(support, 'It says so.\n{"support": "partial"}')).toEqual({ level: "partial_support" });
  });
});
