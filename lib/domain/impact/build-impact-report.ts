import type { SourceLabel } from "../label-sources";
import { labelPositive } from "../scales";
import { parseNuggetDocumentKey } from "../targets";
import { evaluateNuggetRun, FRESHSTACK_METRICS, parseNuggetMetric, type QueryJudgments } from "./nugget-metrics";
import { kendallTauB, swappedPairs } from "./rank-correlation";
import type { RunEntry } from "./run-ranking";

const METRICS = FRESHSTACK_METRICS.map((id) => parseNuggetMetric(id)!);

/** A run: per question id, its ranked entries. */
export type Run = ReadonlyMap<string, readonly RunEntry[]>;

export type ImpactInputs = {
  sets: { a: string; b: string };
  /** Each label set's labels by target key. */
  labels: { a: ReadonlyMap<string, SourceLabel>; b: ReadonlyMap<string, SourceLabel> };
  /** The study's nuggets with their question. */
  nuggets: readonly { id: number; queryId: number }[];
  /** The study's runs by system name. */
  runs: ReadonlyMap<string, Run>;
  /** Question ids (as strings) to their external ids. */
  questionNames: ReadonlyMap<string, string>;
  /** Document ids to their external ids, which the runs name documents by (ties in score go to the larger). */
  documentNames: ReadonlyMap<number, string>;
};

type Judgments = Map<string, QueryJudgments & { judged: boolean }>;

/**
 * Does the leaderboard change when one label set replaces another? The runs scored under both
 * (FreshStack's alpha-nDCG@10, Coverage@20, Recall@50 over every question with nuggets), Kendall's
 * tau-b between the two rankings per metric, the pairs of systems that swap, the 20 questions whose
 * mean score moves most, and FreshStack's filters under each set. When a set judged only some
 * questions (a campaign's sample), both are compared on the questions both judged, since the
 * others would score as unsupported. A string says why there is nothing to compare.
 */
export function buildImpactReport(inputs: ImpactInputs) {
  const allA = judgmentsOf(inputs.labels.a, inputs.nuggets, inputs.documentNames);
  const allB = judgmentsOf(inputs.labels.b, inputs.nuggets, inputs.documentNames);
  const shared = [...allA.keys()].filter((q) => allA.get(q)!.judged && allB.get(q)?.judged);
  if (shared.length === 0)
    return `${inputs.sets.a} and ${inputs.sets.b} judged no question in common: nothing to compare`;
  if (inputs.runs.size === 0) return "this study has no runs: import TREC run files first";
  const partial = shared.length < allA.size;
  const onShared = (all: Judgments): Judgments => new Map(shared.map((q) => [q, all.get(q)!]));
  const [a, b] = partial ? [onShared(allA), onShared(allB)] : [allA, allB];
  const names = [...inputs.runs.keys()].sort();
  const runOf = (name: string) => inputs.runs.get(name)!;
  const scoresA = names.map((n) => evaluateNuggetRun(a, runOf(n), METRICS));
  const scoresB = names.map((n) => evaluateNuggetRun(b, runOf(n), METRICS));

  const first = METRICS[0]!;
  const perQuestion = [...a.keys()]
    .filter((q) => inputs.questionNames.has(q))
    .map((q) => {
      const mean = (judgments: Judgments) =>
        names.reduce(
          (s, n) => s + evaluateNuggetRun(new Map([[q, judgments.get(q)!]]), runOf(n), [first])[first.id]!,
          0,
        ) / names.length;
      return { question: inputs.questionNames.get(q)!, a: mean(a), b: mean(b) };
    })
    .sort(
      (x, y) =>
        Math.abs(y.b - y.a) - Math.abs(x.b - x.a) || x.question.localeCompare(y.question, "en", { numeric: true }),
    )
    .slice(0, 20);

  return {
    sets: inputs.sets,
    metrics: METRICS.map((m) => m.id),
    questions: a.size,
    questionsWithNuggets: allA.size,
    judged: {
      a: [...allA.values()].filter((q) => q.judged).length,
      b: [...allB.values()].filter((q) => q.judged).length,
    },
    systems: names.map((name, i) => ({
      name,
      scores: Object.fromEntries(METRICS.map((m) => [m.id, { a: scoresA[i]![m.id]!, b: scoresB[i]![m.id]! }])),
    })),
    kendallTauB: Object.fromEntries(
      METRICS.map((m) => [
        m.id,
        kendallTauB(
          scoresA.map((s) => s[m.id]!),
          scoresB.map((s) => s[m.id]!),
        ),
      ]),
    ),
    swaps: Object.fromEntries(
      METRICS.map((m) => [
        m.id,
        swappedPairs(
          names,
          scoresA.map((s) => s[m.id]!),
          scoresB.map((s) => s[m.id]!),
        ),
      ]),
    ),
    perQuestion,
    filters: {
      unsupportedQuestions: { a: unsupportedQuestions(a), b: unsupportedQuestions(b) },
      unsupportedNuggets: { a: unsupportedNuggets(a), b: unsupportedNuggets(b) },
      nuggets: [...a.values()].reduce((n, q) => n + q.nuggets.size, 0),
    },
  };
}

/**
 * A label set as nugget qrels: per question (with nuggets), the chunks each positive label says
 * support a nugget, and whether the set judged the question at all (any (nugget, chunk) label).
 */
function judgmentsOf(
  labels: ReadonlyMap<string, SourceLabel>,
  nuggets: readonly { id: number; queryId: number }[],
  documentNames: ReadonlyMap<number, string>,
): Judgments {
  const queries = new Map<string, { supports: Map<string, Set<string>>; nuggets: Set<string>; judged: boolean }>();
  for (const n of nuggets) {
    const key = String(n.queryId);
    const q =
      queries.get(key) ?? queries.set(key, { supports: new Map(), nuggets: new Set(), judged: false }).get(key)!;
    q.nuggets.add(String(n.id));
  }
  for (const [key, label] of labels) {
    const target = parseNuggetDocumentKey(key);
    if (!target || label.queryId === null || label.nuggetId === null) continue;
    const q = queries.get(String(label.queryId));
    if (q) q.judged = true;
    if (!q || !labelPositive(label)) continue;
    const documentId = documentNames.get(target.documentId) ?? String(target.documentId);
    q.supports.set(documentId, (q.supports.get(documentId) ?? new Set()).add(String(label.nuggetId)));
  }
  return queries;
}

const unsupportedQuestions = (judgments: Judgments) =>
  [...judgments.values()].filter((q) => q.supports.size === 0).length;

function unsupportedNuggets(judgments: Judgments): number {
  let count = 0;
  for (const q of judgments.values()) {
    const supported = new Set([...q.supports.values()].flatMap((s) => [...s]));
    for (const n of q.nuggets) if (!supported.has(n)) count++;
  }
  return count;
}
