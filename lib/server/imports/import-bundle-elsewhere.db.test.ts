// A study moved to another server as a bundle: the demo study with all four kinds of campaign
// (support blind then reveal, with revisions, comments and a skip; a finished support check, a
// nugget review and an answer comparison) and two LLM judge runs (a saved relevance template, and
// a preference template run both ways), exported on the engine under test and imported through
// the command line into an empty database of the other engine. Every report comes back the same.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { skipItem } from "@/lib/server/campaigns/skip-item";
import { getDb } from "@/lib/server/db/client";
import { exportStudy } from "@/lib/server/exports/export-study";
import { createEndpoint } from "@/lib/server/judging/create-endpoint";
import { createJudgeRun } from "@/lib/server/judging/create-judge-run";
import { saveTemplate } from "@/lib/server/judging/judge-templates";
import { startJudgeWorker } from "@/lib/server/judging/judge-worker";
import { builtinTemplate } from "@/lib/domain/judging/builtin-templates";
import { RAG_SYSTEMS } from "@/prisma/demo/responses";
import { startFakeChatServer } from "@/test/fake-chat-server";
import { findUserByEmail } from "@/lib/server/users/find-user";
import type { UserDto } from "@/lib/server/users/user-dto";
import { seedDemoStudy } from "@/prisma/demo/seed-demo-study";
import {
  closeConnections,
  databaseUrlUnderTest,
  otherEngineDatabase,
  prismaCli,
  rowsAt,
  unique,
  type Scratch,
} from "@/test/db-tier";
import { NOT_IN_BUNDLES, PRISMA_MODELS } from "@/test/prisma-models";
import { reportsOf } from "@/test/reports-of";
import { runCli } from "@/test/run-cli";

let target: Scratch;
const slug = `moved-${unique()}`;
const bundleFile = path.join(os.tmpdir(), `${slug}.assay.jsonl`);

beforeAll(async () => {
  target = await otherEngineDatabase();
  expect(prismaCli(["migrate", "deploy"], target.url).status).toBe(0);
}, 120_000);

afterAll(async () => {
  await closeConnections();
  await target.drop();
  fs.rmSync(bundleFile, { force: true });
});

/** An annotator's save, as the workspace sends it. */
const save = (
  user: UserDto,
  campaignId: number,
  itemId: number,
  phase: "blind" | "revised",
  level: string,
  comment: string | null,
  at: string,
) =>
  saveAnnotation(
    user,
    campaignId,
    itemId,
    {
      clientId: randomUUID(),
      phase,
      version: 1,
      payload: { taskType: "support", level },
      comment,
      startedAt: at,
      durationMs: 12_345,
    },
    new Date(Date.parse(at) + 12_345),
  );

/**
 * Two LLM judge runs on the study against the test server: a saved copy of the relevance template
 * on six random pairs (levels from the prompt's length), and a preference template on two requests,
 * both ways (a tie either way: consistent, so labelled).
 */
async function judgeTheStudy(studyId: number) {
  const chat = await startFakeChatServer({
    answer: (prompt) => (prompt.includes("Answer A:") ? "[[tie]]" : `##final score: ${prompt.length % 4}`),
  });
  try {
    const endpoint = `moved-${unique()}`;
    await createEndpoint({
      name: endpoint,
      baseUrl: chat.url,
      model: "fake-judge",
      apiKey: { source: "none" },
      inputPricePerMillion: 1,
      outputPricePerMillion: 4,
      concurrency: 2,
      requestsPerMinute: null,
    });
    const researcher = (await findUserByEmail("researcher@assay.local"))!;
    const relevance = { ...builtinTemplate("umbrela-relevance")!, name: `moved-relevance-${unique()}` };
    await saveTemplate(researcher, studyId, relevance);
    const preference = {
      name: `moved-preference-${unique()}`,
      task: "preference" as const,
      scale: "preference",
      system: "",
      prompt: "Request: {{question}}\nAnswer A: {{answer_a}}\nAnswer B: {{answer_b}}\nReply [[A]], [[B]] or [[tie]].",
      output: {
        kind: "regex" as const,
        pattern: "\\[\\[(A|B|tie)\\]\\]",
        ignoreCase: false,
        map: { A: "a", B: "b", tie: "none" },
      },
    };
    await saveTemplate(researcher, studyId, preference);
    const runs = [
      await createJudgeRun(researcher, studyId, {
        template: relevance.name,
        endpoint,
        sample: { kind: "random_pairs", pairs: 6 },
        seed: 3,
      }),
      await createJudgeRun(researcher, studyId, {
        template: preference.name,
        endpoint,
        sample: { kind: "random_questions", questions: 2 },
        systems: [...RAG_SYSTEMS],
        criterion: "coverage",
      }),
    ];
    const worker = startJudgeWorker({
      pollMs: 20,
      runIds: runs.map((r) => r.id),
      call: { backoffMs: 1, timeoutMs: 5000 },
    });
    await worker.idle();
    await worker.stop();
    expect(chat.calls).toHaveLength(6 + 4);
  } finally {
    await chat.close();
  }
}

