// An LLM judge of citation support against the local OpenAI-compatible test server: one call per
// answer sentence and passage it cites, its label on the "sc:" target with the answer's system,
// answered from the cache when run again, calibrated against a citation-support campaign's
// annotators, and carried by a study bundle. On the engine under test.
import { labelSet } from "@/test/label-set";
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as f from "@/prisma/factories";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { unique } from "@/test/db-tier";
import { startFakeChatServer, type FakeChatServer } from "@/test/fake-chat-server";
import { fakeEndpoint, runToEnd } from "@/test/judge-runs";
import { textInput } from "@/test/import-inputs";
import { createJudgeRun } from "./create-judge-run";
import { getCalibration } from "./get-calibration";
import { getJudgeRun } from "./judge-runs";

const ANSWERS = fs.readFileSync(path.resolve("test/fixtures/trec-rag/answers.jsonl"), "utf8");
/** A judge that finds a sentence fully supported when it starts "Some say", else not at all. */
const verdict = (sentence: string) => (sentence.startsWith("Some say") ? "full" : "none");
let server: FakeChatServer;
let researcher: UserDto;
let annotator: UserDto;
let studyId: number;

beforeAll(async () => {
  server = await startFakeChatServer({
    answer: (prompt) => `Compared.\n{"support": "${verdict(/Sentence:\n([^\n]*)/.exec(prompt)?.[1] ?? "")}"}`,
  });
  const db = await getDb();
  const id = unique();
  studyId = (await f.upsertStudy(db, { slug: `cite-judge-${id}`, name: `Cite judge ${id}` })).id;
  const users = [];
  for (const [i, role] of (["researcher", "annotator"] as const).entries()) {
    const user = await f.upsertUser(db, { email: `cj${i}-${id}@test.local`, role, password: "x" });
    await f.upsertMember(db, studyId, user.id, role);
    users.push(toUserDto(user));
  }
  [researcher, annotator] = users as [UserDto, UserDto];
  await importIntoStudy(studyId, {
    format: "trec-rag-answers",
    createMissing: true,
    files: [textInput("answers.jsonl", ANSWERS)],
  });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const endpoint = () => fakeEndpoint(server.url, "fake-support");

describe("citation-support judge runs", () => {
  it("judge each cited sentence with the passage it cites first, as labels on sc: targets; again from the cache", async () => {
    const db = await getDb();
    const answers = ANSWERS.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { answer: { text: string; citations: number[] }[] });
    const cited = answers.flatMap((a) => a.answer.filter((s) => s.citations.length > 0));
    const name = await endpoint();
    const before = server.calls.length;
    const run = await createJudgeRun(researcher, studyId, {
      template: "trec-rag-support",
      endpoint: name,
      sample: { kind: "all_pairs" },
    });
    expect(run.calls).toBe(cited.length);
    await runToEnd(run.id);
    expect(server.calls.length - before).toBe(cited.length);
    const labels = await db.label.findMany({
      where: { studyId, judge: { name: run.judge } },
      include: { systemA: true },
    });
    expect(labels).toHaveLength(cited.length);
    expect(labels.every((l) => l.targetType === "sentence_citation" && l.systemA !== null)).toBe(true);
    const full = cited.filter((s) => verdict(s.text) === "full").length;
    expect(labels.filter((l) => l.value === "full_support")).toHaveLength(full);
    expect(labels.filter((l) => l.value === "no_support")).toHaveLength(cited.length - full);
    // no system is named in a prompt
    for (const call of server.calls.slice(before))
      for (const system of ["bm25-gpt4o", "dense-llama", "hybrid-qwen"])
        expect(JSON.stringify(call.body)).not.toContain(system);

    const again = await createJudgeRun(researcher, studyId, {
      template: "trec-rag-support",
      endpoint: name,
      sample: { kind: "random_pairs", pairs: 2 },
    });
    await runToEnd(again.id);
    expect(server.calls.length - before).toBe(cited.length);
    expect((await getJudgeRun(researcher, studyId, again.id)).run.cachedCalls).toBe(again.calls);
  });

  it("calibrate against a citation-support campaign's annotator on its pairs", async () => {
    const { id } = await createCampaign(researcher, studyId, {
      name: `Cite ${unique()}`,
      taskType: "citation_support",
      scale: { kind: "builtin", id: "citation-support" },
      guidelines: "",
      protocol: "blind",
      llmJudge: null,
      overlap: 1,
      annotatorIds: [annotator.id],
      sample: { kind: "random_pairs", pairs: 2 },
      seed: 2,
    });
    // the annotator finds every pair partly supported: the judge never says partial
    let items = 0;
    for (;;) {
      const { itemId } = await claimNextItem(annotator, id);
      if (itemId === null) break;
      items++;
      await saveAnnotation(annotator, id, itemId, {
        clientId: randomUUID(),
        phase: "blind",
        version: 1,
        payload: { taskType: "citation_support", level: "partial_support" },
        comment: null,
        startedAt: new Date().toISOString(),
        durationMs: 500,
      });
    }
    const run = await createJudgeRun(researcher, studyId, {
      template: "trec-rag-support",
      endpoint: await endpoint(),
      sample: {
        kind: "campaign",
        campaign: (await (await getDb()).campaign.findUniqueOrThrow({ where: { id } })).name,
      },
    });
    expect(run.calls).toBe(items);
    await runToEnd(run.id);
    const calibration = await getCalibration(researcher, studyId, labelSet(annotator.email));
    const row = calibration.judges.find((j) => j.judge === run.judge)!;
    expect(row).toMatchObject({ task: "citation_support", items });
    expect(row.disagreements).toHaveLength(items);
    expect(row.disagreements[0]!.reply).toContain('"support"');
    // a campaign of another task than the template's is refused, naming both
    const campaignName = (await (await getDb()).campaign.findUniqueOrThrow({ where: { id } })).name;
    await expect(
      createJudgeRun(researcher, studyId, {
        template: "trec-rag-assignment",
        endpoint: await endpoint(),
        sample: { kind: "campaign", campaign: campaignName },
      }),
    ).rejects.toThrow(
      `sample.campaign: "${campaignName}" is a citation_support campaign; a nugget_assignment run takes the items of a nugget_assignment campaign`,
    );
  });

  it("travel in a study bundle: each call on its sentence, its level checked against its reply", async () => {
    const db = await getDb();
    const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
    let bundle = "";
    for await (const text of lines) bundle += `${text}\n`;
    const calls = bundle
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; sentence?: number; systems?: string[] })
      .filter((r) => r.type === "judge_call");
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((c) => typeof c.sentence === "number" && c.systems?.length === 1)).toBe(true);
    const other = (await f.upsertStudy(db, { slug: `cite-judge-copy-${unique()}`, name: "Copy" })).id;
    await importIntoStudy(other, { format: "assay-bundle", files: [textInput("s.jsonl", bundle)] });
    const keys = async (id: number) =>
      (await db.judgeCall.findMany({ where: { run: { studyId: id } }, select: { targetKey: true } })).length;
    expect(await keys(other)).toBe(await keys(studyId));
  });
});
