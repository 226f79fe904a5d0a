import type { SetLabel } from "../label-sets/label-set";
import { labelLevel, labelPositive } from "../scales";
import { parseNuggetDocumentKey, parseQueryDocumentKey, TARGET_PREFIX, type TargetType } from "../targets";
import { evaluateNuggetRanking, FRESHSTACK_METRICS, parseNuggetMetric, type QueryJudgments } from "./nugget-metrics";
import { answerScores, answersFamily, type AnswerInputs } from "./answers-family";
import { citationAgreement, citationScores, citationsFamily, type CitationInputs } from "./citations-family";
import type { Family, Judged } from "./impact-family";
import { impactSignificance, type SignificanceOptions } from "./impact-significance";
import { kendallTauB, spearmanRho, swappedPairs } from "./rank-correlation";
import { renameDocuments, type RankedRun } from "../runs/run-ranking";
import { evaluateTrecRanking, parseTrecMeasure, type GradedJudgments } from "./trec-measures";

const NUGGET_MEASURES = FRESHSTACK_METRICS.map((id) => parseNuggetMetric(id)!);
/** trec_eval's measures `evaluate --qrels` prints by default; judged@10 (Assay's own) only without -J, where it says little. */
const RELEVANCE_MEASURES = ["ndcg@10", "map", "p@10", "rprec", "mrr", "recall@100", "judged@10"].map((id) =>
  parseTrecMeasure(id)!,
);

/**
 * The families of measures Impact scores runs with: FreshStack's over support labels, trec_eval's
 * over relevance labels, the TREC RAG track's nugget scores over nugget assignments, and its
 * weighted precision and recall of citation support.
 */
export const IMPACT_FAMILIES = ["nuggets", "relevance", "answers", "citations"] as const;
export type ImpactFamily = (typeof IMPACT_FAMILIES)[number];

export type ImpactInputs = {
  sets: { a: string; b: string };
  /** Each label set's labels by target key. */
  labels: { a: ReadonlyMap<string, SetLabel>; b: ReadonlyMap<string, SetLabel> };
  /** The adjudicated sets ("adjudicated:<id>") that would decide the ties a campaign's majority among the two sets left out. */
  decidedBy?: readonly string[];
  /** What the sets leave out, in words (leftOutOf): the report repeats it. */
  leftOut?: readonly string[];
  /** The nuggets of the nugget set the report uses, with their question and importance. */
  nuggets: AnswerInputs["nuggets"];
  /** Set B's nuggets when it is read with another nugget set (sets compared); absent: the same as A's. */
  nuggetsB?: AnswerInputs["nuggets"];
  /** The nugget sets' names (null: the study has none); the report says them. */
  nuggetSets?: { a: string | null; b: string | null };
  /** The study's answers (RAG systems' responses): which system answered which question. */
  answers?: AnswerInputs["answers"];
  /** The study's answers kept with sentences, each sentence's cited passages (citation support). */
  citations?: CitationInputs["answers"];
  /** The study's runs by system name, ranked, documents by their database ids. */
  runs: ReadonlyMap<string, RankedRun<number>>;
  /** Question ids (as strings) to their external ids. */
  questionNames: ReadonlyMap<string, string>;
  /**
   * Document ids to their external ids: FreshStack's measures (the nuggets family) break ties in
   * ndeval's ideal ranking by them; the other families need none.
   */
  documentNames: ReadonlyMap<number, string>;
  /** Which measures (default: the first family both sets have labels for). */
  family?: ImpactFamily;
  /** trec_eval's -J for the relevance family: each ranking without the documents the set does not judge. */
  judgedOnly?: boolean;
  /** The paired significance tests' measure, test, pair drawn and draws (default: the first measure, the randomization test). */
  significance?: SignificanceOptions;
};

/** The family a report of these labels scores with (the requested one or the first both sets have), if any. */
export function chosenImpactFamily(labels: ImpactInputs["labels"], requested?: ImpactFamily): ImpactFamily | null {
  const families = impactFamilies(labels);
  const family = requested ?? families[0];
  return family && families.includes(family) ? family : null;
}

