// An LLM judge of nugget assignment against the local OpenAI-compatible test server: one call per
// answer, one label per nugget ("na:<nugget>:<system>") in the prompt's order, the cache keyed by
// the answer and its question's nuggets as they are, a reply with too few levels listed and not
// stored, and the calibration against a person's assignments. On the engine under test.
import { fewShotRequestSchema } from "@/lib/schemas/judging";
import { labelSet } from "@/test/label-set";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as f from "@/prisma/factories";
import { getDb } from "@/lib/server/db/client";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { fakeEndpoint, runToEnd } from "@/test/judge-runs";
import { createJudgeRun } from "./create-judge-run";
import { getCalibration } from "./get-calibration";
import { fewShotVersion } from "./few-shot-version";
import { getJudgeRun } from "./judge-runs";
import { exportStudy } from "@/lib/server/exports/export-study";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { textInput } from "@/test/import-inputs";

/**
 * A judge that reads each numbered nugget "N. fact fK ..." and looks for "fK!" (support) or "fK~"
 * (partial) in the answer; a nugget text with "[[short]]" makes it leave the last label out.
 */
function assigner(prompt: string): string {
  const answer = /Answer:\n([\s\S]*?)\n\nNuggets:/.exec(prompt)?.[1] ?? "";
  const nuggets = [...(/Nuggets:\n([\s\S]*?)\n\n/.exec(prompt)?.[1] ?? "").matchAll(/^\d+\. .*?(f\d+)/gm)].map(
    (m) => m[1]!,
  );
  const levels = nuggets.map((k) =>
    answer.includes(`${k}!`) ? "support" : answer.includes(`${k}~`) ? "partial_support" : "not_support",
  );
  if (prompt.includes("[[short]]")) levels.pop();
  return `I compared each nugget with the answer.\n{"assignments": ${JSON.stringify(levels)}}`;
}

let server: FakeChatServer;
let admin: UserDto;

beforeAll(async () => {
  server = await startFakeChatServer({ answer: assigner });
  const db = await getDb();
  admin = toUserDto(await f.upsertUser(db, { email: `na-admin-${unique()}@test.local`, role: "admin", password: "x" }));
});
afterAll(async () => {
  await server.close();
});

const endpoint = () => fakeEndpoint(server.url, "fake-assigner");

/**
 * Two systems answering three questions: q1 with three nuggets, q2 with two, q3 with none (its
 * answers are not judged). The expected label of each nugget in each answer, by "na:" key.
 */
async function world() {
  const db = await getDb();
  const id = unique();
  const study = await f.upsertStudy(db, { slug: `na-judge-${id}`, name: `NA judge ${id}` });
  const [alpha, beta] = [await f.upsertSystem(db, study.id, "alpha"), await f.upsertSystem(db, study.id, "beta")];
  const q = [];
  for (let i = 1; i <= 3; i++)
    q.push(await f.upsertQuery(db, study.id, { externalId: `q${i}`, title: `Q${i}`, body: `Question ${i}?` }));
  const nuggets = {
    q1: [
      await f.upsertNugget(db, study.id, q[0]!.id, { externalId: `n1-${id}`, position: 1, text: "fact f1 holds" }),
      await f.upsertNugget(db, study.id, q[0]!.id, { externalId: `n2-${id}`, position: 2, text: "fact f2 holds" }),
      await f.upsertNugget(db, study.id, q[0]!.id, { externalId: `n3-${id}`, position: 3, text: "fact f3 holds" }),
    ],
    q2: [
      await f.upsertNugget(db, study.id, q[1]!.id, { externalId: `n4-${id}`, position: 1, text: "fact f4 holds" }),
      await f.upsertNugget(db, study.id, q[1]!.id, { externalId: `n5-${id}`, position: 2, text: "fact f5 holds" }),
    ],
  };
  const texts = {
    alpha: ["It says f1! and f3~.", "It says f4! f5!."],
    beta: ["It says f2~ only.", "Nothing relevant."],
  };
  for (const [system, answers] of [
    [alpha, texts.alpha],
    [beta, texts.beta],
  ] as const)
    for (const [i, query] of q.entries())
      await f.upsertResponse(db, {
        studyId: study.id,
        systemId: system.id,
        queryId: query.id,
        text: answers[i] ?? "An answer to a question without nuggets.",
        citations: [],
      });
  const expected = new Map<string, string>([
    [`na:${nuggets.q1[0]!.id}:${alpha.id}`, "support"],
    [`na:${nuggets.q1[1]!.id}:${alpha.id}`, "not_support"],
    [`na:${nuggets.q1[2]!.id}:${alpha.id}`, "partial_support"],
    [`na:${nuggets.q2[0]!.id}:${alpha.id}`, "support"],
    [`na:${nuggets.q2[1]!.id}:${alpha.id}`, "support"],
    [`na:${nuggets.q1[0]!.id}:${beta.id}`, "not_support"],
    [`na:${nuggets.q1[1]!.id}:${beta.id}`, "partial_support"],
    [`na:${nuggets.q1[2]!.id}:${beta.id}`, "not_support"],
    [`na:${nuggets.q2[0]!.id}:${beta.id}`, "not_support"],
    [`na:${nuggets.q2[1]!.id}:${beta.id}`, "not_support"],
  ]);
  return { study, alpha, beta, q, nuggets, expected };
}

