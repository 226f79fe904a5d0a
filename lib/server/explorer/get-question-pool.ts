import "server-only";
import { disagreement, fusedLlm, humanMajority, labelPosition, type JudgeLabel } from "@/lib/domain/explorer/consensus";
import { tagsOf } from "@/lib/domain/query-metadata";
import { questionTitle } from "@/lib/domain/question-title";
import { levelText } from "@/lib/domain/scales";
import { nuggetDocumentKey, queryDocumentKey } from "@/lib/domain/targets";
import type { PoolCell, QuestionPool } from "@/lib/schemas/explorer";
import { getDb } from "../db/client";
import { notFound } from "../errors";
import { renderChunk } from "../render/render-chunk";
import { renderMarkdown } from "../render/markdown";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * One question of a study with its pool as a grid: a row per pooled chunk (best-ranked by any of the
 * study's runs first, each with the systems that retrieved it and their ranks), a
 * column per nugget (and one for the question when chunks were judged for relevance to it), each
 * cell holding every judge's label, the LLMs fused, the human majority and how strongly they
 * disagree; and, when `chunk` is given, that chunk rendered for reading.
 */
export async function getQuestionPool(
  user: UserDto,
  studyId: number,
  queryId: number,
  chunk?: number,
): Promise<QuestionPool> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const question = await db.query.findFirst({
    where: { id: queryId, studyId },
    include: { study: { select: { id: true, name: true } } },
  });
  if (!question) throw notFound("Question not found");
  const [nuggets, pool, labels, retrieved] = await Promise.all([
    db.nugget.findMany({
      where: { queryId },
      orderBy: { position: "asc" },
      select: { id: true, position: true, text: true },
    }),
    db.poolEntry.findMany({
      where: { queryId },
      select: {
        sources: true,
        document: { select: { id: true, externalId: true, title: true, repo: true, path: true } },
      },
    }),
    db.label.findMany({
      where: { queryId, targetType: { in: ["nugget_document", "query_document"] } },
      select: { targetKey: true, value: true, scale: true, judge: { select: { name: true, kind: true } } },
    }),
    db.runEntry.findMany({
      where: { queryId },
      select: { documentId: true, rank: true, system: { select: { name: true } } },
    }),
  ]);
  // who retrieved each chunk: the imported runs (and any sources the pool itself was imported with)
  const runSources = new Map<number, { system: string; rank: number }[]>();
  for (const r of retrieved)
    (runSources.get(r.documentId) ?? runSources.set(r.documentId, []).get(r.documentId)!).push({
      system: r.system.name,
      rank: r.rank,
    });
  const byTarget = new Map<string, JudgeLabel[]>();
  for (const l of labels) {
    const list = byTarget.get(l.targetKey) ?? byTarget.set(l.targetKey, []).get(l.targetKey)!;
    list.push({
      judge: l.judge.name,
      kind: l.judge.kind === "human" ? "human" : "model",
      scale: l.scale,
      value: l.value,
    });
  }
  const judgedForRelevance = labels.some((l) => l.targetKey.startsWith("qd:"));
  const columns = [
    ...nuggets.map((n) => ({
      key: `n${n.id}`,
      title: `N${n.position}`,
      text: n.text,
      target: (d: number) => nuggetDocumentKey(n.id, d),
    })),
    ...(judgedForRelevance
      ? [
          {
            key: "q",
            title: "Question",
            text: "Relevance of the chunk to the question",
            target: (d: number) => queryDocumentKey(queryId, d),
          },
        ]
      : []),
  ];
  const judges = [
    ...new Map(labels.map((l) => [l.judge.name, l.judge.kind === "human" ? ("human" as const) : ("model" as const)])),
  ]
    .map(([name, kind]) => ({ name, kind }))
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "model" ? -1 : 1));

  const chunks = pool
    .map(({ sources, document: d }) => {
      const cells = columns.map((c) => cellOf(c.target(d.id), byTarget.get(c.target(d.id))));
      const all = mergeSources([...parseSources(sources), ...(runSources.get(d.id) ?? [])]);
      return {
        documentId: d.id,
        externalId: d.externalId,
        title: d.title,
        repo: d.repo,
        path: d.path,
        sources: all,
        cells,
        disagreements: cells.filter((c) => c && c.disagreement > 0).length,
      };
    })
    .sort(
      (a, b) =>
        bestRank(a.sources) - bestRank(b.sources) || a.externalId.localeCompare(b.externalId, "en", { numeric: true }),
    );

  return {
    study: question.study,
    question: {
      id: question.id,
      externalId: question.externalId,
      title: questionTitle(question.title, question.body),
      tags: tagsOf(question.metadata),
      bodyHtml: await renderMarkdown(question.body),
      answerHtml: question.answer ? await renderMarkdown(question.answer) : null,
    },
    columns: columns.map(({ key, title, text }) => ({ key, title, text })),
    judges,
    chunks,
    chunk: chunk === undefined ? null : await chunkView(studyId, chunk),
  };
}

function cellOf(targetKey: string, labels: JudgeLabel[] | undefined): PoolCell | null {
  if (!labels?.length) return null;
  const shown = (l: { scale: string; value: string } | null) =>
    l && {
      scale: l.scale,
      value: l.value,
      text: levelText(l.scale, l.value),
      positive: labelPosition(l.scale, l.value)?.positive ?? null,
    };
  return {
    targetKey,
    labels: labels
      .toSorted((a, b) => (a.kind === b.kind ? a.judge.localeCompare(b.judge) : a.kind === "model" ? -1 : 1))
      .map((l) => ({ judge: l.judge, kind: l.kind, ...shown(l)! })),
    fused: shown(fusedLlm(labels)),
    majority: shown(humanMajority(labels)),
    disagreement: disagreement(labels),
  };
}

async function chunkView(studyId: number, documentId: number): Promise<QuestionPool["chunk"]> {
  const db = await getDb();
  const d = await db.document.findFirst({ where: { id: documentId, studyId } });
  if (!d) throw notFound("Chunk not found");
  const rendered = await renderChunk(d.text, d.language);
  return {
    documentId: d.id,
    externalId: d.externalId,
    title: d.title,
    repo: d.repo,
    path: d.path,
    language: d.language,
    ...rendered,
  };
}

function parseSources(json: string): { system: string; rank: number }[] {
  try {
    const sources = JSON.parse(json) as unknown;
    return Array.isArray(sources)
      ? sources.flatMap((s: { system?: unknown; rank?: unknown }) =>
          typeof s?.system === "string" && typeof s.rank === "number" ? [{ system: s.system, rank: s.rank }] : [],
        )
      : [];
  } catch {
    return [];
  }
}

/** One entry per system, at its best rank, best first (then by system name). */
function mergeSources(sources: { system: string; rank: number }[]): { system: string; rank: number }[] {
  const best = new Map<string, number>();
  for (const s of sources) best.set(s.system, Math.min(best.get(s.system) ?? Infinity, s.rank));
  return [...best]
    .map(([system, rank]) => ({ system, rank }))
    .sort((a, b) => a.rank - b.rank || a.system.localeCompare(b.system));
}

const bestRank = (sources: { rank: number }[]) => Math.min(Infinity, ...sources.map((s) => s.rank));