/** The kind of target each family's measures read. */
const FAMILY_TARGETS = {
  nuggets: "nugget_document",
  relevance: "query_document",
  answers: "nugget_answer",
  citations: "sentence_citation",
} as const satisfies Record<ImpactFamily, TargetType>;

/** The families both sets have labels for, in the order the page offers them. */
function impactFamilies(labels: ImpactInputs["labels"]): ImpactFamily[] {
  const has = (set: ReadonlyMap<string, SetLabel>, prefix: string) => [...set.keys()].some((k) => k.startsWith(prefix));
  return IMPACT_FAMILIES.filter((f) => {
    const prefix = TARGET_PREFIX[FAMILY_TARGETS[f]];
    return has(labels.a, prefix) && has(labels.b, prefix);
  });
}

/**
 * Does the leaderboard change when one label set replaces another? The runs scored under both,
 * with one family of measures: FreshStack's alpha-nDCG@10, Coverage@20, Recall@50 over support
 * labels (every question with nuggets; a question a run misses scores 0), or trec_eval 9.0.8's
 * measures over relevance labels (a label's level position is its gain; the mean over the questions
 * a run and the labels share; optionally -J). Kendall's tau-b and Spearman's rho between the two
 * rankings per measure, the pairs of systems that swap, the 20 questions whose mean score on the
 * first measure moves most, and (support labels) FreshStack's filters under each set. Or the RAG
 * systems' answers with the TREC RAG track's nugget scores over nugget assignments (answers-family.ts),
 * a run's score the mean over the answers both sets assigned in full. When a set
 * judged only some questions (a campaign's sample), both are compared on the questions both
 * judged. The report lists the families both sets have labels for (the others cannot be chosen). A
 * string says why there is nothing to compare.
 */
export function buildImpactReport(inputs: ImpactInputs) {
  const families = impactFamilies(inputs.labels);
  const family = inputs.family ?? families[0];
  if (!family || !families.includes(family))
    return families.length === 0
      ? nothingToCompare(inputs, "share no kind of label (support, relevance, nugget assignment or citation support)")
      : `${inputs.sets.a} and ${inputs.sets.b} have no ${family} labels in common: choose ${families.join(" or ")}`;
  const nothing = nothingToCompare(inputs, "judged no question in common");
  if (family === "answers") {
    if ((inputs.answers ?? []).length === 0) return "this study has no answers: import TREC RAG answers first";
    const f = answersFamily({ nuggets: inputs.nuggets, nuggetsB: inputs.nuggetsB, answers: inputs.answers ?? [] }, [
      inputs.labels.a,
      inputs.labels.b,
    ]);
    const { report, judgments } = compare(inputs, "answers", f);
    const perAnswer = answerScores(judgments, inputs.questionNames);
    return perAnswer.length === 0
      ? nothing
      : { ...report, families, filters: null, perAnswer, citationAgreement: null };
  }
  if (family === "citations") {
    if ((inputs.citations ?? []).length === 0)
      return "this study has no answers with sentences: import TREC RAG answers first";
    const f = citationsFamily({ answers: inputs.citations ?? [] }, [inputs.labels.a, inputs.labels.b]);
    const { report, judgments } = compare(inputs, "citations", f);
    const perAnswer = citationScores(judgments, inputs.questionNames);
    return perAnswer.length === 0
      ? nothing
      : {
          ...report,
          families,
          filters: null,
          perAnswer,
          citationAgreement: citationAgreement(inputs.labels.a, inputs.labels.b),
        };
  }
  if (inputs.runs.size === 0) return "this study has no runs: import TREC run files first";
  if (family === "nuggets") {
    const { report, judgments } = compare(inputs, "nuggets", nuggetFamily(inputs));
    return report.questions === 0
      ? nothing
      : { ...report, families, filters: nuggetFilters(judgments), perAnswer: null, citationAgreement: null };
  }
  const { report } = compare(inputs, "relevance", relevanceFamily(inputs));
  return report.questions === 0
    ? nothing
    : { ...report, families, filters: null, perAnswer: null, citationAgreement: null };
}

/**
 * Why two sets have nothing to compare (`what`): plainly, or with what they leave out (leftOut: an
 * adjudicated set's undecided targets, a majority's ties, so that an answer with one is not
 * assigned in full), and for a campaign's majority that tied, the adjudicated set that decides them.
 */
