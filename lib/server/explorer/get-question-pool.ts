import "server-only";
import { resolveNuggetSet } from "../nuggets/nugget-sets";
import { storedImportance } from "@/lib/domain/nugget-scores/nugget-scores";
import { buildAnswerGrid } from "@/lib/domain/explorer/build-answer-grid";
import { buildPoolGrid } from "@/lib/domain/explorer/build-pool-grid";
import { tagsOf } from "@/lib/domain/query-metadata";
import { questionTitle } from "@/lib/domain/question-title";
import type { QuestionPool } from "@/lib/schemas/explorer";
import { getDb, type Db } from "../db/client";
import { notFound } from "../errors";
import { passageDisplayOf, renderDocument } from "../render/study-passage";
import { renderMarkdown } from "../render/markdown";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * One question of a study with its pool as a grid (see buildPoolGrid) and, when `chunk` is
 * given, that chunk rendered for reading.
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
  const firstSet = await resolveNuggetSet(db, studyId, null);
  const [nuggets, pool, labels, retrieved, responses, assignments] = await Promise.all([
    db.nugget.findMany({
      // the study's first nugget set's list (the others are counted side by side)
      where: { queryId, setId: firstSet?.id ?? -1 },
      orderBy: { position: "asc" },
      select: { id: true, externalId: true, position: true, text: true, importance: true },
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
    db.response.findMany({
      where: { queryId },
      select: {
        systemId: true,
        text: true,
        system: { select: { name: true } },
        citations: {
          orderBy: { marker: "asc" },
          select: { marker: true, document: { select: { id: true, externalId: true } } },
        },
      },
    }),
    db.label.findMany({
      where: { queryId, targetType: "nugget_answer" },
      select: { targetKey: true, value: true, judge: { select: { name: true, kind: true } } },
    }),
  ]);
  const grid = buildPoolGrid({ queryId, nuggets, pool, labels, retrieved });
  const answerGrid = buildAnswerGrid({ nuggets, labels: assignments, answers: await answersOf(responses) });
  return {
    study: question.study,
    question: await questionView(question),
    ...grid,
    answers: answerGrid.answers.map(({ systemId: _, ...a }) => a),
    answerJudges: answerGrid.judges,
    nuggetSet: firstSet?.name ?? null,
    nuggetSets: await listsBySet(db, studyId, queryId),
    nuggets: nuggets.map((n) => ({
      id: n.externalId,
      title: `N${n.position}`,
      text: n.text,
      importance: storedImportance(n.importance),
    })),
    chunk: chunk === undefined ? null : await chunkView(studyId, chunk),
  };
}

/** The question's list in each nugget set of the study (first first): its nuggets, vital and okay (not graded counts okay). */
async function listsBySet(db: Db, studyId: number, queryId: number) {
  const [sets, counts] = await Promise.all([
    db.nuggetSet.findMany({ where: { studyId }, orderBy: { id: "asc" }, select: { id: true, name: true } }),
    db.nugget.groupBy({ by: ["setId", "importance"], where: { queryId }, _count: { _all: true } }),
  ]);
  return sets.map((set) => {
    const of = counts.filter((c) => c.setId === set.id);
    const vital = of.filter((c) => storedImportance(c.importance) === "vital").reduce((n, c) => n + c._count._all, 0);
    const nuggets = of.reduce((n, c) => n + c._count._all, 0);
    return { name: set.name, nuggets, vital, okay: nuggets - vital };
  });
}

/** The RAG systems' answers to the question, rendered, with their citations' documents. */
function answersOf(
  responses: readonly {
    systemId: number;
    text: string;
    system: { name: string };
    citations: readonly { marker: number; document: { id: number; externalId: string } }[];
  }[],
) {
  return Promise.all(
    responses.map(async (r) => ({
      systemId: r.systemId,
      system: r.system.name,
      html: await renderMarkdown(r.text),
      citations: r.citations.map((c) => ({
        marker: c.marker,
        documentId: c.document.id,
        externalId: c.document.externalId,
      })),
    })),
  );
}

/** The question as the page heads it: its title (its text when it has none), tags, text and gold answer rendered. */
async function questionView(question: {
  id: number;
  externalId: string;
  title: string;
  body: string;
  answer: string | null;
  metadata: string;
}): Promise<QuestionPool["question"]> {
  return {
    id: question.id,
    externalId: question.externalId,
    title: questionTitle(question.title, question.body),
    hasText: question.body.trim() !== "" || question.title.trim() !== "",
    tags: tagsOf(question.metadata),
    // a question without a title of its own is headed by its text: shown whole there, it is not shown again
    bodyHtml:
      question.title.trim() === "" && questionTitle("", question.body) === question.body.trim()
        ? ""
        : await renderMarkdown(question.body),
    answerHtml: question.answer ? await renderMarkdown(question.answer) : null,
  };
}

async function chunkView(studyId: number, documentId: number): Promise<QuestionPool["chunk"]> {
  const db = await getDb();
  const d = await db.document.findFirst({ where: { id: documentId, studyId } });
  if (!d) throw notFound("Chunk not found");
  const rendered = await renderDocument(d, await passageDisplayOf(studyId));
  return {
    documentId: d.id,
    externalId: d.externalId,
    title: d.title,
    repo: d.repo,
    path: d.path,
    language: d.language,
    hasText: d.text.trim() !== "",
    ...rendered,
  };
}
