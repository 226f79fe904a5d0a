// A throwaway judge task and a throwaway label-set kind, added to their registries in this file
// only, appear in the forms and menus that list tasks and label sets: nothing else names the
// tasks or the kinds (docs/ARCHITECTURE.md, "A new judge task", "A new label-set kind").
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { JudgeTask, JudgeTaskDefinition } from "@/lib/domain/judging/judge-tasks/judge-task";
import { JUDGE_TASKS } from "@/lib/domain/judging/judge-tasks/registry";
import { oneLevel } from "@/lib/domain/judging/judge-tasks/reply-levels";
import type { JudgeTemplate } from "@/lib/domain/judging/judge-template";
import type { LabelSetKind, LabelSetKindDefinition, LabelSetName } from "@/lib/domain/label-sets/label-set";
import {
  formatLabelSet,
  LABEL_SET_KINDS,
  labelSetOptions,
  labelSetTitle,
  parseLabelSet,
} from "@/lib/domain/label-sets/registry";
import { taskTypeList } from "@/lib/domain/task-types/registry";
import type { TemplateVersionDto } from "@/lib/schemas/judging";
import { LabelSetForm } from "@/components/reports/label-set-form";
import { CampaignForm } from "@/components/campaigns/form/campaign-form";
import { RunForm } from "@/components/judging/run-form";
import { TemplateEditor } from "@/components/judging/template-editor";

// the throwaway entries are not of the registries' closed types: they are added as the code will see them
const judgeTasks = JUDGE_TASKS as unknown as Record<string, JudgeTaskDefinition<JudgeTask>>;
const labelSetKinds = LABEL_SET_KINDS as unknown as Record<string, LabelSetKindDefinition<LabelSetKind>>;

const claimCheck: Omit<JudgeTaskDefinition<JudgeTask>, "id"> & { id: string } = {
  id: "claim_check",
  label: "Claim check: is the claim true of the passage?",
  fields: ["question", "chunk"],
  required: ["chunk"],
  scales: ["binary"],
  unit: "pair",
  pairTarget: "query_document",
  bothOrders: false,
  labelKind: "level",
  campaignTask: "relevance",
  sampleLabels: { all_pairs: "Every claim", random_pairs: "N random claims" },
  sampleSizes: { random_pairs: "Claims" },
  promptInputs: (texts) => ({ question: texts.question, chunk: texts.chunk }),
  partsOf: () => 1,
  readReply: oneLevel,
  callKeyOfLabel: (label) => label.targetKey,
};

// a kind named "panel:<a>/<b>": two judges' labels where they agree
type Panel = { kind: "panel"; judges: string[] };
const panel = {
  id: "panel",
  prefix: "panel:",
  shape: "panel:<judge>/<judge>",
  parse: (rest: string): Panel | null => {
    const judges = rest.split("/");
    return judges.length === 2 && judges.every(Boolean) ? { kind: "panel", judges } : null;
  },
  format: (set: Panel) => `panel:${set.judges.join("/")}`,
  title: (set: Panel) => `Panel of ${set.judges.join(" and ")}`,
  options: (study: { judges: readonly { name: string }[] }) =>
    study.judges.length >= 2
      ? [
          {
            set: { kind: "panel", judges: [study.judges[0]!.name, study.judges[1]!.name] },
            label: "The first two judges' panel",
          },
        ]
      : [],
  derived: true,
  labelKind: "model",
} as unknown as LabelSetKindDefinition<LabelSetKind>;

const study = {
  judges: [
    { name: "gpt-4o", kind: "model" as const },
    { name: "assessors", kind: "human" as const },
  ],
  campaigns: [],
};

const render = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

/** The options of the <select name="..."> in some markup, as [value, text] pairs. */
function optionsOf(html: string, name: string): [string, string][] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([\s\S]*?)<\/option>/g)].map((m) => [
    m[1]!,
    m[2]!.replace(/<!-- -->/g, ""),
  ]);
}

beforeEach(() => {
  judgeTasks.claim_check = claimCheck as JudgeTaskDefinition<JudgeTask>;
  labelSetKinds.panel = panel;
});
afterEach(() => {
  delete judgeTasks.claim_check;
  delete labelSetKinds.panel;
});

/** A template of the throwaway task. */
const claims: JudgeTemplate = {
  name: "claims",
  task: "claim_check" as JudgeTask,
  scale: "binary",
  system: "",
  prompt: "{{chunk}}",
  output: { kind: "regex", pattern: "(yes|no)", ignoreCase: true, map: {} },
};