async function labelsOf(studyId: number, judge: string) {
  const db = await getDb();
  const rows = await db.label.findMany({ where: { studyId, judge: { name: judge } } });
  return new Map(rows.map((l) => [l.targetKey, l.value]));
}

describe("nugget-assignment judge runs", () => {
  it("make one call per answer and store one label per nugget; run again they cost nothing, until the nuggets change", async () => {
    const w = await world();
    const db = await getDb();
    const name = await endpoint();
    const before = server.calls.length;
    const run = await createJudgeRun(admin, w.study.id, {
      template: "trec-rag-assignment",
      endpoint: name,
      sample: { kind: "all_pairs" },
    });
    expect(run.calls).toBe(4); // q3 has no nuggets: its two answers are not judged
    await runToEnd(run.id);
    expect(server.calls.length - before).toBe(4);
    // the nuggets numbered in their order, the answer as the system wrote it, no system named
    const prompts = server.calls.slice(before).map((c) => c.body.messages.at(-1)!.content);
    const q1Alpha = prompts.find((p) => p.includes("It says f1! and f3~."))!;
    expect(q1Alpha).toContain("Nuggets:\n1. fact f1 holds\n2. fact f2 holds\n3. fact f3 holds\n\n");
    expect(prompts.some((p) => p.includes("alpha") || p.includes("beta"))).toBe(false);
    expect(await labelsOf(w.study.id, run.judge)).toEqual(w.expected);
    const labels = await db.label.findMany({ where: { studyId: w.study.id, judge: { name: run.judge } } });
    expect(labels.every((l) => l.targetType === "nugget_answer" && l.scale === "nugget-assignment")).toBe(true);
    const calls = await db.judgeCall.findMany({ where: { runId: run.id }, orderBy: { position: "asc" } });
    const q1AlphaCall = calls.find((c) => c.targetKey === `a:${w.q[0]!.id}:${w.alpha.id}`)!;
    expect(q1AlphaCall.level).toBe('["support","not_support","partial_support"]');
    expect((await getJudgeRun(admin, w.study.id, run.id)).run).toMatchObject({ status: "done", calls: { done: 4 } });

    // again: every reply from the cache
    const again = await createJudgeRun(admin, w.study.id, {
      template: "trec-rag-assignment",
      endpoint: name,
      sample: { kind: "random_pairs", pairs: 4 },
      seed: null,
    });
    await runToEnd(again.id);
    expect(server.calls.length - before).toBe(4);
    expect((await getJudgeRun(admin, w.study.id, again.id)).run).toMatchObject({ cachedCalls: 4 });

    // a nugget added to q1 changes what q1's answers are asked: their two calls are made again
    const added = await f.upsertNugget(db, w.study.id, w.q[0]!.id, {
      externalId: `n6-${unique()}`,
      position: 4,
      text: "fact f6 holds",
    });
    const third = await createJudgeRun(admin, w.study.id, {
      template: "trec-rag-assignment",
      endpoint: name,
      sample: { kind: "random_questions", questions: 2 },
    });
    await runToEnd(third.id);
    expect(server.calls.length - before).toBe(6);
    expect((await labelsOf(w.study.id, run.judge)).get(`na:${added.id}:${w.alpha.id}`)).toBe("not_support");

    await expect(
      createJudgeRun(admin, w.study.id, {
        template: "trec-rag-assignment",
        endpoint: name,
        sample: { kind: "random_pairs", pairs: 5 },
      }),
    ).rejects.toThrow("sample.pairs: 5 is more than the study's 4 answers to questions with nuggets");
  });

  it("list a reply with a level missing as unparsed, with no label for any of its nuggets", async () => {
    const w = await world();
    const db = await getDb();
    await db.nugget.update({ where: { id: w.nuggets.q2[1]!.id }, data: { text: "fact f5 holds [[short]]" } });
    const run = await createJudgeRun(admin, w.study.id, {
      template: "trec-rag-assignment",
      endpoint: await endpoint(),
      sample: { kind: "random_questions", questions: 2 },
    });
    await runToEnd(run.id);
    const { run: done, problems } = await getJudgeRun(admin, w.study.id, run.id);
    expect(done.calls).toMatchObject({ done: 2, unparsed: 2 });
    expect(problems.map((p) => p.error)).toEqual([
      "the reply gives 1 level for 2 parts",
      "the reply gives 1 level for 2 parts",
    ]);
    const labels = await labelsOf(w.study.id, run.judge);
    expect(labels.size).toBe(6); // q1's three nuggets in both answers; none of q2's
    expect([...labels.keys()].some((k) => k.startsWith(`na:${w.nuggets.q2[0]!.id}:`))).toBe(false);
  });

  it("calibrate against a person's assignments, each disagreement with the reply of its answer's call; few-shot shows whole answers", async () => {
    const w = await world();
    const db = await getDb();
    const run = await createJudgeRun(admin, w.study.id, {
      template: "trec-rag-assignment",
      endpoint: await endpoint(),
      sample: { kind: "all_pairs" },
    });
    await runToEnd(run.id);
    const person = await f.upsertJudge(db, w.study.id, { name: `assessor-${unique()}`, kind: "human" });
    // the person agrees on q1's answers but one nugget of alpha's: support where the LLM said not_support
    const disputed = `na:${w.nuggets.q1[1]!.id}:${w.alpha.id}`;
    for (const [key, value] of w.expected) {
      const [, nuggetId, systemId] = key.split(":").map(Number);
      const nugget = [...w.nuggets.q1, ...w.nuggets.q2].find((n) => n.id === nuggetId)!;
      if (nugget.queryId !== w.q[0]!.id) continue;
      await db.label.create({
        data: {
          studyId: w.study.id,
          judgeId: person.id,
          targetType: "nugget_answer",
          targetKey: key,
          queryId: nugget.queryId,
          nuggetId,
          systemAId: systemId,
          scale: "nugget-assignment",
          value: key === disputed ? "support" : value,
        },
      });
    }
    const calibration = await getCalibration(admin, w.study.id, labelSet(person.name));
    const row = calibration.judges.find((j) => j.judge === run.judge)!;
    expect(row).toMatchObject({ task: "nugget_assignment", runs: 1, items: 6 });
    expect(row.disagreements).toHaveLength(1);
    expect(row.disagreements[0]).toMatchObject({ targetKey: disputed, judge: "not_support", human: "support" });
    expect(row.disagreements[0]!.reply).toContain('"assignments": ["support","not_support","partial_support"]');

    // the disagreement as an example: alpha's whole answer to q1, with the person's level of each nugget
    const template = await fewShotVersion(
      admin,
      w.study.id,
      fewShotRequestSchema.parse({
        judge: run.judge,
        human: person.name,
        targetKeys: [disputed],
      }),
    );
    expect(template.prompt).toContain(
      'Example 1:\nQuestion:\nQuestion 1?\nAnswer:\nIt says f1! and f3~.\nNuggets:\n1. fact f1 holds\n2. fact f2 holds\n3. fact f3 holds\nExpert judgments, nugget by nugget: ["support","support","partial_support"]',
    );
  });

  it("travel in a study bundle: each call on its answer by its system, its levels checked against its reply", async () => {
    const w = await world();
    const db = await getDb();
    const run = await createJudgeRun(admin, w.study.id, {
      template: "trec-rag-assignment",
      endpoint: await endpoint(),
      sample: { kind: "all_pairs" },
    });
    await runToEnd(run.id);
    const { lines } = await exportStudy(w.study.id, { what: "study", format: "bundle" });
    const records: Record<string, unknown>[] = [];
    for await (const text of lines)
      records.push(...text.split("\n").map((l) => JSON.parse(l) as Record<string, unknown>));
    const calls = records.filter((r) => r.type === "judge_call");
    expect(calls).toHaveLength(4);
    expect(calls.map((c) => c.systems).sort()).toEqual([["alpha"], ["alpha"], ["beta"], ["beta"]]);
    const into = async (bundle: readonly object[]) => {
      const study = await f.upsertStudy(db, { slug: `na-copy-${unique()}`, name: "Copy" });
      const text = `${bundle.map((r) => JSON.stringify(r)).join("\n")}\n`;
      return {
        study,
        result: importIntoStudy(study.id, { format: "assay-bundle", files: [textInput("s.jsonl", text)] }),
      };
    };
    const copy = await into(records);
    expect((await copy.result).added).toMatchObject({ judgeRuns: 1, judgeCalls: 4 });
    const moved = await db.judgeRun.findFirstOrThrow({ where: { studyId: copy.study.id } });
    expect((await getJudgeRun(admin, copy.study.id, moved.id)).run).toMatchObject({
      status: "done",
      calls: { done: 4 },
    });
    // the same labels, by external ids
    const named = async (studyId: number) =>
      (
        await db.label.findMany({
          where: { studyId, judge: { name: run.judge } },
          include: { nugget: true, systemA: true },
        })
      )
        .map((l) => `${l.nugget!.externalId}|${l.systemA!.name}|${l.value}`)
        .sort();
    expect(await named(copy.study.id)).toEqual(await named(w.study.id));

    // a level the reply does not give is refused with its line, and nothing is added
    const line = records.findIndex((r) => r.type === "judge_call") + 1;
    const forged = records.map((r, i) =>
      i === line - 1 ? { ...r, level: JSON.stringify(JSON.parse(String(r.level)).map(() => "partial_support")) } : r,
    );
    const bad = await into(forged);
    await expect(bad.result).rejects.toThrow(`line ${line}, field level`);
    expect(await db.judgeCall.count({ where: { run: { studyId: bad.study.id } } })).toBe(0);
  });
});
