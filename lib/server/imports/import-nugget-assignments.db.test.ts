// nuggetizer's assignments as a judge's labels of nuggets in answers: matched by text, every nugget
// of the question assigned, the answer in the study (or created with "create missing", as are the
// questions and their nuggets); all or nothing; exported as nuggetizer's JSONL, which imports back as
// the same labels and scores as nuggetizer scores the original file, and as CSV.
import { labelSet } from "@/test/label-set";
import { impactQuerySchema } from "@/lib/schemas/impact";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { getAgreementReport } from "@/lib/server/agreement/get-agreement-report";
import type { UserDto } from "@/lib/server/users/user-dto";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { jsonl, textInput } from "@/test/import-inputs";
import { runCliInProcess } from "@/test/run-cli";
import { importIntoStudy } from "./import-into-study";

const FIXTURE = path.resolve("test/fixtures/nuggetizer/assignments.jsonl");
const newStudy = async () => (await upsertStudy(await getDb(), { slug: `assign-${unique()}`, name: "Assignments" })).id;
const importAssignments = (studyId: number, judge: string, text: string, createMissing = false) =>
  importIntoStudy(studyId, {
    format: "nuggetizer-assignments",
    judge,
    files: [textInput("assignments.jsonl", text)],
    createMissing,
  });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("imported");
    },
    (error: { details?: { errors?: string[]; hint?: string } }) => error.details?.errors ?? [],
  );
async function exported(studyId: number, judge: string, format: "nuggetizer-assignments" | "assignments-csv") {
  const { lines, fileName } = await exportStudy(studyId, { what: "labels", format, judges: [judge].map(labelSet) });
  let text = "";
  for await (const line of lines) text += `${line}\n`;
  return { text, fileName };
}
const records = (text: string) =>
  text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
/** A label set as (nugget text, run) -> value, to compare two judges' labels. */
async function labelsOf(studyId: number, judge: string) {
  const db = await getDb();
  const labels = await db.label.findMany({
    where: { studyId, judge: { name: judge } },
    include: { nugget: true, systemA: true },
  });
  return new Map(labels.map((l) => [`${l.nugget!.text}|${l.systemA!.name}`, [l.targetType, l.scale, l.value]]));
}
const nuggetScores = async (text: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "assay-assignments-")), "a.jsonl");
  fs.writeFileSync(file, text);
  const run = await runCliInProcess(["nugget-scores", "--assignments", file, "--by", "answer"]);
  expect(run.stderr).toBe("");
  return run.stdout;
};

