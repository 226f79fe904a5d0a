import { gradedPrecision } from "../impact/graded-precision";
import { kendallTauB } from "../impact/rank-correlation";

/**
 * One result of a federated search: an engine's document for a request, with its label under two
 * label sets. grade is FeB4RAG's 0-3 level (null: no label on a four-level scale), relevant the
 * label binarized (null: no label).
 */
export type FederatedResult = {
  request: string;
  engine: string;
  a: { grade: number | null; relevant: boolean | null };
  b: { grade: number | null; relevant: boolean | null };
};

/** An engine's graded precision for a request under both sets; null where a result lacks a grade. */
export type ResourceScore = { request: string; engine: string; results: number; a: number | null; b: number | null };

export type RequestSummary = {
  request: string;
  /** Engines with at least one relevant result under each set. */
  relevantEngines: { a: number; b: number };
  /** Kendall's tau-b between the engines' graded precision under the two sets (null: undefined). */
  tauB: number | null;
  /** The sum over engines of |b - a| (engines scored under both sets). */
  change: number;
};

const perSet = <T>(f: (set: "a" | "b") => T) => ({ a: f("a"), b: f("b") });

/**
 * FeB4RAG's resource scores (eq. 1) for every (request, engine) under two label sets. The engine's
 * results are its first ten (FeB4RAG's engines return ten); the score is null when any of them has
 * no grade under that set, rather than counting an unjudged result as not relevant.
 */
export function resourceScores(results: readonly FederatedResult[]): ResourceScore[] {
  const groups = new Map<string, FederatedResult[]>();
  for (const r of results) {
    const key = `${r.request}\n${r.engine}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
  }
  return [...groups.values()].map((group) => {
    const first = group.slice(0, 10);
    const score = (set: "a" | "b") => {
      const grades = first.map((r) => r[set].grade);
      return grades.every((g): g is number => g !== null) ? gradedPrecision(grades) : null;
    };
    return { request: group[0]!.request, engine: group[0]!.engine, results: first.length, ...perSet(score) };
  });
}

/** Per request: how many engines hold relevant results under each set, and how far the engines' order moves. */
export function requestSummaries(
  results: readonly FederatedResult[],
  scores: readonly ResourceScore[],
): RequestSummary[] {
  const relevant = new Map<string, { a: Set<string>; b: Set<string> }>();
  for (const r of results) {
    const entry = relevant.get(r.request) ?? relevant.set(r.request, { a: new Set(), b: new Set() }).get(r.request)!;
    if (r.a.relevant) entry.a.add(r.engine);
    if (r.b.relevant) entry.b.add(r.engine);
  }
  const byRequest = new Map<string, ResourceScore[]>();
  for (const s of scores) (byRequest.get(s.request) ?? byRequest.set(s.request, []).get(s.request)!).push(s);
  return [...relevant].map(([request, engines]) => {
    const both = (byRequest.get(request) ?? []).filter(
      (s): s is ResourceScore & { a: number; b: number } => s.a !== null && s.b !== null,
    );
    return {
      request,
      relevantEngines: { a: engines.a.size, b: engines.b.size },
      tauB: kendallTauB(
        both.map((s) => s.a),
        both.map((s) => s.b),
      ),
      change: both.reduce((sum, s) => sum + Math.abs(s.b - s.a), 0),
    };
  });
}

/** Per engine: its mean graded precision under each set (over the requests scored under it), and how often it is a best engine. */
export function engineSummaries(
  scores: readonly ResourceScore[],
): { engine: string; mean: { a: number | null; b: number | null }; best: { a: number; b: number } }[] {
  const engines = [...new Set(scores.map((s) => s.engine))].sort();
  const byRequest = new Map<string, ResourceScore[]>();
  for (const s of scores) (byRequest.get(s.request) ?? byRequest.set(s.request, []).get(s.request)!).push(s);
  const best = (engine: string, set: "a" | "b") => {
    let count = 0;
    for (const group of byRequest.values()) {
      const top = Math.max(...group.map((s) => s[set] ?? -1));
      if (top > 0 && group.some((s) => s.engine === engine && s[set] === top)) count++;
    }
    return count;
  };
  return engines.map((engine) => {
    const mine = scores.filter((s) => s.engine === engine);
    const mean = (set: "a" | "b") => {
      const values = mine.map((s) => s[set]).filter((v): v is number => v !== null);
      return values.length === 0 ? null : values.reduce((x, y) => x + y, 0) / values.length;
    };
    return { engine, mean: perSet(mean), best: perSet((set) => best(engine, set)) };
  });
}

/** How many requests have 0, 1, ... n engines with relevant results, under each set. */
export function relevantEngineHistogram(
  summaries: readonly RequestSummary[],
  engines: number,
): { engines: number; a: number; b: number }[] {
  const rows = Array.from({ length: engines + 1 }, (_, n) => ({ engines: n, a: 0, b: 0 }));
  for (const s of summaries) {
    rows[s.relevantEngines.a]!.a++;
    rows[s.relevantEngines.b]!.b++;
  }
  return rows;
}
