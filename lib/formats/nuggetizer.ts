// castorini/nuggetizer's JSONL files, as the TREC 2024 and 2025 RAG tracks use them:
// - nuggets: {"qid", "query", "nuggets": [{"text", "importance": "vital"|"okay"}]}, one line per question;
// - assignments: {"qid", "run_id", "nuggets": [{"text", "importance", "assignment":
//   "support"|"partial_support"|"not_support"}], ...}, one line per answer (a run's answer to a question).
// The assignments' query, answer_text and response_length are kept (an import may create the
// question and the answer from them); other keys (reasoning, trace) are read past. A nugget's
// text is its identity within its question (Assay matches assignments to nuggets by it), so a
// text is trimmed and may appear once per line.
import {
  NUGGET_ASSIGNMENTS,
  NUGGET_IMPORTANCES,
  type NuggetAssignment,
  type NuggetImportance,
} from "@/lib/domain/nugget-scores/nugget-scores";
import { MAX_INTEGER } from "./fields";
import { jsonObject, optionalString, stringField } from "./fields";
import { bad, isFail, ok, type Parsed } from "./parsed";
import type { GradedNuggetsRow, NuggetAssignmentsRow } from "./rows";

/** One line of nuggetizer's nuggets file as an import row: a question's graded nuggets ("query" is checked, not kept). */
export function parseGradedNuggetsLine(text: string, line: number): Parsed<GradedNuggetsRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const qid = stringField(obj, "qid", line);
  if (isFail(qid)) return qid;
  const query = optionalString(obj, "query", line);
  if (isFail(query)) return query;
  const nuggets = nuggetList(obj, line, false);
  if (isFail(nuggets)) return nuggets;
  return ok({ kind: "graded-nuggets", queryId: qid, nuggets: nuggets as GradedNuggetsRow["nuggets"] });
}

/** A question's nuggets as one line of nuggetizer's nuggets file (what parseGradedNuggetsLine reads back). */
export function gradedNuggetsLine(line: {
  qid: string;
  query: string;
  nuggets: readonly { text: string; importance: NuggetImportance }[];
}): string {
  return JSON.stringify({
    qid: line.qid,
    query: line.query,
    nuggets: line.nuggets.map((n) => ({ text: n.text, importance: n.importance })),
  });
}

/** One line of nuggetizer's assignments file: one answer's label for each of its question's nuggets. */
export function parseNuggetizerAssignmentsLine(text: string, line: number): Parsed<NuggetAssignmentsRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const qid = stringField(obj, "qid", line);
  if (isFail(qid)) return qid;
  const runId = stringField(obj, "run_id", line);
  if (isFail(runId)) return runId;
  const query = optionalString(obj, "query", line);
  if (isFail(query)) return query;
  const answerText = optionalString(obj, "answer_text", line);
  if (isFail(answerText)) return answerText;
  const length = obj.response_length;
  if (
    length !== undefined &&
    length !== null &&
    !(typeof length === "number" && Number.isInteger(length) && length >= 0 && length <= MAX_INTEGER)
  )
    return bad(line, `expected a whole number of at least 0, got ${JSON.stringify(length)}`, "response_length");
  const nuggets = nuggetList(obj, line, true);
  if (isFail(nuggets)) return nuggets;
  return ok({
    kind: "nugget-assignments",
    qid,
    runId,
    query: query ?? null,
    answerText: answerText ?? null,
    responseLength: typeof length === "number" ? length : null,
    nuggets: nuggets as NuggetAssignmentsRow["nuggets"],
  });
}

function nuggetList(obj: Record<string, unknown>, line: number, assigned: boolean) {
  if (!Array.isArray(obj.nuggets)) return bad(line, "expected an array of nuggets", "nuggets");
  const nuggets: { text: string; importance: NuggetImportance; assignment?: NuggetAssignment }[] = [];
  const seen = new Map<string, number>();
  for (const [i, raw] of obj.nuggets.entries()) {
    const at = `nuggets[${i}]`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return bad(line, "expected an object", at);
    const nugget = raw as Record<string, unknown>;
    const text = stringField(nugget, "text", line);
    if (isFail(text)) return bad(line, text.error.message, `${at}.text`);
    const trimmed = text.trim();
    const first = seen.get(trimmed);
    if (first !== undefined) return bad(line, `repeats the text of nuggets[${first}]`, `${at}.text`);
    seen.set(trimmed, i);
    const importance = oneOf(nugget.importance, NUGGET_IMPORTANCES, line, `${at}.importance`);
    if (isFail(importance)) return importance;
    if (!assigned) {
      nuggets.push({ text: trimmed, importance });
      continue;
    }
    const assignment = oneOf(nugget.assignment, NUGGET_ASSIGNMENTS, line, `${at}.assignment`);
    if (isFail(assignment)) return assignment;
    nuggets.push({ text: trimmed, importance, assignment });
  }
  return nuggets;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], line: number, field: string) {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  const got = value === undefined ? "missing" : JSON.stringify(value);
  return bad(line, `expected one of ${allowed.join(", ")}, got ${got}`, field);
}