describe("nuggetizer assignments from an empty study (create missing)", () => {
  let studyId: number;
  const original = fs.readFileSync(FIXTURE, "utf8");
  beforeAll(async () => {
    studyId = await newStudy();
  });

  it("refuses without create missing, saying how, and changes nothing", async () => {
    const errors = await refusal(importAssignments(studyId, "nuggetizer", original));
    expect(errors[0]).toMatch(/^assignments\.jsonl line 1, field qid: the study has no question "2024-\d{3}"/);
    await expect(importAssignments(studyId, "nuggetizer", original)).rejects.toMatchObject({
      details: {
        hint: "To create the questions, nuggets and answers the file names but the study lacks, import again with --create-missing.",
      },
    });
    expect(await (await getDb()).query.count({ where: { studyId } })).toBe(0);
  });

  it("creates the questions, their nuggets with importance and the answers, and stores one label per nugget and answer", async () => {
    await importAssignments(studyId, "nuggetizer", original, true);
    const db = await getDb();
    const lines = records(original);
    expect(await db.query.count({ where: { studyId } })).toBe(15);
    expect(await db.response.count({ where: { studyId } })).toBe(lines.length);
    const labelCount = lines.reduce((sum, l) => sum + (l.nuggets as unknown[]).length, 0);
    expect(await db.label.count({ where: { studyId, targetType: "nugget_answer", scale: "nugget-assignment" } })).toBe(
      labelCount,
    );
    const third = await db.query.findFirstOrThrow({
      where: { studyId, externalId: "2024-003" },
      include: { nuggets: true },
    });
    expect(third.body).toBe("question 2024-003");
    expect(new Set(third.nuggets.map((n) => n.importance))).toEqual(new Set(["okay"]));
  });

  it("exports as nuggetizer's JSONL: the same lines as the file, scored by nuggetizer's rules to the same numbers", async () => {
    const { text, fileName } = await exported(studyId, "nuggetizer", "nuggetizer-assignments");
    expect(fileName).toMatch(/-labels\.assignments\.jsonl$/);
    const key = (r: Record<string, unknown>) => `${r.run_id as string}|${r.qid as string}`;
    const byKey = (list: Record<string, unknown>[]) => new Map(list.map((r) => [key(r), r]));
    const out = records(text);
    expect(out.map(key)).toEqual([...out.map(key)].sort());
    expect(byKey(out)).toEqual(byKey(records(original)));
    expect(await nuggetScores(text)).toBe(await nuggetScores(original));
  });

  it("imports its own export back as the same labels under another judge", async () => {
    const { text } = await exported(studyId, "nuggetizer", "nuggetizer-assignments");
    await importAssignments(studyId, "nuggetizer-again", text);
    expect(await labelsOf(studyId, "nuggetizer-again")).toEqual(await labelsOf(studyId, "nuggetizer"));
  });

  it("ranks the runs in Benchmark impact with nuggetizer's scores under both judges", async () => {
    const admin: UserDto = { id: 0, email: "admin", name: "admin", role: "admin" };
    const report = await getImpactReport(
      admin,
      studyId,
      impactQuerySchema.parse({ a: "nuggetizer", b: "nuggetizer-again" }),
    );
    expect(report.family).toBe("answers");
    const expected = records(fs.readFileSync(path.resolve("test/fixtures/nuggetizer/expected-by-run.jsonl"), "utf8"));
    expect(report.systems.map((s) => s.name)).toEqual(expected.map((e) => e.run_id));
    for (const e of expected)
      for (const m of report.metrics) {
        const scores = report.systems.find((s) => s.name === e.run_id)!.scores[m]!;
        expect([e.run_id, m, scores.a, scores.b]).toEqual([e.run_id, m, e[m], e[m]]);
      }
  });

  it("compares two judges' assignments on the Agreement page: three levels, grouped by question", async () => {
    const admin: UserDto = { id: 0, email: "admin", name: "admin", role: "admin" };
    const db = await getDb();
    // a second reading that calls every partial support full support
    await db.label.updateMany({
      where: { studyId, judge: { name: "nuggetizer-again" }, value: "partial_support" },
      data: { value: "support" },
    });
    const count = (value: string) => db.label.count({ where: { studyId, judge: { name: "nuggetizer" }, value } });
    const [not, partial, full] = [await count("not_support"), await count("partial_support"), await count("support")];
    const report = await getAgreementReport(
      admin,
      studyId,
      agreementQuerySchema.parse({ a: "nuggetizer", b: "nuggetizer-again", group: "query" }),
    );
    expect(report.items).toBe(not + partial + full);
    expect(report.categories).toEqual(["Not supported", "Partially supported", "Supported"]);
    expect(report.confusion).toEqual([
      [not, 0, 0],
      [0, 0, partial],
      [0, 0, full],
    ]);
    expect(report.groups!.map((g) => g.group)).toEqual(
      [...Array(15)].map((_, i) => `2024-${String(i + 1).padStart(3, "0")}`),
    );
    expect(report.statistics.find((s) => s.metric === "percent-agreement")!.value).toBe(
      (not + full) / (not + partial + full),
    );
  });

  it("travels in a study bundle: the assignments, the nuggets' importance and the answers", async () => {
    const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
    let bundle = "";
    for await (const text of lines) bundle += `${text}\n`;
    const other = await newStudy();
    await importIntoStudy(other, { format: "assay-bundle", files: [textInput("study.assay.jsonl", bundle)] });
    expect(await labelsOf(other, "nuggetizer")).toEqual(await labelsOf(studyId, "nuggetizer"));
    expect((await exported(other, "nuggetizer", "nuggetizer-assignments")).text).toBe(
      (await exported(studyId, "nuggetizer", "nuggetizer-assignments")).text,
    );
  });

  it("exports as CSV, one row per nugget of each answer", async () => {
    const { text, fileName } = await exported(studyId, "nuggetizer", "assignments-csv");
    expect(fileName).toMatch(/-labels\.assignments\.csv$/);
    const rows = text.trim().split("\n");
    expect(rows[0]).toBe("qid,run_id,nugget_id,nugget,importance,assignment");
    expect(rows).toHaveLength(
      1 + (await (await getDb()).label.count({ where: { studyId, judge: { name: "nuggetizer" } } })),
    );
    expect(rows[1]).toMatch(
      /^2024-\d{3},run-A,2024-\d{3}_1,Nugget 1 of topic \d+: fact \d+,(vital|okay),(support|partial_support|not_support)$/,
    );
  });
});

