// nuggetizer's nugget creation and importance as LLM judge runs (docs/LLM-JUDGES.md, "Nuggets from
// an LLM"), against the local OpenAI-compatible test server playing nuggetizer's model: one call per
// question, one request a window and try, the nuggets written as a new set named after the run, the
// importance written into it, the cache, and what is refused. On the engine under test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinTemplate } from "@/lib/domain/judging/builtin-templates";
import { readPythonStringList } from "@/lib/domain/judging/python-literals";
import { renderPrompt } from "@/lib/domain/judging/render-prompt";
import { nuggetCreation } from "@/lib/domain/judging/judge-tasks/nugget-creation";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { textInput } from "@/test/import-inputs";
import { fakeEndpoint, runToEnd } from "@/test/judge-runs";
import { runCliInProcess } from "@/test/run-cli";
import { nuggetVersionOf } from "@/test/nugget-versions";
import { createJudgeRun } from "./create-judge-run";
import { getJudgeRun } from "./judge-runs";

/**
 * nuggetizer's model, played: the creator adds each passage's "fact: ..." to the nuggets so far
 * (in a ```python fence), the scorer calls a nugget vital when it says "key".
 */
function nuggetizerModel(prompt: string): string {
  if (prompt.includes("NuggetizeScoreLLM")) {
    const nuggets = readPythonStringList(/Nugget List: (.*)\n/.exec(prompt)![1]!)!;
    return JSON.stringify(nuggets.map((n) => (n.includes("key") ? "vital" : "okay")));
  }
  const before = readPythonStringList(/Initial Nugget List: (.*)\n/.exec(prompt)![1]!)!;
  const context = /Context:\n([\s\S]*?)\nSearch Query:/.exec(prompt)![1]!;
  const facts = [...context.matchAll(/fact: ([^.]+)\./g)].map((m) => m[1]!);
  return "```python\n" + JSON.stringify([...before, ...facts]) + "\n```";
}

let server: FakeChatServer;
let researcher: UserDto;

beforeAll(async () => {
  server = await startFakeChatServer({ answer: nuggetizerModel });
  const db = await getDb();
  const user = await f.upsertUser(db, { email: `ngz-${unique()}@test.local`, role: "admin", password: "x" });
  researcher = toUserDto(user);
});
afterAll(async () => {
  await server.close();
});

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

/** Three questions, seven passages, a qrels file: q1 has three passages at 2 or above (one at 1), q2 one, q3 none. */
async function world() {
  const db = await getDb();
  const id = unique();
  const studyId = (await f.upsertStudy(db, { slug: `ngz-${id}`, name: `Nuggetizer ${id}` })).id;
  const file = (name: string, text: string) => [textInput(name, text)];
  await importIntoStudy(studyId, {
    format: "beir-queries",
    files: file(
      "queries.jsonl",
      jsonl([
        { _id: "q1", text: "Why did cities remove trams?" },
        { _id: "q2", text: "What is a 'nugget'?" },
        { _id: "q3", text: "Unjudged?" },
      ]),
    ),
  });
  await importIntoStudy(studyId, {
    format: "beir-corpus",
    files: file(
      "corpus.jsonl",
      jsonl([
        { _id: "d1", title: "T1", text: "Buses: fact: buses were key and cheaper." },
        { _id: "d2", title: "T2", text: "Cars: fact: cars crowded the streets." },
        { _id: "d3", title: "T3", text: "Aside: fact: never shown." },
        { _id: "d4", title: "T4", text: 'Lobby: fact: it\'s lobbying "modern" buses.' },
        { _id: "d5", title: "T5", text: "Nuggets: fact: a key atomic fact." },
        { _id: "d6", title: "T6", text: "Nothing: fact: off topic." },
      ]),
    ),
  });
  await importIntoStudy(studyId, {
    format: "trec-qrels",
    judge: "nist",
    judgeKind: "human",
    scale: "trec-dl-0-3",
    files: file("qrels.txt", "q1 0 d4 2\nq1 0 d1 3\nq1 0 d3 1\nq1 0 d2 2\nq2 0 d5 2\nq3 0 d6 0\n"),
  });
  // one call at a time, in the run's order: the scripted faults reach the question they are meant for
  return { studyId, endpoint: await fakeEndpoint(server.url, `fake-nuggetizer-${id}`, 1) };
}

