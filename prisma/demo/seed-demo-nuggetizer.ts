// The demo's nuggets from an LLM: gpt-4o's lists in the TREC RAG study, as a nuggetizer-create run
// made them from the passages the experts mark 2 (and a nuggetizer-score run graded them), with
// the runs' records and their one call a question, imported as a study bundle through the same
// import code as a team's. The LLM judges page lists both runs; the set is "gpt-4o", of source llm.
import { builtinTemplate } from "@/lib/domain/judging/builtin-templates";
import type { JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { storedLevel } from "@/lib/domain/judging/judge-tasks/reply-levels";
import { runJudgeName } from "@/lib/domain/judging/run-judge-name";
import { BUNDLE_VERSION } from "@/lib/formats/bundle";
import type { ImportFile } from "@/lib/server/imports/import-into-study";
import { templateVersion } from "@/lib/server/judging/template-version";
import type { DemoNugget } from "./rag-answers";
import { RELEVANCE_PASSAGES, RELEVANCE_QUESTIONS } from "./relevance-passages";

/** The demo's relevance labels of the passages: the experts' grades, as a qrels file. */
export const EXPERTS = "experts";
export const expertQrels = () => RELEVANCE_PASSAGES.map((p) => `${p.question} 0 ${p.id} ${p.grade}`).join("\n") + "\n";

const RAN_AT = "2026-11-01T09:00:00.000Z";
const DONE_AT = "2026-11-01T09:04:00.000Z";

type DemoRun = { template: JudgeTemplate; version: string; judge: string };

/**
 * A study bundle with gpt-4o's nugget set (its nuggets with the ids an import gives a second set,
 * "<question>_<n>_2") and the two runs that made and graded it.
 */
export function nuggetizerBundle(
  study: { name: string; description: string },
  set: string,
  nuggets: Record<string, DemoNugget[]>,
  researcher: string,
): ImportFile[] {
  const runs = (["nuggetizer-create", "nuggetizer-score"] as const).map((name): DemoRun => {
    const template = builtinTemplate(name)!;
    const version = templateVersion(template);
    const judge = runJudgeName({
      templateName: name,
      templateVersion: version,
      model: "gpt-4o",
      temperature: 0,
      seed: null,
    });
    return { template, version, judge };
  });
  const questions = RELEVANCE_QUESTIONS.filter((q) => nuggets[q.id]?.length).map((q) => q.id);
  const origin = `${runs[0]!.judge}, from the passages ${EXPERTS} marks 2 or above`;
  const records: object[] = [
    { type: "bundle", version: BUNDLE_VERSION, study },
    { type: "nugget_set", name: set, source: "llm", origin, versions: {} },
    ...questions.flatMap((q) =>
      nuggets[q]!.map((n, i) => ({
        type: "nugget",
        id: `${q}_${i + 1}_2`,
        query: q,
        position: i + 1,
        text: n.text,
        importance: n.importance,
        set,
      })),
    ),
    ...runs.map((r) => ({ type: "judge", name: r.judge, kind: "model", user: null })),
    ...runs.map((r, i) => runRecord(r, i + 1, set, researcher, i === 0 ? questions : null)),
    ...runs.flatMap((_, i) =>
      questions.map((q, position) =>
        callRecord(
          i + 1,
          position + 1,
          q,
          nuggets[q]!.map((n) => (i === 0 ? n.text : n.importance)),
        ),
      ),
    ),
  ];
  return [
    {
      name: "gpt-4o-nuggetizer.assay.jsonl",
      chunks: (async function* () {
        yield `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;
      })(),
    },
  ];
}

/** A finished run of gpt-4o at nuggetizer's defaults; creation (`creating`: its questions) reads the experts' passages at 2. */
function runRecord(r: DemoRun, number: number, set: string, researcher: string, creating: string[] | null) {
  return {
    type: "judge_run",
    number,
    judge: r.judge,
    endpoint: "openai",
    base_url: "https://api.openai.com/v1",
    model: "gpt-4o",
    template_version: r.version,
    template: r.template,
    sample: { kind: "all_pairs" },
    systems: null,
    criterion: null,
    temperature: 0,
    seed: null,
    status: "done",
    failure: null,
    nugget_set: set,
    nuggetizer: {
      label_set: creating ? EXPERTS : null,
      level: 2,
      window_size: 10,
      max_nuggets: 30,
      max_tries: 5,
      passages: (creating ?? []).map((q) => [
        q,
        RELEVANCE_PASSAGES.filter((p) => p.question === q && p.grade >= 2).map((p) => p.id),
      ]),
    },
    created_by: researcher,
    created_at: RAN_AT,
    finished_at: DONE_AT,
  };
}

/** A run's call on one question, its reply the result (the nuggets, or their importance). */
function callRecord(run: number, position: number, query: string, levels: string[]) {
  return {
    type: "judge_call",
    run,
    position,
    query,
    nugget: null,
    doc: null,
    systems: null,
    swapped: false,
    status: "done",
    attempts: 1,
    cache_key: null,
    cached: false,
    reply: JSON.stringify(levels),
    level: storedLevel(levels),
    error: null,
    input_tokens: null,
    output_tokens: null,
    latency_ms: null,
    cost: null,
    finished_at: DONE_AT,
  };
}
