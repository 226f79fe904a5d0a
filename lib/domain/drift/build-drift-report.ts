import { compareBytes } from "../runs/run-ranking";
import {
  evaluateNuggetRanking,
  FRESHSTACK_METRICS,
  parseNuggetMetric,
  type QueryJudgments,
} from "../impact/nugget-metrics";
import { kendallTauB, spearmanRho, swappedPairs } from "../impact/rank-correlation";
import type { RankedRun } from "../runs/run-ranking";
import type { SourceRule } from "./document-source";

const METRICS = FRESHSTACK_METRICS.map((id) => parseNuggetMetric(id)!);

/**
 * One snapshot of a benchmark (a study), everything named by external ids: questions, nuggets,
 * documents and runs, since only the questions, the nuggets and the run tags match across snapshots.
 */
export type Snapshot = {
  /** The study, its name and the label set that says which documents support which nugget. */
  studyId: number;
  name: string;
  labels: string;
  /** Per question, its nuggets (id to text). */
  nuggets: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Per question, per nugget, the documents the labels say support it. */
  supports: ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;
  /** Each supporting document's source (its repository, or its id's prefix). */
  sources: ReadonlyMap<string, string>;
  /** Runs by tag, ranked: per question, its documents in order. */
  runs: ReadonlyMap<string, RankedRun>;
};

type Side = "a" | "b";
const SIDES: Side[] = ["a", "b"];
const byName = (x: string, y: string) => x.localeCompare(y, "en", { numeric: true });

/**
 * The FreshStack drift study's three questions for two snapshots of a benchmark, A (earlier) and B:
 * 1. grounding: which nuggets no document supports in each, and which change between supported and
 *    unsupported; which questions lose (or regain) full support;
 * 2. where support moved: the share of supporting (question, document) pairs per source, overall
 *    and per question, with the questions whose sources moved most (total variation distance);
 * 3. leaderboards: the runs both snapshots have (matched by tag) scored with FreshStack's metrics
 *    under each snapshot's own labels, Kendall's tau-b, Spearman's rho and the swapped pairs.
 * Questions are matched by id and compared only when both snapshots give them nuggets; nuggets by
 * id. Questions and runs in one snapshot only are listed. `rule` is how the snapshots' documents were
 * given their sources, and the report says it. A string says why there is nothing to compare.
 */