describe("a throwaway judge task", () => {
  it("is offered by the template editor, with its fields and scales", () => {
    const html = render(
      <TemplateEditor
        studyId={1}
        from={{
          name: "claims",
          task: "claim_check" as JudgeTask,
          scale: "binary",
          system: "",
          prompt: "{{chunk}}",
          output: { kind: "regex", pattern: "(yes|no)", ignoreCase: true, map: {} },
        }}
        onSaved={() => {}}
        onClose={() => {}}
      />,
    );
    expect(optionsOf(html, "task")).toContainEqual(["claim_check", "Claim check: is the claim true of the passage?"]);
    expect(optionsOf(html, "scale")).toEqual([["binary", "binary"]]);
    expect(html).toContain("Fields: {{question}}, {{chunk}}; required: {{chunk}}");
  });

  it("gives the run form its samples and their sizes' names", () => {
    const version: TemplateVersionDto = {
      name: "claims",
      version: "a".repeat(64),
      builtin: false,
      template: claims,
      createdBy: null,
      createdAt: null,
    };
    const router = { push() {}, replace() {}, refresh() {}, back() {}, forward() {}, prefetch() {} } as never;
    const html = render(
      <AppRouterContext.Provider value={router}>
        <RunForm
          studyId={1}
          templates={[{ name: "claims", builtin: false, versions: [version] }]}
          endpoints={[]}
          passageSets={[]}
          campaigns={[]}
          answeringSystems={[]}
          nuggetSets={[]}
          targets={["qd:1:2"]}
        />
      </AppRouterContext.Provider>,
    );
    expect(optionsOf(html, "sampleKind")).toEqual([
      ["all_pairs", "Every claim"],
      ["random_pairs", "N random claims"],
    ]);
    expect(html).not.toContain('name="systems"'); // a pair task compares no systems
  });
});

describe("a throwaway label-set kind", () => {
  it("parses, writes and names its sets", () => {
    const set = parseLabelSet("panel:gpt-4o/assessors");
    expect(set).toEqual({ kind: "panel", judges: ["gpt-4o", "assessors"] });
    expect(formatLabelSet(set as unknown as LabelSetName)).toBe("panel:gpt-4o/assessors");
    expect(labelSetTitle(set as unknown as LabelSetName, study)).toBe("Panel of gpt-4o and assessors");
    expect(parseLabelSet("panel:gpt-4o")).toEqual({
      error: 'a panel label set is named "panel:<judge>/<judge>", not "panel:gpt-4o"',
    });
  });

  it("is offered in the report forms' label-set menus", () => {
    const html = render(
      <LabelSetForm sets={labelSetOptions(study)} models={[]} query={{ a: null, b: null }} submit="Compare" />,
    );
    expect(optionsOf(html, "a")).toEqual([
      ["", "Choose…"],
      ["gpt-4o", "gpt-4o (LLM)"],
      ["assessors", "assessors (human)"],
      ["corrected:gpt-4o", "gpt-4o corrected by humans where they judged"],
      ["panel:gpt-4o/assessors", "The first two judges&#x27; panel"],
    ]);
  });
});

describe("the campaign form's tasks", () => {
  it("are the task types' menu entries, and only pair tasks for a follow-up of chosen pairs", () => {
    const router = { push() {}, replace() {}, refresh() {}, back() {}, forward() {}, prefetch() {} } as never;
    const options = {
      study: { id: 1, name: "s" },
      annotators: [],
      llmJudges: [],
      answeringSystems: [],
      referenceSets: [],
      nuggetSets: [],
    };
    const form = (followUp?: { targetKeys: string[]; taskType: "relevance" }) =>
      render(
        <AppRouterContext.Provider value={router}>
          <CampaignForm options={options} followUp={followUp} />
        </AppRouterContext.Provider>,
      );
    const tasks = (html: string) =>
      [
        ...(/Task(?:<span[^>]*>)?<select[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "").matchAll(/value="([^"]*)"/g),
      ].map((m) => m[1]);
    expect(tasks(form())).toEqual(taskTypeList().map((t) => t.id));
    expect(tasks(form({ targetKeys: ["qd:1:2"], taskType: "relevance" }))).toEqual(
      taskTypeList()
        .filter((t) => t.unit === "pair")
        .map((t) => t.id),
    );
  });
});
