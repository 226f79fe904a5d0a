// Citation support labels in and out (JSONL, one line per answer sentence and passage it cites):
// an import checks every line against the study's answers, all or nothing, with file, line and
// field; the export writes a judge's labels as lines that import back as the same labels. On the
// engine under test.
import { labelSet } from "@/test/label-set";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { importIntoStudy } from "./import-into-study";

const ANSWERS = fs.readFileSync(path.resolve("test/fixtures/trec-rag/answers.jsonl"), "utf8");
type Answer = {
  run_id: string;
  topic_id: string;
  references: string[];
  answer: { text: string; citations: number[] }[];
};
const answers = ANSWERS.trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Answer);
const LEVELS = ["full_support", "partial_support", "no_support"];

/** Every cited sentence with each passage it cites, a level by position; sorted as the export sorts. */
const lines = answers
  .flatMap((a) =>
    a.answer.flatMap((s, sentence) =>
      [...new Set(s.citations.map((c) => a.references[c]!))].map((citation, i) => ({
        run_id: a.run_id,
        topic_id: a.topic_id,
        sentence_index: sentence,
        citation,
        level: LEVELS[(sentence + i) % 3]!,
        judge: "gpt-4o",
      })),
    ),
  )
  .sort(
    (x, y) =>
      x.run_id.localeCompare(y.run_id) ||
      x.topic_id.localeCompare(y.topic_id, "en", { numeric: true }) ||
      x.sentence_index - y.sentence_index ||
      x.citation.localeCompare(y.citation, "en", { numeric: true }),
  );
const jsonl = (records: readonly object[]) => `${records.map((r) => JSON.stringify(r)).join("\n")}\n`;

async function studyWithAnswers(): Promise<number> {
  const db = await getDb();
  const id = (await f.upsertStudy(db, { slug: `support-${unique()}`, name: `Support ${unique()}` })).id;
  await importIntoStudy(id, {
    format: "trec-rag-answers",
    createMissing: true,
    files: [textInput("answers.jsonl", ANSWERS)],
  });
  return id;
}
const importLabels = (studyId: number, text: string, judge = "gpt-4o") =>
  importIntoStudy(studyId, { format: "citation-support", judge, files: [textInput("support.jsonl", text)] });
async function exported(studyId: number, judge: string) {
  const { lines: out, fileName } = await exportStudy(studyId, {
    what: "labels",
    format: "citation-support",
    judges: [judge].map(labelSet),
  });
  let text = "";
  for await (const chunk of out) text += `${chunk}\n`;
  return { text, fileName };
}

let studyId: number;
beforeAll(async () => {
  studyId = await studyWithAnswers();
}, 60_000);

describe("citation support labels", () => {
  it("import as a judge's labels on sc: targets, and export as the same lines, which import back", async () => {
    const db = await getDb();
    const summary = await importLabels(studyId, jsonl(lines));
    expect(summary.added.labels).toBe(lines.length);
    const labels = await db.label.findMany({
      where: { studyId, judge: { name: "gpt-4o" } },
      include: { document: true, systemA: true, query: true, judge: true },
    });
    expect(labels.every((l) => l.targetType === "sentence_citation" && l.scale === "citation-support")).toBe(true);
    expect(labels[0]!.judge.kind).toBe("model");
    const read = labels
      .map(
        (l) =>
          `${l.systemA!.name}|${l.query!.externalId}|${l.targetKey.split(":")[3]}|${l.document!.externalId}|${l.value}`,
      )
      .sort();
    expect(read).toEqual(
      lines.map((l) => `${l.run_id}|${l.topic_id}|${l.sentence_index}|${l.citation}|${l.level}`).sort(),
    );

    const { text, fileName } = await exported(studyId, "gpt-4o");
    expect(fileName).toMatch(/\.citation-support\.jsonl$/);
    expect(text).toBe(jsonl(lines));
    const other = await studyWithAnswers();
    await importLabels(other, text);
    expect((await exported(other, "gpt-4o")).text).toBe(text);
  });

  it("refuses lines that name no answer, sentence or citation of the study, with line and field; nothing changes", async () => {
    const db = await getDb();
    const first = lines[0]!;
    const bad = [
      first,
      { ...first, run_id: "no-such-run" },
      { ...first, sentence_index: 99 },
      { ...first, sentence_index: first.sentence_index, citation: "msmarco_nowhere" },
      { ...first, level: "mostly" },
      { ...lines[1]!, judge: "someone-else" },
      first,
    ];
    const before = await db.label.count({ where: { studyId } });
    const errors = await importLabels(studyId, jsonl(bad), "gpt-4o").then(
      () => [],
      (error: { details?: { errors?: string[] } }) => error.details?.errors ?? [],
    );
    const at = (line: number) =>
      errors.find((e) => e.startsWith(`support.jsonl line ${line},`) || e.startsWith(`support.jsonl line ${line}:`));
    expect(errors).toHaveLength(6);
    expect(at(2)).toBe(
      `support.jsonl line 2, field run_id: the study has no answer of run "no-such-run" to topic "${first.topic_id}" with its sentences: import the TREC RAG answers first`,
    );
    expect(at(3)).toMatch(
      /^support\.jsonl line 3, field sentence_index: run "[^"]+"'s answer to "[^"]+" has \d+ sentences/,
    );
    expect(at(4)).toBe(
      `support.jsonl line 4, field citation: sentence ${first.sentence_index} of run "${first.run_id}"'s answer to "${first.topic_id}" does not cite "msmarco_nowhere"`,
    );
    expect(at(5)).toBe(
      'support.jsonl line 5, field level: expected full_support, partial_support, no_support, got "mostly"',
    );
    expect(at(6)).toBe('support.jsonl line 6, field judge: names judge "someone-else", but this import is "gpt-4o"\'s');
    expect(at(7)).toMatch(/line 1/);
    expect(await db.label.count({ where: { studyId } })).toBe(before);
  });
});