export function buildDriftReport(a: Snapshot, b: Snapshot, rule: SourceRule) {
  const snapshots = { a, b };
  const withNuggets = (s: Snapshot) => [...s.nuggets].filter(([, n]) => n.size > 0).map(([q]) => q);
  const [questionsA, questionsB] = [new Set(withNuggets(a)), new Set(withNuggets(b))];
  const questions = [...questionsA].filter((q) => questionsB.has(q)).sort(byName);
  if (questions.length === 0)
    return "the two studies share no question with nuggets (questions are matched by id): nothing to compare";

  const supported = (s: Snapshot, q: string, n: string) => (s.supports.get(q)?.get(n)?.size ?? 0) > 0;
  const grounding = (s: Snapshot) => {
    const unsupported = questions.flatMap((q) =>
      [...s.nuggets.get(q)!]
        .filter(([n]) => !supported(s, q, n))
        .map(([n, text]) => ({ question: q, nugget: n, text })),
    );
    const nuggets = questions.reduce((sum, q) => sum + s.nuggets.get(q)!.size, 0);
    return {
      nuggets,
      supportedNuggets: nuggets - unsupported.length,
      unsupportedNuggets: unsupported.sort((x, y) => byName(x.question, y.question) || byName(x.nugget, y.nugget)),
      notFullySupported: questions
        .map((q) => ({
          question: q,
          nuggets: s.nuggets.get(q)!.size,
          unsupported: unsupported.filter((u) => u.question === q).length,
        }))
        .filter((q) => q.unsupported > 0),
    };
  };
  const groundings = { a: grounding(a), b: grounding(b) };
  const fullySupported = (side: Side, q: string) => !groundings[side].notFullySupported.some((x) => x.question === q);
  const sharedNuggets = questions.flatMap((q) =>
    [...a.nuggets.get(q)!.keys()].filter((n) => b.nuggets.get(q)!.has(n)).map((n) => ({ question: q, nugget: n })),
  );
  const changed = (from: Side, to: Side) =>
    sharedNuggets
      .filter(({ question, nugget }) => supported(snapshots[from], question, nugget))
      .filter(({ question, nugget }) => !supported(snapshots[to], question, nugget))
      .map(({ question, nugget }) => ({ question, nugget, text: b.nuggets.get(question)!.get(nugget)! }));

  return {
    snapshots: {
      a: { studyId: a.studyId, name: a.name, labels: a.labels },
      b: { studyId: b.studyId, name: b.name, labels: b.labels },
    },
    source: { by: rule.by, delimiter: rule.by === "prefix" ? rule.delimiter : "/" },
    questions: {
      matched: questions.length,
      onlyA: [...questionsA].filter((q) => !questionsB.has(q)).sort(byName),
      onlyB: [...questionsB].filter((q) => !questionsA.has(q)).sort(byName),
    },
    grounding: {
      a: groundings.a,
      b: groundings.b,
      sharedNuggets: sharedNuggets.length,
      lostSupport: changed("a", "b"),
      gainedSupport: changed("b", "a"),
      lostFullSupport: questions.filter((q) => fullySupported("a", q) && !fullySupported("b", q)),
      regainedFullSupport: questions.filter((q) => !fullySupported("a", q) && fullySupported("b", q)),
    },
    sources: sourceShift(snapshots, questions),
    leaderboards: leaderboards(snapshots, questions),
  };
}

export type DriftReport = Exclude<ReturnType<typeof buildDriftReport>, string>;

/** A question's supporting documents (supporting at least one of its nuggets). */
const relevantDocuments = (s: Snapshot, q: string) =>
  new Set([...(s.supports.get(q)?.values() ?? [])].flatMap((documents) => [...documents]));

/** Documents per source, largest first (then by name). */
function countBySource(s: Snapshot, documents: Iterable<string>, counts = new Map<string, number>()) {
  for (const d of documents) {
    const source = s.sources.get(d)!;
    counts.set(source, (counts.get(source) ?? 0) + 1);
  }
  return counts;
}

const shares = (counts: ReadonlyMap<string, number>, total: number, source: string) =>
  total === 0 ? 0 : (counts.get(source) ?? 0) / total;

/**
 * Where support moved: over the matched questions, each source's count and share of the supporting
 * (question, document) pairs in each snapshot (the drift study's Figure 1), and per question the
 * same with its number of supporting documents (Figure 2) and the shift between the two
 * distributions: the total variation distance, half the sum of the absolute changes in share (0
 * when nothing moved, 1 when no source is shared); null when a side has no supporting document.
 */
function sourceShift(snapshots: Record<Side, Snapshot>, questions: readonly string[]) {
  const overall = { a: new Map<string, number>(), b: new Map<string, number>() };
  const perQuestion = questions.map((q) => {
    const sides = Object.fromEntries(
      SIDES.map((side) => {
        const documents = relevantDocuments(snapshots[side], q);
        countBySource(snapshots[side], documents, overall[side]);
        return [side, { relevant: documents.size, counts: countBySource(snapshots[side], documents) }];
      }),
    ) as Record<Side, { relevant: number; counts: Map<string, number> }>;
    const sources = sortedSources(sides.a.counts, sides.b.counts);
    const shift =
      sides.a.relevant === 0 || sides.b.relevant === 0
        ? null
        : sources.reduce(
            (sum, s) =>
              sum + Math.abs(shares(sides.a.counts, sides.a.relevant, s) - shares(sides.b.counts, sides.b.relevant, s)),
            0,
          ) / 2;
    return {
      question: q,
      shift,
      a: { relevant: sides.a.relevant, sources: sourceRows(sides.a.counts, sides.a.relevant) },
      b: { relevant: sides.b.relevant, sources: sourceRows(sides.b.counts, sides.b.relevant) },
    };
  });
  const totals = { a: sum(overall.a.values()), b: sum(overall.b.values()) };
  return {
    relevant: totals,
    bySource: sortedSources(overall.a, overall.b).map((source) => ({
      source,
      a: { documents: overall.a.get(source) ?? 0, share: shares(overall.a, totals.a, source) },
      b: { documents: overall.b.get(source) ?? 0, share: shares(overall.b, totals.b, source) },
    })),
    perQuestion: perQuestion.sort((x, y) => (y.shift ?? -1) - (x.shift ?? -1) || byName(x.question, y.question)),
  };
}