describe("nuggetizer assignments onto imported answers and nuggets", () => {
  let studyId: number;
  const assigned = (runId: string, qid: string, nuggets: [string, string, string][]) => ({
    qid,
    run_id: runId,
    nuggets: nuggets.map(([text, importance, assignment]) => ({ text, importance, assignment })),
  });
  beforeAll(async () => {
    studyId = await newStudy();
    await importIntoStudy(studyId, {
      format: "trec-rag-answers",
      createMissing: true,
      files: [
        textInput(
          "answers.jsonl",
          jsonl(
            ...["run-1", "run-2"].map((run_id) => ({
              run_id,
              topic_id: "t1",
              topic: "What are trams?",
              references: ["s1"],
              answer: [{ text: `Trams, says ${run_id}.`, citations: [0] }],
            })),
          ),
        ),
      ],
    });
    await importIntoStudy(studyId, {
      format: "nuggetizer-nuggets",
      files: [
        textInput(
          "nuggets.jsonl",
          jsonl({
            qid: "t1",
            nuggets: [
              { text: "Trams run on rails", importance: "vital" },
              { text: "Trams are electric", importance: "okay" },
            ],
          }),
        ),
      ],
    });
  });

  it("refuses an unknown nugget, a nugget left out, an answer the study lacks and a repeated line, and changes nothing", async () => {
    const errors = await refusal(
      importAssignments(
        studyId,
        "gpt-4o",
        jsonl(
          assigned("run-1", "t1", [
            ["Trams run on rails", "vital", "support"],
            ["Trams fly", "okay", "support"],
          ]),
          assigned("run-2", "t1", [["Trams run on rails", "vital", "support"]]),
          assigned("run-3", "t1", [
            ["Trams run on rails", "vital", "support"],
            ["Trams are electric", "okay", "not_support"],
          ]),
          assigned("run-2", "t1", [
            ["Trams run on rails", "vital", "support"],
            ["Trams are electric", "okay", "not_support"],
          ]),
        ),
      ),
    );
    expect(errors).toEqual([
      'assignments.jsonl line 4: duplicate assignments of run "run-2" for "t1": also at assignments.jsonl line 2',
      'assignments.jsonl line 3, field run_id: the study has no answer of run "run-3" to question "t1": import the TREC RAG answers first',
      'assignments.jsonl line 1, field nuggets[1].text: question "t1" has no nugget "Trams fly"',
      'assignments.jsonl line 1, field nuggets: assigns 1 of question "t1"\'s 2 nuggets: "Trams are electric" has no assignment',
      'assignments.jsonl line 2, field nuggets: assigns 1 of question "t1"\'s 2 nuggets: "Trams are electric" has no assignment',
    ]);
    expect(await (await getDb()).label.count({ where: { studyId } })).toBe(0);
  });

  it("labels each nugget of each answer, the answer's text exported without its citation markers", async () => {
    await importAssignments(
      studyId,
      "gpt-4o",
      jsonl(
        assigned("run-2", "t1", [
          ["Trams are electric", "okay", "partial_support"],
          [" Trams run on rails ", "vital", "support"],
        ]),
        assigned("run-1", "t1", [
          ["Trams run on rails", "vital", "not_support"],
          ["Trams are electric", "okay", "support"],
        ]),
      ),
    );
    const { text } = await exported(studyId, "gpt-4o", "nuggetizer-assignments");
    expect(records(text)).toEqual([
      {
        query: "What are trams?",
        qid: "t1",
        answer_text: "Trams, says run-1.",
        run_id: "run-1",
        nuggets: [
          { text: "Trams run on rails", importance: "vital", assignment: "not_support" },
          { text: "Trams are electric", importance: "okay", assignment: "support" },
        ],
      },
      {
        query: "What are trams?",
        qid: "t1",
        answer_text: "Trams, says run-2.",
        run_id: "run-2",
        nuggets: [
          { text: "Trams run on rails", importance: "vital", assignment: "support" },
          { text: "Trams are electric", importance: "okay", assignment: "partial_support" },
        ],
      },
    ]);
  });

  it("exports one judge's assignments only, and says when a judge has none", async () => {
    await expect(
      exportStudy(studyId, { what: "labels", format: "nuggetizer-assignments", judges: [].map(labelSet) }),
    ).rejects.toThrow("nuggetizer-assignments holds one judge's or label set's assignments: name one");
    await expect(
      exportStudy(studyId, {
        what: "labels",
        format: "assignments-csv",
        judges: ["gpt-4o"].map(labelSet),
        binarized: true,
      }),
    ).rejects.toThrow("assignments-csv keeps the three levels (nuggetizer's scores need them): it is not binarized");
    await importIntoStudy(studyId, {
      format: "trec-qrels",
      judge: "assessor",
      scale: "binary",
      files: [textInput("q.qrels", "t1 0 s1 1\n")],
    });
    await expect(
      exportStudy(studyId, { what: "labels", format: "nuggetizer-assignments", judges: ["assessor"].map(labelSet) }),
    ).rejects.toThrow("assessor has no nugget assignments to export as nuggetizer-assignments");
  });
});
