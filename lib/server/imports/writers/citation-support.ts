import "server-only";
import { documentsByReference, storedSentences, type AnswerSentence } from "@/lib/domain/rag-answers/answer-text";
import { sentenceCitationKey } from "@/lib/domain/targets";
import type { CitationSupportRow } from "@/lib/formats/rows";
import { idsByExternalId, selectIn } from "../../db/bulk-sql";
import type { ImportContext } from "../import-context";
import { writeLabels, type Numbered } from "./shared";

type Judge = { name: string; kind: "model" | "human"; scale: string };
type Answer = { sentences: AnswerSentence[]; documents: Map<number, number> };

/**
 * Citation support labels as a judge's labels: each line's (sentence, passage) pair of a run's
 * answer to a topic, on the citation-support scale, as the label "sc:<query>:<system>:<sentence>:<passage>".
 * The answer must be in the study with its sentences (a TREC RAG answer), the sentence index one
 * of them, and the citation a passage that sentence cites; a line naming another judge than the
 * import's is refused. A pair is labelled once per file.
 */
export async function writeCitationSupport(
  ctx: ImportContext,
  batch: Numbered<CitationSupportRow>[],
  judge: Judge,
): Promise<void> {
  const rows = batch.filter(({ line, row }) =>
    ctx.firstTime(
      `citation:${row.runId}:${row.topicId}:${row.sentence}:${row.citation}`,
      line,
      `the label of sentence ${row.sentence} citing "${row.citation}" in run "${row.runId}"'s answer to "${row.topicId}"`,
    ),
  );
  const refs = await referencesOf(ctx, rows);
  const judgeId = await ctx.judgeId(judge.name, judge.kind);
  const labels = rows.flatMap(({ line, row }) => {
    const pair = citedPairOf(ctx, refs, judge.name, row, line);
    return pair
      ? [{ judgeId, targetType: "sentence_citation" as const, ...pair, scale: judge.scale, value: row.level }]
      : [];
  });
  if (ctx.failed) return;
  await writeLabels(ctx, labels);
}

type References = Awaited<ReturnType<typeof referencesOf>>;

/** The topics, runs, cited passages and answers with sentences the lines name, by their ids in the file. */
async function referencesOf(ctx: ImportContext, rows: Numbered<CitationSupportRow>[]) {
  const queries = await idsByExternalId(
    ctx.tx,
    "Query",
    ctx.studyId,
    rows.map(({ row }) => row.topicId),
  );
  const systems = new Map(
    (
      await selectIn(
        ctx.tx,
        "System",
        ["id", "name"],
        "name",
        rows.map(({ row }) => row.runId),
        { studyId: ctx.studyId },
      )
    ).map((s) => [String(s.name), Number(s.id)]),
  );
  const documents = await idsByExternalId(
    ctx.tx,
    "Document",
    ctx.studyId,
    rows.map(({ row }) => row.citation),
  );
  return { queries, systems, documents, answers: await answersOf(ctx, queries.values()) };
}

/**
 * The (sentence, passage) pair a line labels, or null once its error is recorded: another judge
 * than the import's, no such answer with sentences, no such sentence, or a passage the sentence
 * does not cite.
 */
function citedPairOf(ctx: ImportContext, refs: References, judgeName: string, row: CitationSupportRow, line: number) {
  if (row.judge !== null && row.judge !== judgeName) {
    ctx.fail({ line, field: "judge", message: `names judge "${row.judge}", but this import is "${judgeName}"'s` });
    return null;
  }
  const queryId = refs.queries.get(row.topicId);
  const systemId = refs.systems.get(row.runId);
  const answer =
    queryId === undefined || systemId === undefined ? undefined : refs.answers.get(`${systemId}:${queryId}`);
  if (!answer) {
    ctx.fail({
      line,
      field: queryId === undefined ? "topic_id" : "run_id",
      message:
        queryId === undefined
          ? `the study has no topic "${row.topicId}": import the answers first`
          : `the study has no answer of run "${row.runId}" to topic "${row.topicId}" with its sentences: import the TREC RAG answers first`,
    });
    return null;
  }
  const sentence = answer.sentences[row.sentence];
  if (!sentence) {
    ctx.fail({
      line,
      field: "sentence_index",
      message: `run "${row.runId}"'s answer to "${row.topicId}" has ${answer.sentences.length} sentences (0 to ${answer.sentences.length - 1})`,
    });
    return null;
  }
  const documentId = refs.documents.get(row.citation);
  if (documentId === undefined || !sentence.citations.some((c) => answer.documents.get(c) === documentId)) {
    ctx.fail({
      line,
      field: "citation",
      message: `sentence ${row.sentence} of run "${row.runId}"'s answer to "${row.topicId}" does not cite "${row.citation}"`,
    });
    return null;
  }
  return {
    targetKey: sentenceCitationKey(queryId!, systemId!, row.sentence, documentId),
    queryId: queryId!,
    documentId,
    systemAId: systemId!,
  };
}

/** The study's answers with sentences to these questions, by "<system>:<query>", each reference's passage by index. */
async function answersOf(ctx: ImportContext, queryIds: Iterable<number>): Promise<Map<string, Answer>> {
  const responses = await selectIn(
    ctx.tx,
    "Response",
    ["id", "systemId", "queryId", "sentences"],
    "queryId",
    queryIds,
    {
      studyId: ctx.studyId,
    },
  );
  const withSentences = responses.filter((r) => r.sentences !== null);
  const citations = await selectIn(
    ctx.tx,
    "Citation",
    ["responseId", "marker", "documentId"],
    "responseId",
    withSentences.map((r) => Number(r.id)),
  );
  const byResponse = new Map<number, { marker: number; documentId: number }[]>();
  for (const c of citations) {
    const list =
      byResponse.get(Number(c.responseId)) ?? byResponse.set(Number(c.responseId), []).get(Number(c.responseId))!;
    list.push({ marker: Number(c.marker), documentId: Number(c.documentId) });
  }
  return new Map(
    withSentences.map((r) => [
      `${Number(r.systemId)}:${Number(r.queryId)}`,
      {
        sentences: storedSentences(String(r.sentences)) ?? [],
        documents: documentsByReference(byResponse.get(Number(r.id)) ?? []),
      },
    ]),
  );
}
