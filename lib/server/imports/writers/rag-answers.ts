import "server-only";
import { answerMarkdown } from "@/lib/domain/rag-answers/answer-text";
import type { RagAnswerRow } from "@/lib/formats/rows";
import type { ImportContext } from "../import-context";
import { deleteIn, idsByExternalId, upsertMany } from "../../db/bulk-sql";
import { contentIds, createQuestions, known, type Numbered, writeCitations } from "./shared";

/**
 * TREC RAG answers: each run becomes a system, each line its answer to the topic (text, sentences
 * and response_length), each reference a citation (marker i + 1 for reference i) of a segment the
 * study has, or, with "create missing", one with no text yet. A topic the study lacks becomes a
 * question with the topic's text; an existing question keeps its own. A re-imported answer is
 * replaced whole, its citations with it.
 */
export async function writeRagAnswers(ctx: ImportContext, batch: Numbered<RagAnswerRow>[]): Promise<void> {
  const rows = batch.filter(({ line, row }) =>
    ctx.firstTime(
      `rag-answer:${row.runId}:${row.topicId}`,
      line,
      `answer of run "${row.runId}" to topic "${row.topicId}"`,
    ),
  );
  const docIds = await contentIds(
    ctx,
    "Document",
    rows.flatMap(({ row }) => row.references),
  );
  for (const { line, row } of rows)
    for (const [i, reference] of row.references.entries())
      known(ctx, docIds, reference, line, `references[${i}]`, "document");
  if (ctx.failed) return;
  const queryIds = await questionsOf(ctx, rows);
  const systems = await ctx.systemIds(rows.map(({ row }) => row.runId));
  const responses = await upsertMany(
    ctx.tx,
    {
      table: "Response",
      columns: ["studyId", "systemId", "queryId", "text", "sentences", "responseLength"],
      conflict: ["systemId", "queryId"],
      update: ["text", "sentences", "responseLength"],
      returning: ["id", "systemId", "queryId"],
    },
    rows.map(({ row }) => [
      ctx.studyId,
      systems.get(row.runId)!,
      queryIds.get(row.topicId)!,
      answerMarkdown(row.sentences),
      JSON.stringify(row.sentences),
      row.responseLength,
    ]),
  );
  const responseId = new Map(responses.map((r) => [`${Number(r.systemId)}:${Number(r.queryId)}`, Number(r.id)]));
  const idOf = (row: RagAnswerRow) => responseId.get(`${systems.get(row.runId)}:${queryIds.get(row.topicId)}`)!;
  await deleteIn(
    ctx.tx,
    "Citation",
    "responseId",
    rows.map(({ row }) => idOf(row)),
  );
  await writeCitations(
    ctx,
    rows.flatMap(({ row }) => row.references.map((reference, i) => [idOf(row), i + 1, docIds.get(reference)!])),
  );
}

/** The rows' questions by topic id: the study's, and for a topic it lacks, a new one with the topic's text. */
async function questionsOf(ctx: ImportContext, rows: Numbered<RagAnswerRow>[]): Promise<Map<string, number>> {
  const ids = await idsByExternalId(
    ctx.tx,
    "Query",
    ctx.studyId,
    rows.map(({ row }) => row.topicId),
  );
  const missing = new Map<string, string>();
  for (const { row } of rows)
    if (!ids.has(row.topicId) && !missing.has(row.topicId)) missing.set(row.topicId, row.topic);
  for (const [id, rowId] of await createQuestions(ctx, missing)) ids.set(id, rowId);
  return ids;
}
