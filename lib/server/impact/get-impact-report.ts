import "server-only";
import { buildImpactReport, chosenImpactFamily } from "@/lib/domain/impact/build-impact-report";
import { SIGNIFICANCE_DEFAULTS } from "@/lib/domain/impact/impact-significance";
import { leftOutOf } from "@/lib/domain/label-sets/label-set";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";
import { documentsByReference, storedSentences } from "@/lib/domain/rag-answers/answer-text";
import type { ImpactQuery } from "@/lib/schemas/impact";
import type { ImpactReport } from "@/lib/domain/impact/build-impact-report";
import { getDb, type Db } from "../db/client";
import { documentExternalIds, rankedRunsOfStudy } from "../db/run-rankings";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { resolveNuggetSet } from "../nuggets/nugget-sets";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/** Does the leaderboard change when one label set replaces another (see buildImpactReport)? */
export async function getImpactReport(user: UserDto, studyId: number, query: ImpactQuery): Promise<ImpactReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const nuggetSet = await resolveNuggetSet(db, studyId, query.nuggetSet);
  const nuggetSetB = query.nuggetSetB ? await resolveNuggetSet(db, studyId, query.nuggetSetB, "nuggetSetB") : nuggetSet;
  const [a, b] = [await loadLabelSet(studyId, query.a), await loadLabelSet(studyId, query.b)];
  const labels = { a: a.labels, b: b.labels };
  // the runs only for the families that score them, and documents' names only for the one that reads them
  const family = chosenImpactFamily(labels, query.family);
  const runs = family === "relevance" || family === "nuggets" ? await rankedRunsOfStudy(studyId) : new Map();
  const documentNames = family === "nuggets" ? await documentExternalIds(studyId) : new Map<number, string>();
  const [nuggets, answers, questions] = [
    await nuggetsOfSet(db, nuggetSet),
    await db.response.findMany({
      where: { studyId },
      select: {
        systemId: true,
        queryId: true,
        sentences: true,
        system: { select: { name: true } },
        citations: { select: { marker: true, documentId: true } },
      },
    }),
    await db.query.findMany({ where: { studyId }, select: { id: true, externalId: true } }),
  ];
  const report = buildImpactReport({
    sets: { a: a.name, b: b.name },
    nuggetSets: { a: nuggetSet?.name ?? null, b: nuggetSetB?.name ?? null },
    family: query.family,
    judgedOnly: query.judged === "1",
    significance: {
      ...SIGNIFICANCE_DEFAULTS,
      measure: query.measure,
      test: query.test ?? SIGNIFICANCE_DEFAULTS.test,
      pair: query.x && query.y ? [query.x, query.y] : undefined,
    },
    labels,
    decidedBy: [
      { set: query.a, ties: a.ties },
      { set: query.b, ties: b.ties },
    ].flatMap(({ set, ties }) =>
      set.kind === "campaign" && (ties ?? 0) > 0
        ? [formatLabelSet({ kind: "adjudicated", campaignId: set.campaignId })]
        : [],
    ),
    leftOut: [a, b].flatMap((set) => leftOutOf(set) ?? []),
    nuggets,
    ...(nuggetSetB?.id === nuggetSet?.id ? {} : { nuggetsB: await nuggetsOfSet(db, nuggetSetB) }),
    answers: answers.map((r) => ({ systemId: r.systemId, system: r.system.name, queryId: r.queryId })),
    citations: answers.flatMap((r) => {
      const sentences = storedSentences(r.sentences);
      if (!sentences) return [];
      const documents = documentsByReference(r.citations);
      return [
        {
          systemId: r.systemId,
          system: r.system.name,
          queryId: r.queryId,
          sentences: sentences.map((s) => [
            ...new Set(s.citations.flatMap((c) => (documents.has(c) ? [documents.get(c)!] : []))),
          ]),
        },
      ];
    }),
    runs,
    questionNames: new Map(questions.map((q) => [String(q.id), q.externalId])),
    documentNames,
  });
  if (typeof report === "string") throw invalid(report);
  return report;
}

/** A nugget set's nuggets with their question and importance (none without a set). */
function nuggetsOfSet(db: Db, set: { id: number } | null) {
  return db.nugget.findMany({ where: { setId: set?.id ?? -1 }, select: { id: true, queryId: true, importance: true } });
}