const nuggetsOf = async (setId: number) =>
  (
    await (
      await getDb()
    ).nugget.findMany({
      where: { setId },
      orderBy: [{ queryId: "asc" }, { position: "asc" }],
      select: { externalId: true, text: true, importance: true },
    })
  ).map((n) => `${n.externalId} ${n.text} ${n.importance ?? "-"}`);

describe("nuggetizer's creation and importance as judge runs", () => {
  it("creates each question's nuggets window by window into a set named after the run, then grades them", async () => {
    const { studyId, endpoint } = await world();
    const db = await getDb();
    const before = server.calls.length;
    server.failNext(1, { kind: "garble" }); // q1's first window: a reply that is no list, tried again at 0.2
    const created = await createJudgeRun(researcher, studyId, {
      template: "nuggetizer-create",
      endpoint,
      sample: { kind: "all_pairs" },
      nuggetizer: { labelSet: "nist", level: 2, windowSize: 2 },
    });
    expect(created.calls).toBe(2); // q3 has no passage at 2 or above
    await runToEnd(created.id);
    const run = await db.judgeRun.findUniqueOrThrow({ where: { id: created.id }, include: { nuggetSet: true } });
    expect(run.nuggetSet).toMatchObject({ source: "llm", name: `${created.judge} · nist ≥ 2` });
    expect(created.judge).toMatch(/^nuggetizer-create@[0-9a-f]{8} · fake-nuggetizer-/);
    // the passages at 2 or above in the qrels file's order (d4, d1, d2), two a window; the fenced list read
    expect(await nuggetsOf(run.nuggetSetId!)).toEqual([
      'q1_1 it\'s lobbying "modern" buses -',
      "q1_2 buses were key and cheaper -",
      "q1_3 cars crowded the streets -",
      "q2_1 a key atomic fact -",
    ]);
    const asked = server.calls.slice(before).map((c) => c.body);
    expect(asked).toHaveLength(4); // q1: a garbled reply and its retry, then its second window; q2: one window
    const q1 = asked.filter((b) => b.messages[1]!.content.includes("trams"));
    expect(q1.map((b) => b.temperature)).toEqual([0, 0.2, 0]);
    // the messages are the built-in template's, filled as nuggetizer fills them (checked against its own rendering in the unit tier)
    const template = builtinTemplate("nuggetizer-create")!;
    const texts = (passages: string[], nuggets: string[]) => ({
      question: "Why did cities remove trams?",
      answer: null,
      nugget: null,
      title: null,
      chunk: null,
      answerA: null,
      answerB: null,
      sentence: null,
      nuggets: nuggets.map((text, i) => ({ id: i, text })),
      passages,
    });
    expect({ messages: q1[0]!.messages }).toEqual(
      renderPrompt(
        template,
        nuggetCreation.promptInputs(
          texts(['Lobby: fact: it\'s lobbying "modern" buses.', "Buses: fact: buses were key and cheaper."], []),
          false,
        ),
      ),
    );
    expect(q1[2]!.messages[1]!.content).toContain(
      "[1] Cars: fact: cars crowded the streets.\nSearch Query: Why did cities remove trams?\n" +
        `Initial Nugget List: ['it\\'s lobbying "modern" buses', 'buses were key and cheaper']\nInitial Nugget List Length: 2\n`,
    );
    const status = await getJudgeRun(researcher, studyId, created.id);
    expect(status).toMatchObject({ run: { status: "done", calls: { done: 2 }, reviews: [] } });
    // its calibration: the nugget quality campaigns on the set it wrote (not one on another set, or of another task)
    const review = await f.upsertCampaign(db, studyId, {
      name: "Review it",
      taskType: "nugget_quality",
      protocol: "blind",
    });
    await db.campaign.update({ where: { id: review.id }, data: { nuggetSetId: run.nuggetSetId } });
    const other = await f.upsertCampaign(db, studyId, {
      name: "Assign it",
      taskType: "nugget_assignment",
      protocol: "blind",
    });
    await db.campaign.update({ where: { id: other.id }, data: { nuggetSetId: run.nuggetSetId } });
    expect((await getJudgeRun(researcher, studyId, created.id)).run.reviews).toEqual([
      { campaignId: review.id, name: "Review it" },
    ]);

    // importance: the set's nuggets, a window of 2 at a time
    const graded = await createJudgeRun(researcher, studyId, {
      template: "nuggetizer-score",
      endpoint,
      sample: { kind: "all_pairs" },
      nuggetSet: run.nuggetSet!.name,
      nuggetizer: { windowSize: 2 },
    });
    expect(graded.calls).toBe(2);
    await runToEnd(graded.id);
    expect(await nuggetsOf(run.nuggetSetId!)).toEqual([
      'q1_1 it\'s lobbying "modern" buses okay',
      "q1_2 buses were key and cheaper vital",
      "q1_3 cars crowded the streets okay",
      "q2_1 a key atomic fact vital",
    ]);
    // a list whose importance changed has a new version (a review started before it covers the old one)
    const first = await db.query.findFirstOrThrow({ where: { studyId, externalId: "q1" } });
    expect(await nuggetVersionOf(db, first.id, run.nuggetSetId!)).toBe(2);
    const scored = server.calls.slice(before + 4).map((c) => c.body.messages[1]!.content);
    expect(scored).toHaveLength(3);
    // q1's three nuggets in two windows, q2's one (the two questions' calls run side by side)
    expect(
      scored.map((u) => /label each of the (\d) nuggets[\s\S]*Nugget List: (.*)\n/.exec(u)!.slice(1).join(" ")).sort(),
    ).toEqual([
      "1 ['a key atomic fact']",
      "1 ['cars crowded the streets']",
      `2 ['it\\'s lobbying "modern" buses', 'buses were key and cheaper']`,
    ]);

    // the same run again: every call answered from the cache, into a second set
    const again = await createJudgeRun(researcher, studyId, {
      template: "nuggetizer-create",
      endpoint,
      sample: { kind: "all_pairs" },
      nuggetizer: { labelSet: "nist", windowSize: 2 },
    });
    const calls = server.calls.length;
    await runToEnd(again.id);
    expect(server.calls.length).toBe(calls);
    expect(await getJudgeRun(researcher, studyId, again.id)).toMatchObject({ run: { cachedCalls: 2 } });
    const second = await db.judgeRun.findUniqueOrThrow({ where: { id: again.id }, include: { nuggetSet: true } });
    expect(second.nuggetSet!.name).toBe(`${created.judge} · nist ≥ 2 (2)`);
    expect((await nuggetsOf(second.nuggetSetId!)).map((n) => n.replace(/^q(\d)_(\d)_2/, "q$1_$2"))).toEqual(
      (await nuggetsOf(run.nuggetSetId!)).map((n) => n.replace(/ (vital|okay)$/, " -")),
    );
  });

  it("keeps the list when a window gets no reply, and says so on the call", async () => {
    const { studyId, endpoint } = await world();
    server.failNext(1, { kind: "status", status: 400 });
    const created = await createJudgeRun(researcher, studyId, {
      template: "nuggetizer-create",
      endpoint,
      sample: { kind: "random_questions", questions: 1 },
      seed: 3,
      nuggetizer: { labelSet: "nist", windowSize: 2 },
    });
    expect(created.calls).toBe(1);
    await runToEnd(created.id);
    const db = await getDb();
    const [call] = await db.judgeCall.findMany({ where: { runId: created.id } });
    expect(call).toMatchObject({ status: "done", cacheKey: null });
    expect(call!.error).toMatch(/^1 of \d windows got no reply \(the last: .*400.*\); the list stayed as it was$/);
    // the run shows it among its problems; the same run again asks that question again (it is no cache entry), into a new set
    const shown = await getJudgeRun(researcher, studyId, created.id);
    expect(shown.run).toMatchObject({ status: "done", incompleteCalls: 1 });
    expect(shown.problems).toEqual([expect.objectContaining({ id: call!.id, status: "done", error: call!.error })]);
    const first = (await db.judgeRun.findUniqueOrThrow({ where: { id: created.id } })).nuggetSetId!;
    const partial = await db.nugget.count({ where: { setId: first } });
    const again = await createJudgeRun(researcher, studyId, {
      template: "nuggetizer-create",
      endpoint,
      sample: { kind: "random_questions", questions: 1 },
      seed: 3,
      nuggetizer: { labelSet: "nist", windowSize: 2 },
    });
    await runToEnd(again.id);
    expect((await getJudgeRun(researcher, studyId, again.id)).run).toMatchObject({
      incompleteCalls: 0,
      cachedCalls: 0,
      calls: { done: 1 },
    });
    const second = (await db.judgeRun.findUniqueOrThrow({ where: { id: again.id } })).nuggetSetId!;
    expect(await db.nugget.count({ where: { setId: second } })).toBeGreaterThan(partial);
    expect(await db.nugget.count({ where: { setId: first } })).toBe(partial);
  });

  it("travels in a study bundle: the run's settings and passages by name, its set and its calls", async () => {
    const { studyId, endpoint } = await world();
    const created = await createJudgeRun(researcher, studyId, {
      template: "nuggetizer-create",
      endpoint,
      sample: { kind: "all_pairs" },
      nuggetizer: { labelSet: "nist", windowSize: 2, maxTries: 3 },
    });
    await runToEnd(created.id);
    const bundle = async (id: number) => {
      const { lines } = await exportStudy(id, { what: "study", format: "bundle" });
      const out: Record<string, unknown>[] = [];
      for await (const text of lines)
        out.push(...text.split("\n").map((l) => JSON.parse(l) as Record<string, unknown>));
      return out;
    };
    const records = await bundle(studyId);
    const run = records.find((r) => r.type === "judge_run")!;
    expect(run.nuggetizer).toEqual({
      label_set: "nist",
      level: 2,
      window_size: 2,
      max_nuggets: 30,
      max_tries: 3,
      passages: [
        ["q1", ["d4", "d1", "d2"]],
        ["q2", ["d5"]],
      ],
    });
    expect(records.filter((r) => r.type === "judge_call").map((c) => c.query)).toEqual(["q1", "q2"]);
    const db = await getDb();
    const copy = (await f.upsertStudy(db, { slug: `ngz-copy-${unique()}`, name: "Copy" })).id;
    const text = records.map((r) => JSON.stringify(r)).join("\n") + "\n";
    await importIntoStudy(copy, { format: "assay-bundle", files: [textInput("s.jsonl", text)] });
    const moved = await db.judgeRun.findFirstOrThrow({ where: { studyId: copy }, include: { nuggetSet: true } });
    expect(moved.nuggetSet).toMatchObject({ name: `${created.judge} · nist ≥ 2`, source: "llm" });
    expect(await nuggetsOf(moved.nuggetSetId!)).toHaveLength(4);
    const copied = await bundle(copy);
    expect(copied.find((r) => r.type === "judge_run")!.nuggetizer).toEqual(run.nuggetizer);
    // a nuggetizer run without its settings, or naming a passage the study lacks, is refused by line and field
    const broken = (nuggetizer: unknown) =>
      records.map((r) => JSON.stringify(r.type === "judge_run" ? { ...r, nuggetizer } : r)).join("\n") + "\n";
    const other = (await f.upsertStudy(db, { slug: `ngz-bad-${unique()}`, name: "Bad" })).id;
    await expect(
      importIntoStudy(other, { format: "assay-bundle", files: [textInput("s.jsonl", broken(null))] }),
    ).rejects.toThrow(/field nuggetizer: a nugget_creation run names its nuggetizer settings/);
    await expect(
      importIntoStudy(other, {
        format: "assay-bundle",
        files: [textInput("s.jsonl", broken({ ...(run.nuggetizer as object), passages: [["q1", ["d9"]]] }))],
      }),
    ).rejects.toThrow(/field nuggetizer.passages: unknown document "d9"/);
  });

  it("runs from the command line: assay judge run with the label set, the level and the set to grade", async () => {
    const { studyId, endpoint } = await world();
    const db = await getDb();
    const study = String(studyId);
    const create = await runCliInProcess([
      "judge",
      "run",
      "--study",
      study,
      "--template",
      "nuggetizer-create",
      "--endpoint",
      endpoint,
      "--label-set",
      "nist",
      "--level",
      "3",
      "--window-size",
      "4",
      "--max-tries",
      "2",
    ]);
    expect(create.stderr).toBe("");
    expect(create.status).toBe(0);
    const last = JSON.parse(create.stdout.trim().split("\n").at(-1)!) as { run: number; total: number; final: boolean };
    expect(last).toMatchObject({ total: 1, final: true }); // only q1's d1 is at 3
    const run = await db.judgeRun.findUniqueOrThrow({ where: { id: last.run }, include: { nuggetSet: true } });
    expect(run.nuggetSet!.name).toMatch(/ · nist ≥ 3$/);
    expect(JSON.parse(run.options!)).toMatchObject({ labelSet: "nist", level: 3, windowSize: 4, maxTries: 2 });
    const score = await runCliInProcess([
      "judge",
      "run",
      "--study",
      study,
      "--template",
      "nuggetizer-score",
      "--endpoint",
      endpoint,
      "--nugget-set",
      run.nuggetSet!.name,
    ]);
    expect(score.status).toBe(0);
    expect(await nuggetsOf(run.nuggetSetId!)).toEqual(["q1_1 buses were key and cheaper vital"]);
    const refused = await runCliInProcess([
      "judge",
      "run",
      "--study",
      study,
      "--template",
      "nuggetizer-create",
      "--endpoint",
      endpoint,
      "--level",
      "x",
    ]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("--level");
  });

  it("refuses what it cannot run, naming the field", async () => {
    const { studyId, endpoint } = await world();
    const start = (o: object) =>
      createJudgeRun(researcher, studyId, { endpoint, sample: { kind: "all_pairs" }, ...o } as never);
    await expect(start({ template: "nuggetizer-create" })).rejects.toThrow(/nuggetizer.labelSet: choose the label set/);
    await expect(
      start({ template: "nuggetizer-create", nuggetizer: { labelSet: "nist", level: 3 }, nuggetSet: "x" }),
    ).rejects.toThrow(/nuggetSet: a nugget creation run writes a new set/);
    await expect(start({ template: "nuggetizer-create", nuggetizer: { labelSet: "nobody" } })).rejects.toThrow(
      /no judge named "nobody"/,
    );
    await expect(
      start({
        template: "nuggetizer-create",
        nuggetizer: { labelSet: "nist" },
        sample: { kind: "random_questions", questions: 3 },
      }),
    ).rejects.toThrow(/sample.questions: 3 is more than the 2 questions with passages the label set marks relevant/);
    // a set people graded is not overwritten
    await importIntoStudy(studyId, {
      format: "nuggetizer-nuggets",
      nuggetSet: "assessors",
      files: [
        textInput("n.jsonl", jsonl([{ qid: "q1", query: "Why?", nuggets: [{ text: "a", importance: "vital" }] }])),
      ],
    });
    await expect(start({ template: "nuggetizer-score", nuggetSet: "assessors" })).rejects.toThrow(
      /nuggetSet: "assessors" came from a file and 1 of its nuggets have an importance/,
    );
  });
});