function nothingToCompare(inputs: ImpactInputs, what: string): string {
  const base = `${inputs.sets.a} and ${inputs.sets.b} ${what}`;
  const leftOut = inputs.leftOut ?? [];
  if (leftOut.length === 0) return `${base}: nothing to compare`;
  return `${base}: ${leftOut.join("; ")} (an answer with one of them is not assigned in full).${(inputs.decidedBy ?? []).map((name) => ` Decide the ties in the campaign's adjudication and compare with ${name}.`).join("")}`;
}

/** The runs scored under both sets with one family, on the questions both judged (and those judgments). */
function compare<J>(inputs: ImpactInputs, family: ImpactFamily, f: Family<J>) {
  const { universe } = f;
  const allA = f.judgments(inputs.labels.a, "a");
  const allB = f.judgments(inputs.labels.b, "b");
  const shared = [...universe].filter((q) => allA.get(q)?.judged && allB.get(q)?.judged);
  const on = (all: Map<string, Judged<J>>) => new Map(shared.map((q) => [q, all.get(q)!.value]));
  const [a, b] = [on(allA), on(allB)];
  const names = [...f.systems];
  const scoresA = names.map((n) => f.score(a, n));
  const scoresB = names.map((n) => f.score(b, n));
  // a statistic compares the systems both sets score (a run that shares no question with them has none)
  const paired = (m: string) => {
    const keep = names.map((_, i) => scoresA[i]![m] != null && scoresB[i]![m] != null);
    const pick = <T>(xs: T[]) => xs.filter((_, i) => keep[i]);
    return {
      names: pick(names),
      a: pick(scoresA).map((s) => s[m]!),
      b: pick(scoresB).map((s) => s[m]!),
    };
  };
  const first = f.measures[0]!;
  const perQuestion = shared
    .filter((q) => inputs.questionNames.has(q))
    .map((q) => {
      const mean = (judgments: Map<string, J>) => {
        const scores = names
          .map((n) => f.score(new Map([[q, judgments.get(q)!]]), n, first)[first])
          .filter((v): v is number => v !== null);
        return scores.length === 0 ? 0 : scores.reduce((s, v) => s + v, 0) / scores.length;
      };
      return { question: inputs.questionNames.get(q)!, a: mean(a), b: mean(b) };
    })
    .sort(
      (x, y) =>
        Math.abs(y.b - y.a) - Math.abs(x.b - x.a) || x.question.localeCompare(y.question, "en", { numeric: true }),
    )
    .slice(0, 20);
  const perMeasure = <T>(stat: (p: ReturnType<typeof paired>) => T) =>
    Object.fromEntries(f.measures.map((m) => [m, stat(paired(m))]));
  const swaps = perMeasure((p) => swappedPairs(p.names, p.a, p.b));
  const report = {
    sets: inputs.sets,
    nuggetSets: inputs.nuggetSets ?? { a: null, b: null },
    leftOut: [...(inputs.leftOut ?? [])],
    family,
    judgedOnly: family === "relevance" && (inputs.judgedOnly ?? false),
    metrics: [...f.measures],
    questions: shared.length,
    questionsTotal: universe.size,
    judged: {
      a: [...allA.values()].filter((q) => q.judged).length,
      b: [...allB.values()].filter((q) => q.judged).length,
    },
    systems: names.map((name, i) => ({
      name,
      scores: Object.fromEntries(f.measures.map((m) => [m, { a: scoresA[i]![m] ?? null, b: scoresB[i]![m] ?? null }])),
    })),
    kendallTauB: perMeasure((p) => kendallTauB(p.a, p.b)),
    spearmanRho: perMeasure((p) => spearmanRho(p.a, p.b)),
    swaps,
    perQuestion,
    significance: impactSignificance(f, { a, b }, shared, inputs.questionNames, swaps, inputs.significance),
  };
  return { report, judgments: { a, b } };
}

