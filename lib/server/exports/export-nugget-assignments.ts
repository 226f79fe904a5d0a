import "server-only";
import { NUGGET_ASSIGNMENTS, storedImportance, textOrder } from "@/lib/domain/nugget-scores/nugget-scores";
import { storedSentences } from "@/lib/domain/rag-answers/answer-text";
import { parseNuggetAnswerKey } from "@/lib/domain/targets";
import { csvLine } from "@/lib/formats/csv";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";

export const ASSIGNMENT_CSV_COLUMNS = ["qid", "run_id", "nugget_id", "nugget", "importance", "assignment"];

type Line = {
  run: string;
  qid: string;
  query: string;
  answer: { text: string; length: number | null } | null;
  nuggets: { position: number; id: string; text: string; importance: string; assignment: string }[];
};

/**
 * One judge's or label set's nugget assignments (labels of nuggets in answers) as nuggetizer's
 * assignments JSONL, which nuggetizer's scoring reads and Assay imports back as the same labels:
 * one line per answer, {query, qid, answer_text, response_length, run_id, nuggets: [{text,
 * importance, assignment}]} with the nuggets in the question's order; or as CSV, one row per label.
 * Lines are sorted by run, then question. A nugget not graded is written "okay", as nuggetizer
 * counts every nugget but a vital one.
 */
export async function* nuggetAssignmentLines(
  db: Db,
  studyId: number,
  name: LabelSetName,
  format: "nuggetizer-assignments" | "assignments-csv",
): AsyncGenerator<string> {
  const set = await loadLabelSet(studyId, name);
  const labels = [...set.labels.values()].flatMap((l) => {
    const target = parseNuggetAnswerKey(l.targetKey);
    return target && (NUGGET_ASSIGNMENTS as readonly string[]).includes(l.value) ? [{ ...target, value: l.value }] : [];
  });
  if (labels.length === 0) throw invalid(`${set.name} has no nugget assignments to export as ${format}`);
  const lines = await answerLines(db, studyId, labels);
  if (format === "assignments-csv") yield csvLine(ASSIGNMENT_CSV_COLUMNS);
  for (const line of lines) {
    if (format === "assignments-csv") {
      yield line.nuggets.map((n) => csvLine([line.qid, line.run, n.id, n.text, n.importance, n.assignment])).join("\n");
      continue;
    }
    yield JSON.stringify({
      query: line.query,
      qid: line.qid,
      ...(line.answer ? { answer_text: line.answer.text } : {}),
      ...(line.answer?.length != null ? { response_length: line.answer.length } : {}),
      run_id: line.run,
      nuggets: line.nuggets.map((n) => ({ text: n.text, importance: n.importance, assignment: n.assignment })),
    });
  }
}

/** The labels grouped by answer (a system's answer to a question), sorted by run then question, each's nuggets in order. */
async function answerLines(
  db: Db,
  studyId: number,
  labels: readonly { nuggetId: number; systemId: number; value: string }[],
): Promise<Line[]> {
  const [nuggets, systems] = await Promise.all([
    db.nugget.findMany({
      where: { studyId, id: { in: [...new Set(labels.map((l) => l.nuggetId))] } },
      select: {
        id: true,
        externalId: true,
        position: true,
        text: true,
        importance: true,
        queryId: true,
        query: { select: { externalId: true, body: true } },
      },
    }),
    db.system.findMany({
      where: { studyId, id: { in: [...new Set(labels.map((l) => l.systemId))] } },
      select: { id: true, name: true },
    }),
  ]);
  const responses = await db.response.findMany({
    where: { studyId, systemId: { in: systems.map((s) => s.id) }, queryId: { in: nuggets.map((n) => n.queryId) } },
    select: { systemId: true, queryId: true, text: true, sentences: true, responseLength: true },
  });
  const nugget = new Map(nuggets.map((n) => [n.id, n]));
  const system = new Map(systems.map((s) => [s.id, s.name]));
  const answer = new Map(responses.map((r) => [`${r.systemId}:${r.queryId}`, r]));
  const lines = new Map<string, Line>();
  for (const l of labels) {
    const n = nugget.get(l.nuggetId);
    const run = system.get(l.systemId);
    if (!n || run === undefined) continue;
    const key = `${l.systemId}:${n.queryId}`;
    const r = answer.get(key);
    const line =
      lines.get(key) ??
      lines
        .set(key, {
          run,
          qid: n.query.externalId,
          query: n.query.body,
          answer: r ? { text: plainText(r.text, r.sentences), length: r.responseLength } : null,
          nuggets: [],
        })
        .get(key)!;
    line.nuggets.push({
      position: n.position,
      id: n.externalId,
      text: n.text.trim(),
      importance: storedImportance(n.importance) ?? "okay",
      assignment: l.value,
    });
  }
  for (const line of lines.values()) line.nuggets.sort((a, b) => a.position - b.position);
  return [...lines.values()].sort((a, b) => textOrder(a.run, b.run) || textOrder(a.qid, b.qid));
}

/** An answer's text as nuggetizer reads it: a TREC RAG answer's sentences joined by spaces (no [n] markers), else its text. */
function plainText(text: string, sentences: string | null): string {
  const list = storedSentences(sentences);
  return list === null ? text : list.map((s) => s.text).join(" ");
}
