import "server-only";
import { nuggetAnswerKey } from "@/lib/domain/targets";
import type { NuggetAssignmentsRow } from "@/lib/formats/rows";
import { idsByExternalId, selectIn, upsertMany } from "../../db/bulk-sql";
import type { ImportContext } from "../import-context";
import { writeGradedNuggets } from "./graded-nuggets";
import { createQuestions, writeLabels, type Numbered } from "./shared";

type Judge = { name: string; kind: "model" | "human"; scale: string };
type Nugget = { id: number; text: string };

/**
 * nuggetizer's assignments as a judge's labels: for each line (a run's answer to a question), one
 * label per nugget of the question, matched by exact text (surrounding spaces trimmed), on the
 * nugget-assignment scale. A line must assign every nugget of its question, so that the scores
 * Assay computes from the labels are the ones nuggetizer computes from the file. The run's answer
 * must be in the study. With "create missing", a question the study lacks is created from the
 * line's query, a question with no nuggets gets the first line's (with their importance), and a
 * missing answer is created from answer_text.
 */
export async function writeNuggetAssignments(
  ctx: ImportContext,
  batch: Numbered<NuggetAssignmentsRow>[],
  judge: Judge,
): Promise<void> {
  const rows = batch.filter(({ line, row }) =>
    ctx.firstTime(`assignments:${row.runId}:${row.qid}`, line, `assignments of run "${row.runId}" for "${row.qid}"`),
  );
  const queryIds = await questionsOf(ctx, rows);
  await firstNuggets(ctx, rows, queryIds);
  const nuggets = await nuggetsOf(ctx, queryIds.values());
  // the lines whose question and nuggets are there (the others have their error already)
  const ready = rows.filter(({ row }) => nuggets.has(queryIds.get(row.qid) ?? -1));
  const systems = await ctx.systemIds(ready.map(({ row }) => row.runId));
  await answersOf(ctx, ready, queryIds, systems);
  const judgeId = await ctx.judgeId(judge.name, judge.kind);
  const labels = ready.flatMap(({ line, row }) => {
    const queryId = queryIds.get(row.qid)!;
    const systemId = systems.get(row.runId)!;
    const matched = matchNuggets(ctx, line, row, nuggets.get(queryId) ?? []);
    return matched.map(({ nugget, assignment }) => ({
      judgeId,
      targetType: "nugget_answer" as const,
      targetKey: nuggetAnswerKey(nugget.id, systemId),
      queryId,
      nuggetId: nugget.id,
      systemAId: systemId,
      scale: judge.scale,
      value: assignment,
    }));
  });
  if (ctx.failed) return;
  await writeLabels(ctx, labels);
}

/** A line's labels by nugget, or errors: a text its question lacks, or a nugget of the question left out. */
function matchNuggets(ctx: ImportContext, line: number, row: NuggetAssignmentsRow, nuggets: Nugget[]) {
  const byText = new Map(nuggets.map((n) => [n.text.trim(), n]));
  const matched: { nugget: Nugget; assignment: string }[] = [];
  for (const [i, n] of row.nuggets.entries()) {
    const nugget = byText.get(n.text);
    if (nugget) matched.push({ nugget, assignment: n.assignment });
    else
      ctx.fail({
        line,
        field: `nuggets[${i}].text`,
        message: `question "${row.qid}" has no nugget ${JSON.stringify(n.text)}`,
      });
  }
  const left = nuggets.filter((n) => !matched.some((m) => m.nugget.id === n.id));
  if (left.length > 0)
    ctx.fail({
      line,
      field: "nuggets",
      message: `assigns ${matched.length} of question "${row.qid}"'s ${nuggets.length} nuggets: ${left.map((n) => JSON.stringify(n.text)).join(", ")} ${left.length === 1 ? "has" : "have"} no assignment`,
    });
  return matched;
}

