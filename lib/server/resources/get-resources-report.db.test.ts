import { impactQuerySchema } from "@/lib/schemas/impact";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { fileInput, SHARED_DATA } from "@/test/import-inputs";
import { getResourcesReport } from "./get-resources-report";
import { resourcesCsv } from "@/lib/formats/reports/resources-csv";

// FeB4RAG's released slice for the 80 requests people compared: fused LLM labels (16 engine blocks
// of 800 lines) and the resource scores FeB4RAG computed from them.
const LLM = "feb4rag-fused-llm";
let studyId: number;
let researcher: UserDto;

beforeAll(async () => {
  const db = await getDb();
  const id = unique();
  studyId = (await f.upsertStudy(db, { slug: `feb4rag-resources-${id}`, name: "FeB4RAG resources" })).id;
  const user = await f.upsertUser(db, {
    email: `resources-${id}@example.org`,
    role: "researcher",
    password: "not-used-here",
  });
  await f.upsertMember(db, studyId, user.id, "researcher");
  researcher = toUserDto(user);
  await importIntoStudy(studyId, { format: "beir-queries", files: [fileInput("feb4rag/requests.jsonl")] });
  await importIntoStudy(studyId, {
    format: "feb4rag-labels",
    blockLines: 800,
    files: [fileInput("feb4rag/slice.BEIR-QRELS-RM.selections-rids.txt")],
  });
}, 120_000);

describe("federated resources", () => {
  it("reproduces FeB4RAG's resource scores from its fused labels, and every request's engines", async () => {
    const report = await getResourcesReport(researcher, studyId, impactQuerySchema.parse({ a: LLM, b: LLM }));
    const published = fs
      .readFileSync(path.join(SHARED_DATA, "feb4rag/slice.BEIR-QRELS-RS.selections-rids.txt"), "utf8")
      .trim()
      .split("\n");
    expect(new Set(report.scores.map((s) => `${s.request} 0 ${s.engine} ${s.a}`))).toEqual(new Set(published));
    expect(report.scores).toHaveLength(1280);
    expect(report.scores.every((s) => s.results === 10 && s.a === s.b)).toBe(true);
    expect(report).toMatchObject({ requests: 80, unscored: { a: 0, b: 0 }, meanTauB: 1, reordered: 0 });
    expect(report.engines).toHaveLength(16);
    expect(report.relevantEngines.reduce((sum, r) => sum + r.a, 0)).toBe(80);
    // the engines' means are the published scores' means
    const nq = published.filter((l) => l.split(" ")[2] === "nq").map((l) => Number(l.split(" ")[3]));
    expect(report.perEngine.find((e) => e.engine === "nq")!.mean.a).toBeCloseTo(
      nq.reduce((x, y) => x + y, 0) / nq.length,
      10,
    );
    const csv = resourcesCsv(report).trim().split("\n");
    expect(csv[0]).toBe(`request,engine,results,${LLM},${LLM}`);
    expect(csv).toHaveLength(1281);
  });

  it("scores the LLM corrected by a human: the relabelled engine moves, unjudged results leave the human's own set unscored", async () => {
    const db = await getDb();
    const request = await db.query.findFirstOrThrow({ where: { studyId, externalId: "16" } });
    // The expert finds nq's results for request 16 key where the LLM found them not relevant.
    const llmLabels = await db.label.findMany({
      where: { studyId, queryId: request.id, judge: { name: LLM }, document: { externalId: { startsWith: "nq/" } } },
    });
    expect(llmLabels).toHaveLength(10);
    const before = (
      await getResourcesReport(researcher, studyId, impactQuerySchema.parse({ a: LLM, b: LLM }))
    ).scores.find((s) => s.request === "16" && s.engine === "nq")!.a!;
    const notRelevant = llmLabels.filter((l) => l.value === "0").slice(0, 2);
    expect(notRelevant).toHaveLength(2);
    const expert = await f.upsertJudge(db, studyId, { name: `expert-${unique()}`, kind: "human" });
    for (const l of notRelevant) {
      await db.label.create({
        data: {
          studyId,
          judgeId: expert.id,
          targetType: l.targetType,
          targetKey: l.targetKey,
          queryId: l.queryId,
          documentId: l.documentId,
          scale: "feb4rag-0-3",
          value: "3",
        },
      });
    }
    const report = await getResourcesReport(
      researcher,
      studyId,
      impactQuerySchema.parse({ a: LLM, b: `corrected:${LLM}` }),
    );
    const nq = report.scores.find((s) => s.request === "16" && s.engine === "nq")!;
    // two results go from weight 0 to weight 1: + 100 * 2 / 10
    expect(nq).toMatchObject({ a: before, b: before + 20 });
    expect(report.scores.filter((s) => s.a !== s.b)).toEqual([nq]);
    expect(report.perRequest[0]).toMatchObject({ request: "16", change: 20 });
    // the expert alone judged two results: every engine-request lacks grades under that set
    const alone = await getResourcesReport(researcher, studyId, impactQuerySchema.parse({ a: LLM, b: expert.name }));
    expect(alone.unscored).toEqual({ a: 0, b: 1280 });
    expect(alone.perRequest.find((r) => r.request === "16")!.relevantEngines.b).toBe(1);
  });

  it("refuses a study without federated results, and other studies' researchers", async () => {
    const db = await getDb();
    const empty = await f.upsertStudy(db, { slug: `no-engines-${unique()}`, name: "No engines" });
    await f.upsertMember(db, empty.id, researcher.id, "researcher");
    await expect(
      getResourcesReport(researcher, empty.id, impactQuerySchema.parse({ a: LLM, b: LLM })),
    ).rejects.toMatchObject({
      code: "invalid",
    });
    const stranger = toUserDto(
      await f.upsertUser(db, {
        email: `stranger-${unique()}@example.org`,
        role: "researcher",
        password: "not-used-here",
      }),
    );
    await expect(
      getResourcesReport(stranger, studyId, impactQuerySchema.parse({ a: LLM, b: LLM })),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
