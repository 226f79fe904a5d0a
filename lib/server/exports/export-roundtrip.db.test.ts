// Export, import elsewhere, export again: the same lines.
import { labelSet } from "@/test/label-set";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { seedDemoStudy } from "@/prisma/demo/seed-demo-study";
import { upsertStudy } from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { fileInput, textInput } from "@/test/import-inputs";
import { exportStudy, type ExportRequest } from "./export-study";

async function exported(studyId: number, request: ExportRequest): Promise<string[]> {
  const { lines } = await exportStudy(studyId, request);
  const out: string[] = [];
  for await (const text of lines) out.push(...text.split("\n")); // an item may hold several lines
  return out;
}

describe("study bundle", () => {
  it("re-imports the demo study to the same state", async () => {
    const db = await getDb();
    const { studyId } = await seedDemoStudy(db);
    const original = await exported(studyId, { what: "study", format: "bundle" });
    expect(original.length).toBeGreaterThan(1000);
    const copy = await upsertStudy(db, { slug: `copy-${unique()}`, name: "Copy" });
    const summary = await importIntoStudy(copy.id, {
      format: "assay-bundle",
      files: [textInput("demo.assay.jsonl", `${original.join("\n")}\n`)],
    });
    expect(summary.added).toEqual({
      queries: 10,
      nuggets: 32,
      documents: 80,
      poolEntries: 100,
      labels: 996,
      systems: 5,
      runEntries: 180,
      responses: 10,
      citations: 20,
      members: 5,
      campaigns: 5,
      items: 259,
      seats: 438,
      annotations: 418,
      decisions: 35,
      judgeRuns: 0,
      judgeCalls: 0,
    });
    const again = await exported(copy.id, { what: "study", format: "bundle" });
    // all but the header, which names the study; an annotation's client id is unique on a server,
    // so the copy on the same server has new ones
    const clientIds = (lines: string[]) =>
      lines.flatMap((l) =>
        l.startsWith('{"type":"annotation"') ? [(JSON.parse(l) as { client_id: string }).client_id] : [],
      );
    const withoutClientIds = (lines: string[]) => lines.slice(1).map((l) => l.replace(/"client_id":"[^"]+"/, ""));
    expect(withoutClientIds(again)).toEqual(withoutClientIds(original));
    expect(clientIds(again)).toHaveLength(418);
    expect(clientIds(again).filter((id) => clientIds(original).includes(id))).toEqual([]);
    const twice = await importIntoStudy(copy.id, {
      format: "assay-bundle",
      files: [textInput("demo.assay.jsonl", `${original.join("\n")}\n`)],
    });
    expect(Object.values(twice.added).every((n) => n === 0)).toBe(true);
  });
});

describe("label exports", () => {
  it("write NovelEval's qrels back as they were read, and binarize them", async () => {
    const db = await getDb();
    const study = await upsertStudy(db, { slug: `nov-export-${unique()}`, name: "NovelEval export" });
    await importIntoStudy(study.id, { format: "beir-queries", files: [fileInput("noveleval/queries.tsv")] });
    await importIntoStudy(study.id, { format: "beir-corpus", files: [fileInput("noveleval/corpus.tsv")] });
    const qrels = "noveleval/qrels.txt";
    await importIntoStudy(study.id, {
      format: "trec-qrels",
      judge: "assessors",
      judgeKind: "human",
      scale: "graded-0-2",
      files: [fileInput(qrels)],
    });
    const lines = await exported(study.id, { what: "labels", format: "trec-qrels" });
    const { readFileSync } = await import("node:fs");
    const { SHARED_DATA } = await import("@/test/import-inputs");
    const source = readFileSync(`${SHARED_DATA}/${qrels}`, "utf8")
      .trim()
      .split("\n")
      .map((l) => l.replace(" Q0 ", " 0 "));
    expect(lines).toEqual(source);
    const binary = await exported(study.id, { what: "labels", format: "trec-qrels", binarized: true });
    expect(binary.filter((l) => l.endsWith(" 1"))).toHaveLength(130);
  });

  it("write level positions for named levels, CSV that re-imports, and refuse ambiguous qrels", async () => {
    const db = await getDb();
    const study = await upsertStudy(db, { slug: `csv-export-${unique()}`, name: "CSV export" });
    await importIntoStudy(study.id, { format: "beir-queries", files: [textInput("q.tsv", "q1\tQuestion\n")] });
    await importIntoStudy(study.id, { format: "beir-corpus", files: [textInput("c.tsv", "d1\tone\nd2\ttwo\n")] });
    const csv = "item,judge,label\nq1::d1,ann,relevant\nq1::d2,ann,non_relevant\nq1::d1,bo,partially_relevant\n";
    await importIntoStudy(study.id, {
      format: "labels-csv",
      scale: "relevance-3",
      judgeKind: "human",
      files: [textInput("l.csv", csv)],
    });
    expect(await exported(study.id, { what: "labels", format: "trec-qrels", judges: ["ann"].map(labelSet) })).toEqual([
      "q1 0 d1 2",
      "q1 0 d2 0",
    ]);
    expect(await exported(study.id, { what: "labels", format: "csv" })).toEqual(csv.trim().split("\n"));
    await expect(exported(study.id, { what: "labels", format: "trec-qrels" })).rejects.toThrow(
      /qrels hold one judge's labels: choose one of ann, bo/,
    );
    await expect(exported(study.id, { what: "labels", format: "bundle" })).rejects.toThrow(
      /labels export as trec-qrels or nugget-qrels or csv or jsonl/,
    );
  });
});

describe("annotation export", () => {
  it("writes each annotation with annotator, phase, payload, timestamps and duration", async () => {
    const db = await getDb();
    const { buildWorld } = await import("@/test/db-world");
    const world = await buildWorld(db);
    const item = world.items[0]!;
    const started = new Date("2026-11-20T10:00:00.000Z");
    await db.annotation.create({
      data: {
        itemId: item.id,
        userId: world.annotator.id,
        phase: "blind",
        payload: JSON.stringify({ level: "relevant" }),
        clientId: `c-${unique()}`,
        startedAt: started,
        submittedAt: new Date(started.getTime() + 42_500),
        durationMs: 42_500,
      },
    });
    await db.annotation.create({
      data: {
        itemId: item.id,
        userId: world.annotator.id,
        phase: "revised",
        payload: JSON.stringify({ level: "partially_relevant" }),
        comment: "saw the LLM label",
        clientId: `c-${unique()}`,
        startedAt: new Date(started.getTime() + 42_500),
        submittedAt: new Date(started.getTime() + 50_000),
        durationMs: 7_500,
      },
    });
    const lines = (await exported(world.study.id, { what: "annotations", format: "jsonl" })).map((l) => JSON.parse(l));
    expect(lines).toEqual([
      {
        campaign: "Active",
        task: "support",
        item: 1,
        query: "q1", // a support item names its question too, as every campaign the app creates
        nugget: "q1_1",
        doc: "d1",
        annotator: world.annotator.email,
        phase: "blind",
        payload: { level: "relevant" },
        comment: null,
        version: 1,
        started_at: "2026-11-20T10:00:00.000Z",
        submitted_at: "2026-11-20T10:00:42.500Z",
        duration_ms: 42_500,
      },
      expect.objectContaining({
        phase: "revised",
        payload: { level: "partially_relevant" },
        comment: "saw the LLM label",
        duration_ms: 7_500,
      }),
    ]);
  });
});

describe("exports that would be empty or wrong", () => {
  it("say so instead of an empty file: a judge with no labels of the kind, a campaign with no annotations", async () => {
    const db = await getDb();
    const { buildWorld } = await import("@/test/db-world");
    const world = await buildWorld(db);
    // the world's LLM labelled (nugget, chunk) pairs only
    await expect(
      exported(world.study.id, { what: "labels", format: "trec-qrels", judges: ["gpt-4o"].map(labelSet) }),
    ).rejects.toThrow("gpt-4o has no (question, chunk) labels to export as trec-qrels");
    expect(
      await exported(world.study.id, { what: "labels", format: "nugget-qrels", judges: ["gpt-4o"].map(labelSet) }),
    ).toHaveLength(4);
    await expect(exported(world.study.id, { what: "labels", format: "csv" })).rejects.toThrow(
      "this study has no human labels yet (name a judge to export another judge's labels)",
    );
    await expect(
      exported(world.study.id, { what: "annotations", format: "jsonl", campaign: world.campaign.id }),
    ).rejects.toThrow("this campaign has no annotations yet");
    await expect(
      exported(world.study.id, { what: "annotations", format: "jsonl", campaign: world.campaign.id + 100_000 }),
    ).rejects.toThrow(/this study has no campaign/);
  });

  it("export one campaign's annotations, with its skips", async () => {
    const db = await getDb();
    const { buildWorld } = await import("@/test/db-world");
    const { claimNextItem } = await import("@/lib/server/campaigns/claim-next-item");
    const { skipItem } = await import("@/lib/server/campaigns/skip-item");
    const { saveAnnotation } = await import("@/lib/server/campaigns/save-annotation");
    const world = await buildWorld(db);
    const other = await db.campaign.create({
      data: {
        studyId: world.study.id,
        name: "Other",
        taskType: "support",
        protocol: "blind",
        status: "active",
        scale: world.campaign.scale,
      },
    });
    const first = (await claimNextItem(world.annotator, world.campaign.id)).itemId!;
    await skipItem(world.annotator, world.campaign.id, first, new Date("2026-11-21T08:00:00.000Z"));
    const second = (await claimNextItem(world.annotator, world.campaign.id)).itemId!;
    await saveAnnotation(world.annotator, world.campaign.id, second, {
      clientId: crypto.randomUUID(),
      phase: "blind",
      version: 1,
      payload: { level: "relevant" },
      comment: "clear",
      startedAt: new Date().toISOString(),
      durationMs: 900,
    });
    const lines = (
      await exported(world.study.id, { what: "annotations", format: "jsonl", campaign: world.campaign.id })
    ).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.item, l.phase, l.annotator])).toEqual([
      [2, "blind", world.annotator.email],
      [1, "skipped", world.annotator.email],
    ]);
    expect(lines[1]).toMatchObject({
      campaign: "Active",
      nugget: "q1_1",
      doc: "d1",
      skipped_at: "2026-11-21T08:00:00.000Z",
      labelled_later: false,
    });
    expect(lines.every((l) => l.campaign === "Active")).toBe(true);
    await expect(
      exported(world.study.id, { what: "annotations", format: "jsonl", campaign: other.id }),
    ).rejects.toThrow("this campaign has no annotations yet");
    // the campaign's majority as qrels: the team's labels after calibration
    expect(
      await exported(world.study.id, {
        what: "labels",
        format: "nugget-qrels",
        judges: [`campaign:${world.campaign.id}`].map(labelSet),
      }),
    ).toEqual(["q1 q1_2 d2 2"]);
    expect(
      await exported(world.study.id, {
        what: "labels",
        format: "nugget-qrels",
        judges: [`campaign:${world.campaign.id}`].map(labelSet),
        binarized: true,
      }),
    ).toEqual(["q1 q1_2 d2 1"]);
    await expect(
      exported(world.study.id, {
        what: "labels",
        format: "trec-qrels",
        judges: [`campaign:${world.campaign.id}`].map(labelSet),
      }),
    ).rejects.toThrow(`campaign:${world.campaign.id} has no (question, chunk) labels to export as trec-qrels`);
  });
});