/** The rows' questions by id; with "create missing", one the study lacks is made from the line's query. */
async function questionsOf(ctx: ImportContext, rows: Numbered<NuggetAssignmentsRow>[]) {
  const ids = await idsByExternalId(
    ctx.tx,
    "Query",
    ctx.studyId,
    rows.map(({ row }) => row.qid),
  );
  const missing = new Map<string, string>();
  for (const { line, row } of rows) {
    if (ids.has(row.qid) || missing.has(row.qid)) continue;
    if (ctx.missing.create) missing.set(row.qid, row.query ?? "");
    else {
      ctx.fail({ line, field: "qid", message: `the study has no question "${row.qid}": import its questions first` });
      if (ctx.missing.offered) ctx.missingIds = true;
    }
  }
  for (const [id, rowId] of await createQuestions(ctx, missing)) ids.set(id, rowId);
  return ids;
}

/** A question with no nuggets gets the first line's, with "create missing"; without, the line is refused. */
async function firstNuggets(ctx: ImportContext, rows: Numbered<NuggetAssignmentsRow>[], queryIds: Map<string, number>) {
  const present = await nuggetsOf(ctx, queryIds.values());
  const firstLines = new Map<string, Numbered<NuggetAssignmentsRow>>();
  for (const r of rows) {
    const queryId = queryIds.get(r.row.qid);
    if (queryId === undefined || present.has(queryId) || firstLines.has(r.row.qid)) continue;
    firstLines.set(r.row.qid, r);
    if (!ctx.missing.create) {
      ctx.fail({
        line: r.line,
        field: "nuggets",
        message: `question "${r.row.qid}" has no nuggets: import them first (nuggetizer nuggets), or create them from this file`,
      });
      if (ctx.missing.offered) ctx.missingIds = true;
    }
  }
  if (ctx.failed || firstLines.size === 0) return;
  await writeGradedNuggets(
    ctx,
    [...firstLines.values()].map(({ line, row }) => ({
      line,
      row: {
        kind: "graded-nuggets",
        queryId: row.qid,
        nuggets: row.nuggets.map((n) => ({ text: n.text, importance: n.importance })),
      },
    })),
  );
}

/** The questions' nuggets in the import's nugget set (the study's first by default), in order. */
async function nuggetsOf(ctx: ImportContext, queryIds: Iterable<number>): Promise<Map<number, Nugget[]>> {
  const rows = await selectIn(ctx.tx, "Nugget", ["id", "queryId", "text", "position"], "queryId", queryIds, {
    setId: await ctx.nuggetSetId(),
  });
  const byQuery = new Map<number, Nugget[]>();
  for (const r of rows.sort((a, b) => Number(a.position) - Number(b.position))) {
    const list = byQuery.get(Number(r.queryId)) ?? [];
    list.push({ id: Number(r.id), text: String(r.text) });
    byQuery.set(Number(r.queryId), list);
  }
  return byQuery;
}

/** Every line's answer must be in the study; with "create missing", a missing one is made from answer_text. */
async function answersOf(
  ctx: ImportContext,
  rows: Numbered<NuggetAssignmentsRow>[],
  queryIds: Map<string, number>,
  systems: Map<string, number>,
): Promise<void> {
  const existing = await selectIn(ctx.tx, "Response", ["systemId", "queryId"], "queryId", queryIds.values(), {
    studyId: ctx.studyId,
  });
  const have = new Set(existing.map((r) => `${Number(r.systemId)}:${Number(r.queryId)}`));
  const created: unknown[][] = [];
  for (const { line, row } of rows) {
    const systemId = systems.get(row.runId)!;
    const queryId = queryIds.get(row.qid)!;
    if (have.has(`${systemId}:${queryId}`)) continue;
    if (ctx.missing.create) created.push([ctx.studyId, systemId, queryId, row.answerText ?? "", row.responseLength]);
    else {
      ctx.fail({
        line,
        field: "run_id",
        message: `the study has no answer of run "${row.runId}" to question "${row.qid}": import the TREC RAG answers first`,
      });
      if (ctx.missing.offered) ctx.missingIds = true;
    }
  }
  await upsertMany(
    ctx.tx,
    {
      table: "Response",
      columns: ["studyId", "systemId", "queryId", "text", "responseLength"],
      conflict: ["systemId", "queryId"],
    },
    created,
  );
}
