// The TREC RAG track's answers (its submission JSONL, 2024 and 2025): one line per run's answer to a
// topic, {"run_id", "topic_id", "topic", "references": [segment ids], "response_length",
// "answer": [{"text", "citations": [indices into references]}]}. run_id, topic_id and topic may
// instead sit in a "metadata" object. A file may hold many runs; each run answers a topic once.
import { jsonObject, MAX_INTEGER, objectField, stringArray, stringField } from "./fields";
import { bad, isFail, ok, type Parsed } from "./parsed";
import type { RagAnswerRow } from "./rows";

export function parseTrecRagAnswerLine(text: string, line: number): Parsed<RagAnswerRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const metadata = objectField(obj, "metadata", line);
  if (isFail(metadata)) return metadata;
  const fields = { ...metadata, ...obj };
  const runId = stringField(fields, "run_id", line);
  if (isFail(runId)) return runId;
  const topicId = stringField(fields, "topic_id", line);
  if (isFail(topicId)) return topicId;
  const topic = stringField(fields, "topic", line);
  if (isFail(topic)) return topic;
  const references = stringArray(obj, "references", line);
  if (isFail(references)) return references;
  const responseLength = optionalCount(obj.response_length, line, "response_length");
  if (isFail(responseLength)) return responseLength;
  const sentences = answerSentences(obj.answer, references.length, line);
  if (isFail(sentences)) return sentences;
  return ok({ kind: "rag-answer", runId, topicId, topic, references, responseLength, sentences });
}

function answerSentences(value: unknown, references: number, line: number) {
  if (!Array.isArray(value))
    return bad(line, value === undefined ? "missing" : "expected an array of sentences", "answer");
  const sentences: RagAnswerRow["sentences"] = [];
  for (const [i, raw] of value.entries()) {
    const at = `answer[${i}]`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return bad(line, "expected an object", at);
    const sentence = raw as Record<string, unknown>;
    const text = stringField(sentence, "text", line, { allowEmpty: true });
    if (isFail(text)) return bad(line, text.error.message, `${at}.text`);
    const rawCitations = sentence.citations ?? [];
    if (!Array.isArray(rawCitations)) return bad(line, "expected an array of reference indices", `${at}.citations`);
    const citations: number[] = [];
    for (const [j, c] of rawCitations.entries()) {
      if (typeof c !== "number" || !Number.isInteger(c))
        return bad(line, `expected an index into references, got ${JSON.stringify(c)}`, `${at}.citations[${j}]`);
      if (c < 0 || c >= references)
        return bad(
          line,
          references === 0
            ? `cites reference ${c}, but the answer has no references`
            : `cites reference ${c}, but the answer has ${references} (indices 0 to ${references - 1})`,
          `${at}.citations[${j}]`,
        );
      citations.push(c);
    }
    sentences.push({ text, citations });
  }
  return sentences;
}

function optionalCount(value: unknown, line: number, field: string): number | null | ReturnType<typeof bad> {
  if (value === undefined || value === null) return null;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_INTEGER)
    return bad(line, `expected a whole number of at least 0, got ${JSON.stringify(value)}`, field);
  return value;
}