const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);

/** The sources of either side, by their larger count (then by name). */
function sortedSources(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): string[] {
  const all = [...new Set([...a.keys(), ...b.keys()])];
  const most = (s: string) => Math.max(a.get(s) ?? 0, b.get(s) ?? 0);
  return all.sort((x, y) => most(y) - most(x) || compareBytes(x, y));
}

const sourceRows = (counts: ReadonlyMap<string, number>, total: number) =>
  [...counts]
    .sort(([x, m], [y, n]) => n - m || compareBytes(x, y))
    .map(([source, documents]) => ({ source, documents, share: documents / total }));

/**
 * Each snapshot's runs scored over the matched questions under its own labels (a question's
 * nuggets are its own snapshot's), the systems both have compared per metric.
 */
function leaderboards(snapshots: Record<Side, Snapshot>, questions: readonly string[]) {
  const qrels = (s: Snapshot) =>
    new Map<string, QueryJudgments>(
      questions.map((q) => {
        const supports = new Map<string, Set<string>>();
        for (const [nugget, documents] of s.supports.get(q) ?? [])
          for (const d of documents) supports.set(d, (supports.get(d) ?? new Set()).add(nugget));
        return [q, { supports, nuggets: new Set(s.nuggets.get(q)!.keys()) }];
      }),
    );
  const [qrelsA, qrelsB] = [qrels(snapshots.a), qrels(snapshots.b)];
  const systems = [...snapshots.a.runs.keys()].filter((t) => snapshots.b.runs.has(t)).sort(byName);
  const scores = systems.map((system) => ({
    system,
    a: evaluateNuggetRanking(qrelsA, snapshots.a.runs.get(system)!, METRICS),
    b: evaluateNuggetRanking(qrelsB, snapshots.b.runs.get(system)!, METRICS),
  }));
  const column = (side: Side, metric: string) => scores.map((s) => s[side][metric]!);
  return {
    metrics: METRICS.map((m) => m.id),
    systems: scores.map(({ system, a, b }) => ({
      system,
      scores: Object.fromEntries(METRICS.map((m) => [m.id, { a: a[m.id]!, b: b[m.id]! }])),
    })),
    unmatched: {
      a: [...snapshots.a.runs.keys()].filter((t) => !snapshots.b.runs.has(t)).sort(byName),
      b: [...snapshots.b.runs.keys()].filter((t) => !snapshots.a.runs.has(t)).sort(byName),
    },
    kendallTauB: Object.fromEntries(
      METRICS.map((m) => [m.id, kendallTauB(column("a", m.id), column("b", m.id))]),
    ) as Record<string, number | null>,
    spearmanRho: Object.fromEntries(
      METRICS.map((m) => [m.id, spearmanRho(column("a", m.id), column("b", m.id))]),
    ) as Record<string, number | null>,
    swaps: Object.fromEntries(
      METRICS.map((m) => [m.id, swappedPairs(systems, column("a", m.id), column("b", m.id))]),
    ) as Record<string, [string, string][]>,
  };
}
