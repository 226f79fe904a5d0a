import "server-only";
import {
  evaluateRun,
  kendallTauB,
  parseRetrievalMetric,
  type QueryJudgments,
  type RetrievalMetric,
} from "@/lib/domain/impact/retrieval-metrics";
import { binarize, scaleById } from "@/lib/domain/scales";
import { IMPACT_METRICS, type ImpactQuery, type ImpactReport } from "@/lib/schemas/impact";
import { getDb, type Db } from "../db/client";
import { readRows } from "../db/sql-connection";
import { invalid } from "../errors";
import { loadLabelSource } from "../reports/load-label-source";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

const METRICS = IMPACT_METRICS.map((id) => parseRetrievalMetric(id)!);

/**
 * Does the leaderboard change when one label set replaces another? The study's runs scored under
 * both (FreshStack's alpha-nDCG@10, Coverage@20, Recall@50 over every question with nuggets),
 * Kendall's tau-b between the two rankings per metric, the pairs of systems that swap, the
 * questions whose scores move most, and FreshStack's filters under each set. When a set judged
 * only some questions, both are compared on the questions both judged.
 */
export async function getImpactReport(user: UserDto, studyId: number, query: ImpactQuery): Promise<ImpactReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const nuggets = await db.nugget.findMany({ where: { studyId }, select: { id: true, queryId: true } });
  const [allA, allB] = [
    await judgmentsOf(db, studyId, query.a, nuggets),
    await judgmentsOf(db, studyId, query.b, nuggets),
  ];
  // a label set that judged only some questions (a campaign's sample) would score the others as
  // unsupported: both sets are compared on the questions both judged, and the report says so
  const shared = [...allA.keys()].filter((q) => allA.get(q)!.judged && allB.get(q)?.judged);
  const partial = shared.length < allA.size;
  if (shared.length === 0) throw invalid(`${query.a} and ${query.b} judged no question in common: nothing to compare`);
  const onShared = (all: Map<string, QueryJudgments & { judged: boolean }>) =>
    new Map(shared.map((q) => [q, all.get(q)!]));
  const [a, b] = partial ? [onShared(allA), onShared(allB)] : [allA, allB];
  const runs = await loadRuns(studyId);
  if (runs.size === 0) throw invalid("this study has no runs: import TREC run files first");
  const names = [...runs.keys()].sort();
  const scoresA = names.map((n) => evaluateRun(a, runs.get(n)!, METRICS));
  const scoresB = names.map((n) => evaluateRun(b, runs.get(n)!, METRICS));

  const questions = await db.query.findMany({
    where: { studyId, id: { in: [...a.keys()].map(Number) } },
    select: { id: true, externalId: true },
  });
  const first = METRICS[0]!;
  const perQuestion = questions
    .map((q) => {
      const mean = (judgments: Map<string, QueryJudgments>) =>
        names.reduce(
          (s, n) =>
            s + evaluateRun(new Map([[String(q.id), judgments.get(String(q.id))!]]), runs.get(n)!, [first])[first.id]!,
          0,
        ) / names.length;
      return { question: q.externalId, a: mean(a), b: mean(b) };
    })
    .sort(
      (x, y) =>
        Math.abs(y.b - y.a) - Math.abs(x.b - x.a) || x.question.localeCompare(y.question, "en", { numeric: true }),
    )
    .slice(0, 20);

  return {
    sets: { a: query.a, b: query.b },
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
    swaps: Object.fromEntries(METRICS.map((m) => [m.id, swapsOf(names, scoresA, scoresB, m)])),
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
async function judgmentsOf(
  db: Db,
  studyId: number,
  name: string,
  nuggets: { id: number; queryId: number }[],
): Promise<Map<string, QueryJudgments & { judged: boolean }>> {
  const source = await loadLabelSource(db, studyId, name);
  const queries = new Map<string, { supports: Map<string, Set<string>>; nuggets: Set<string>; judged: boolean }>();
  for (const n of nuggets) {
    const q =
      queries.get(String(n.queryId)) ??
      queries
        .set(String(n.queryId), { supports: new Map(), nuggets: new Set(), judged: false })
        .get(String(n.queryId))!;
    q.nuggets.add(String(n.id));
  }
  for (const [key, label] of source.labels) {
    if (!key.startsWith("nd:") || label.queryId === null || label.nuggetId === null) continue;
    const judged = queries.get(String(label.queryId));
    if (judged) judged.judged = true;
    const scale = scaleById(label.scale);
    if (!scale || !binarize(scale, label.value)) continue;
    const q = queries.get(String(label.queryId));
    const documentId = key.slice(key.lastIndexOf(":") + 1);
    if (q) q.supports.set(documentId, (q.supports.get(documentId) ?? new Set()).add(String(label.nuggetId)));
  }
  return queries;
}

async function loadRuns(studyId: number): Promise<Map<string, Map<string, { docId: string; score: number }[]>>> {
  const rows = await readRows<{ system: string; queryId: unknown; documentId: unknown; score: unknown }>(
    `SELECT s."name" AS "system", r."queryId" AS "queryId", r."documentId" AS "documentId", r."score" AS "score"
       FROM "RunEntry" r JOIN "System" s ON s."id" = r."systemId" WHERE s."studyId" = ?`,
    [studyId],
  );
  const runs = new Map<string, Map<string, { docId: string; score: number }[]>>();
  for (const r of rows) {
    const run = runs.get(r.system) ?? runs.set(r.system, new Map()).get(r.system)!;
    const key = String(r.queryId);
    (run.get(key) ?? run.set(key, []).get(key)!).push({ docId: String(r.documentId), score: Number(r.score) });
  }
  return runs;
}

function swapsOf(
  names: string[],
  a: Record<string, number>[],
  b: Record<string, number>[],
  m: RetrievalMetric,
): [string, string][] {
  const swaps: [string, string][] = [];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const da = Math.sign(a[i]![m.id]! - a[j]![m.id]!);
      const db = Math.sign(b[i]![m.id]! - b[j]![m.id]!);
      if (da !== 0 && db !== 0 && da !== db) swaps.push([names[i]!, names[j]!]);
    }
  }
  return swaps;
}

const unsupportedQuestions = (judgments: Map<string, QueryJudgments>) =>
  [...judgments.values()].filter((q) => q.supports.size === 0).length;

function unsupportedNuggets(judgments: Map<string, QueryJudgments>): number {
  let count = 0;
  for (const q of judgments.values()) {
    const supported = new Set([...q.supports.values()].flatMap((s) => [...s]));
    for (const n of q.nuggets) if (!supported.has(n)) count++;
  }
  return count;
}