describe("a study bundle moved to the other engine", () => {
  it("brings every report back equal, every annotation with its times, and its people disabled until let in", async () => {
    const db = await getDb();
    const { studyId } = await seedDemoStudy(db, slug, { finished: true });
    const calibration = await db.campaign.findFirstOrThrow({
      where: { studyId, protocol: "blind_then_reveal" },
    });
    const [ann, ann2] = await Promise.all(
      ["annotator@assay.local", "annotator2@assay.local"].map(async (e) => (await findUserByEmail(e))!),
    );
    // Ann labels blind, sees the LLM, and changes her mind once and keeps it once; she skips one item
    const first = (await claimNextItem(ann!, calibration.id)).itemId!;
    await save(ann!, calibration.id, first, "blind", "0", "not in this chunk", "2026-11-20T09:00:00.000Z");
    await save(
      ann!,
      calibration.id,
      first,
      "revised",
      "1",
      "the LLM is right: line 3 says it",
      "2026-11-20T09:01:00.000Z",
    );
    const second = (await claimNextItem(ann!, calibration.id)).itemId!;
    await save(ann!, calibration.id, second, "blind", "1", null, "2026-11-20T09:02:00.000Z");
    await save(ann!, calibration.id, second, "revised", "1", null, "2026-11-20T09:03:00.000Z");
    const third = (await claimNextItem(ann!, calibration.id)).itemId!;
    await skipItem(ann!, calibration.id, third, new Date("2026-11-20T09:04:00.000Z"));
    // Noor labels the first item blind only
    const noorsItem = (await claimNextItem(ann2!, calibration.id)).itemId!;
    await save(ann2!, calibration.id, noorsItem, "blind", "1", null, "2026-11-20T09:05:00.000Z");
    await judgeTheStudy(studyId);
    // nugget importance (the TREC RAG track's): the first nugget of each question vital, the second okay
    await db.nugget.updateMany({ where: { studyId, position: 1 }, data: { importance: "vital" } });
    await db.nugget.updateMany({ where: { studyId, position: 2 }, data: { importance: "okay" } });
    // a question's list changed since it was first imported: version 2 in its set
    const changed = await db.nugget.findFirstOrThrow({ where: { studyId }, orderBy: { id: "asc" } });
    await db.nuggetList.create({ data: { setId: changed.setId, queryId: changed.queryId, version: 2 } });

    const { lines } = await exportStudy(studyId, { what: "study", format: "bundle" });
    const out = fs.createWriteStream(bundleFile);
    for await (const text of lines) out.write(`${text}\n`);
    await new Promise((resolve) => out.end(resolve));

    // the other server has none of these people: they arrive disabled, without a password
    const { name } = await db.study.findUniqueOrThrow({ where: { id: studyId } });
    const imported = runCli(["import", "--study", name, "--format", "assay-bundle", bundleFile], {
      env: { DATABASE_URL: target.url },
    });
    expect(imported.status, imported.stderr).toBe(0);
    const summary = JSON.parse(imported.stdout) as {
      study: { slug: string };
      added: Record<string, number>;
      createdAccounts: string[];
    };
    expect(imported.stderr).not.toMatch(/has no members yet/);
    expect(summary.added).toMatchObject({ campaigns: 5, members: 5, judgeRuns: 2, judgeCalls: 10 });
    expect(summary.createdAccounts.sort()).toEqual([
      "annotator2@assay.local",
      "annotator@assay.local",
      "expert2@assay.local",
      "expert@assay.local",
      "researcher@assay.local",
    ]);
    const accounts = await rowsAt<{ email: string; disabled: unknown; passwordHash: string; role: string }>(
      target.url,
      `SELECT "email", "disabled", "passwordHash" AS "passwordHash", "role" FROM "User" ORDER BY "email"`,
    );
    expect(accounts.every((a) => Boolean(a.disabled) && a.passwordHash === "")).toBe(true);
    expect(accounts.find((a) => a.email === "researcher@assay.local")?.role).toBe("researcher");
    // the judge runs arrive finished, with no endpoint (the other server has none of that name)
    const runs = await rowsAt<{ status: string; endpointId: unknown; calls: unknown }>(
      target.url,
      `SELECT r."status", r."endpointId" AS "endpointId", COUNT(c."id") AS "calls" FROM "JudgeRun" r JOIN "JudgeCall" c ON c."runId" = r."id" GROUP BY r."id", r."status", r."endpointId" ORDER BY r."id"`,
    );
    expect(runs.map((r) => [r.status, r.endpointId, Number(r.calls)])).toEqual([
      ["done", null, 6],
      ["done", null, 4],
    ]);

    // every model but the listed exceptions travelled in the bundle: the other server holds rows of each
    for (const model of PRISMA_MODELS.filter((m) => !(m in NOT_IN_BUNDLES))) {
      const [row] = await rowsAt<{ n: unknown }>(target.url, `SELECT COUNT(*) AS n FROM "${model}"`);
      expect(Number(row!.n), `${model} rows after the import`).toBeGreaterThan(0);
    }

    // the nuggets' importance travelled, ungraded ones stayed ungraded
    const importance = (url: string) =>
      rowsAt<{ importance: string | null; n: unknown }>(
        url,
        `SELECT "importance", COUNT(*) AS n FROM "Nugget" GROUP BY "importance" ORDER BY "importance"`,
      );
    const moved = (await importance(target.url)).map((r) => [r.importance, Number(r.n)]);
    expect(moved.map(([level]) => level).sort()).toEqual([null, "okay", "vital"].sort());
    expect(moved.find(([level]) => level === "vital")?.[1]).toBe(10);

    // every report, the same JSON (row ids aside); the reveal effect has something to say
    const before = reportsOf(databaseUrlUnderTest, slug);
    const after = reportsOf(target.url, summary.study.slug);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const key of Object.keys(before)) expect(after[key], key).toEqual(before[key]);
    const progress = before[`progress ${calibration.name}`] as { reveal: { changed: number } | null };
    expect(JSON.stringify(progress)).toContain("reveal");
    expect(Object.keys(before).length).toBeGreaterThan(40);

    // every annotation, with phase, comment, times and skips
    const annotations = (url: string, study: string) =>
      runCli(["export", "--study", study, "--what", "annotations", "--format", "jsonl"], {
        env: { DATABASE_URL: url },
      });
    const [here, there] = [annotations(databaseUrlUnderTest, slug), annotations(target.url, summary.study.slug)];
    expect(there.status, there.stderr).toBe(0);
    expect(there.stdout.split("\n").length).toBeGreaterThan(340);
    expect(there.stdout).toBe(here.stdout);
    expect(there.stdout).toContain("the LLM is right: line 3 says it");
    expect(there.stdout).toContain('"skipped_at":"2026-11-20T09:04:00.000Z"');

    // the moved bundle exports again as it came (the header names the other study)
    const again = runCli(["export", "--study", summary.study.slug, "--what", "study", "--format", "bundle"], {
      env: { DATABASE_URL: target.url },
    });
    expect(again.stdout.split("\n").slice(1)).toEqual(fs.readFileSync(bundleFile, "utf8").split("\n").slice(1));
  }, 300_000);
});