/** FreshStack's measures over (nugget, chunk) support labels, on every question with nuggets. */
function nuggetFamily(inputs: ImpactInputs): Family<QueryJudgments> {
  const name = (id: number) => inputs.documentNames.get(id) ?? String(id);
  const runs = new Map([...inputs.runs].map(([system, run]) => [system, renameDocuments(run, name)]));
  return {
    measures: NUGGET_MEASURES.map((m) => m.id),
    systems: [...inputs.runs.keys()].sort(),
    universe: new Set([...inputs.nuggets, ...(inputs.nuggetsB ?? [])].map((n) => String(n.queryId))),
    judgments: (labels, side) => {
      const all = judgmentsOf(
        labels,
        side === "b" ? (inputs.nuggetsB ?? inputs.nuggets) : inputs.nuggets,
        inputs.documentNames,
      );
      return new Map([...all].map(([q, j]) => [q, { judged: j.judged, value: j }]));
    },
    score: (judgments, system, only) =>
      evaluateNuggetRanking(
        judgments,
        runs.get(system)!,
        only ? NUGGET_MEASURES.filter((m) => m.id === only) : NUGGET_MEASURES,
      ),
  };
}

/**
 * trec_eval's measures over (question, chunk) relevance labels, on every question either set
 * judged: a label's level position is its gain (0, 1, 2, ... as a TREC qrels file writes it), a
 * document is relevant at gain 1 or more.
 */
function relevanceFamily(inputs: ImpactInputs): Family<GradedJudgments<number>> {
  const judgedOnly = inputs.judgedOnly ?? false;
  const measures = RELEVANCE_MEASURES.filter((m) => !(judgedOnly && m.name === "judged"));
  const universe = new Set<string>();
  for (const set of [inputs.labels.a, inputs.labels.b])
    for (const key of set.keys()) {
      const target = parseQueryDocumentKey(key);
      if (target) universe.add(String(target.queryId));
    }
  return {
    measures: measures.map((m) => m.id),
    systems: [...inputs.runs.keys()].sort(),
    universe,
    judgments: (labels) => {
      const out = new Map<string, Judged<Map<number, number>>>(
        [...universe].map((q) => [q, { judged: false, value: new Map() }]),
      );
      for (const [key, label] of labels) {
        const target = parseQueryDocumentKey(key);
        const gain = target && labelLevel(label);
        const q = target && out.get(String(target.queryId));
        if (!q || gain === null || gain === undefined) continue;
        q.judged = true;
        q.value.set(target.documentId, gain);
      }
      return out;
    },
    score: (judgments, system, only) => {
      const chosen = only ? measures.filter((m) => m.id === only) : measures;
      return evaluateTrecRanking(judgments, inputs.runs.get(system)!, chosen, { judgedOnly });
    },
    unscored: (judgment) => ![...judgment.values()].some((gain) => gain >= 1),
  };
}

/** FreshStack's filters under each set, on the questions both judged. */
function nuggetFilters({ a, b }: { a: ReadonlyMap<string, QueryJudgments>; b: ReadonlyMap<string, QueryJudgments> }) {
  return {
    unsupportedQuestions: { a: unsupportedQuestions(a), b: unsupportedQuestions(b) },
    unsupportedNuggets: { a: unsupportedNuggets(a), b: unsupportedNuggets(b) },
    nuggets: [...a.values()].reduce((n, q) => n + q.nuggets.size, 0),
  };
}

type Judgments = Map<string, QueryJudgments & { judged: boolean }>;

/**
 * A label set as nugget qrels: per question (with nuggets), the chunks each positive label says
 * support a nugget, and whether the set judged the question at all (any (nugget, chunk) label).
 */
function judgmentsOf(
  labels: ReadonlyMap<string, SetLabel>,
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

const unsupportedQuestions = (judgments: ReadonlyMap<string, QueryJudgments>) =>
  [...judgments.values()].filter((q) => q.supports.size === 0).length;

function unsupportedNuggets(judgments: ReadonlyMap<string, QueryJudgments>): number {
  let count = 0;
  for (const q of judgments.values()) {
    const supported = new Set([...q.supports.values()].flatMap((s) => [...s]));
    for (const n of q.nuggets) if (!supported.has(n)) count++;
  }
  return count;
}

/** The report as the builder gives it (lib/schemas/impact.ts describes it over HTTP). */
export type ImpactReport = Exclude<ReturnType<typeof buildImpactReport>, string>;
