// Citation support labels as JSON lines, one per (sentence, passage) pair of a run's answer (the
// TREC 2024 RAG track's support assessment, Thakur et al. 2025):
// {"run_id", "topic_id", "sentence_index" (0-based, as the answer's sentences are listed),
//  "citation" (the id of the segment the sentence cites), "level": "full_support" |
//  "partial_support" | "no_support", "judge" (optional: the judge whose label it is)}.
import { CITATION_SUPPORT_LEVELS, type CitationSupportLevel } from "@/lib/domain/citation-support/support-measures";
import { MAX_INTEGER, jsonObject, optionalString, stringField } from "./fields";
import { bad, isFail, ok, type Parsed } from "./parsed";
import type { CitationSupportRow } from "./rows";

export function parseCitationSupportLine(text: string, line: number): Parsed<CitationSupportRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const runId = stringField(obj, "run_id", line);
  if (isFail(runId)) return runId;
  const topicId = stringField(obj, "topic_id", line);
  if (isFail(topicId)) return topicId;
  const sentence = obj.sentence_index;
  if (!(typeof sentence === "number" && Number.isInteger(sentence) && sentence >= 0 && sentence <= MAX_INTEGER))
    return bad(
      line,
      sentence === undefined ? "missing" : `expected a whole number of at least 0, got ${JSON.stringify(sentence)}`,
      "sentence_index",
    );
  const citation = stringField(obj, "citation", line);
  if (isFail(citation)) return citation;
  const level = stringField(obj, "level", line);
  if (isFail(level)) return level;
  if (!(CITATION_SUPPORT_LEVELS as readonly string[]).includes(level))
    return bad(line, `expected ${CITATION_SUPPORT_LEVELS.join(", ")}, got ${JSON.stringify(level)}`, "level");
  const judge = optionalString(obj, "judge", line);
  if (isFail(judge)) return judge;
  return ok({
    kind: "citation-support",
    runId,
    topicId,
    sentence,
    citation,
    level: level as CitationSupportLevel,
    judge: judge ?? null,
  });
}

/** One label as a line of the format (what the export writes and the import reads back). */
export const citationSupportLine = (r: {
  runId: string;
  topicId: string;
  sentence: number;
  citation: string;
  level: string;
  judge: string;
}) =>
  JSON.stringify({
    run_id: r.runId,
    topic_id: r.topicId,
    sentence_index: r.sentence,
    citation: r.citation,
    level: r.level,
    judge: r.judge,
  });
