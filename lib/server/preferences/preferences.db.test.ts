import { preferenceQuerySchema } from "@/lib/schemas/preferences";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CRITERIA } from "@/lib/domain/preferences/criteria";
import type { CampaignDraft, SaveAnnotation } from "@/lib/schemas/campaigns";
import { getDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { preferencesCsv } from "@/lib/formats/reports/preferences-csv";
import { getPreferencesReport } from "@/lib/server/preferences/get-preferences-report";
import type { UserDto } from "@/lib/server/users/user-dto";
import { demoStudyWorld } from "@/test/db-world";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { fileInput, SHARED_DATA } from "@/test/import-inputs";
import { claimNextItem } from "../campaigns/claim-next-item";
import { createCampaign } from "../campaigns/create-campaign";
import { getWorkspace } from "../campaigns/get-workspace";
import { getWorkspaceItem } from "../campaigns/get-workspace-item";
import { previewCampaign } from "../campaigns/preview-campaign";
import { saveAnnotation } from "../campaigns/save-annotation";

let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];
const SYSTEMS = ["rag-baseline", "rag-rerank"];

beforeAll(async () => {
  const db = await getDb();
  const world = await demoStudyWorld(db, "preference", 2);
  ({ studyId, researcher, annotators } = world);
}, 60_000);

const draft = (over: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: `Preference ${unique()}`,
  taskType: "preference",
  systems: SYSTEMS,
  scale: { kind: "builtin", id: "binary" },
  guidelines: "",
  protocol: "blind",
  llmJudge: null,
  overlap: 2,
  annotatorIds: annotators.map((a) => a.id),
  sample: { kind: "all_pairs" },
  seed: 4,
  ...over,
});
const save = (payload: SaveAnnotation["payload"]): SaveAnnotation => ({
  clientId: randomUUID(),
  phase: "blind",
  version: 1,
  payload,
  comment: null,
  startedAt: new Date().toISOString(),
  durationMs: 800,
});
const screen = (sides: string, choices: string) => ({
  sides,
  justifications: {},
  choices: Object.fromEntries(
    DEFAULT_CRITERIA.map((c, i) => [
      c.id,
      ({ "1": "1", "2": "2", "-": "none" } as const)[choices[i] as "1" | "2" | "-"],
    ]),
  ),
});

describe("preference campaigns", () => {
  it("compares two systems' answers to every request both answered, with balanced, recorded sides", async () => {
    expect(await previewCampaign(researcher, studyId, draft())).toMatchObject({ items: 5, questions: 5, seats: 10 });
    await expect(previewCampaign(researcher, studyId, draft({ systems: ["rag-baseline"] }))).rejects.toThrow(
      /systems: choose two systems/,
    );
    await expect(previewCampaign(researcher, studyId, draft({ systems: ["rag-baseline", "nope"] }))).rejects.toThrow(
      /no system named "nope"/,
    );
    await expect(
      previewCampaign(researcher, studyId, draft({ protocol: "assisted", llmJudge: "gpt-4o" })),
    ).rejects.toThrow(/protocol: a preference campaign is blind/);
    await expect(previewCampaign(researcher, studyId, draft({ name: "RAG-rerank vs baseline" }))).rejects.toThrow(
      /name: it names the system "rag-rerank"/,
    );
    await expect(
      previewCampaign(researcher, studyId, draft({ guidelines: "Response 1 is rag-baseline" })),
    ).rejects.toThrow(/guidelines: it names the system "rag-baseline"/);
    const { id } = await createCampaign(researcher, studyId, draft());
    const db = await getDb();
    const seats = await db.assignment.findMany({
      where: { campaignId: id },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    expect(seats.filter((s) => s.swapSides)).toHaveLength(5);
    for (let i = 0; i < seats.length; i += 2) expect(seats[i]!.swapSides).not.toBe(seats[i + 1]!.swapSides); // each item seen both ways
    expect((await db.campaign.findUniqueOrThrow({ where: { id } })).criteria).toBe(JSON.stringify(DEFAULT_CRITERIA));
  });

  it("never sends a system's name to the annotator, and stores the choices by system whatever side they were on", async () => {
    const db = await getDb();
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_questions", questions: 2 } }),
    );
    const [x, y] = annotators;
    const seen: string[] = [JSON.stringify(await getWorkspace(x!, id))];
    const tokens: string[] = [];
    for (const who of [x!, y!]) {
      for (;;) {
        const { itemId } = await claimNextItem(who, id);
        if (itemId === null) break;
        const item = await getWorkspaceItem(who, id, itemId);
        expect(item.comparison!.responses).toHaveLength(2);
        expect(item.comparison!.responses.some((r) => r.citations.length > 0)).toBe(true);
        // always "Response 1" wins coverage, "Response 2" clarity
        tokens.push(item.comparison!.sides);
        expect((await getWorkspaceItem(who, id, itemId)).comparison!.sides).toBe(item.comparison!.sides); // stable for the seat
        const saved = await saveAnnotation(who, id, itemId, save(screen(item.comparison!.sides, "1--2")));
        seen.push(JSON.stringify(item), JSON.stringify(saved), JSON.stringify(await getWorkspaceItem(who, id, itemId)));
        const stored = JSON.parse(
          (await db.annotation.findFirstOrThrow({ where: { itemId, userId: who.id } })).payload,
        ) as { choices: Record<string, string>; left: string };
        const left = (await db.assignment.findFirstOrThrow({ where: { itemId, userId: who.id } })).swapSides
          ? "b"
          : "a";
        expect(stored).toMatchObject({
          left,
          choices: { coverage: left, consistency: "none", correctness: "none", clarity: left === "a" ? "b" : "a" },
        });
      }
    }
    for (const text of seen) for (const name of SYSTEMS) expect(text).not.toContain(name);
    for (const text of seen)
      expect(text).not.toMatch(/"(systemId|systemAId|systemBId|responseAId|responseBId|layout|swapSides|left)"/);
    // nothing links one system's answers across items: every seat has a token of its own
    expect(new Set(tokens).size).toBe(tokens.length);

    const [itemId, otherItem] = (
      await db.item.findMany({ where: { campaignId: id }, orderBy: { position: "asc" }, select: { id: true } })
    ).map((i) => i.id);
    const mine = (await getWorkspaceItem(x!, id, itemId!)).comparison!.sides;
    await expect(
      saveAnnotation(x!, id, itemId!, save({ sides: mine, choices: { coverage: "1" }, justifications: {} })),
    ).rejects.toThrow(/Invalid preference: no choice for consistency/);
    // a token of another item, or a made-up one, is refused: the server never guesses which side was left
    const theirs = (await getWorkspaceItem(x!, id, otherItem!)).comparison!.sides;
    await expect(saveAnnotation(x!, id, itemId!, { ...save(screen(theirs, "1111")), version: 2 })).rejects.toThrow(
      /shown in an order this item does not know/,
    );
    await expect(
      saveAnnotation(x!, id, itemId!, { ...save(screen("f".repeat(32), "1111")), version: 2 }),
    ).rejects.toThrow(/shown in an order this item does not know/);
    await expect(saveAnnotation(x!, id, itemId!, save({ level: "relevant" }))).rejects.toThrow(/Invalid preference/);

    // the report: left won coverage, right won clarity on every item, so the systems split by side
    const report = await getPreferencesReport(
      researcher,
      studyId,
      preferenceQuerySchema.parse({ source: `campaign:${id}` }),
    );
    expect(report).toMatchObject({ judgments: 4, items: 2, annotators: 2, systems: SYSTEMS });
    expect(report.positionBias).toMatchObject({ decided: 8, left: 4, share: 0.5 });
    const coverage = report.perCriterion.find((c) => c.criterion === "coverage")!.pairs[0]!;
    expect(coverage.firstWins + coverage.secondWins).toBe(4);
    expect(coverage.firstWins).toBe(2); // each item was seen once with each system on the left
    expect(report.verdict.pairs[0]).toMatchObject({ firstWins: 0, secondWins: 0, none: 4 }); // one criterion each way: a tie
    const consistency = report.agreement!.find((a) => a.criterion === "consistency")!;
    expect(consistency.statistics.find((s) => s.metric === "pairwise-agreement")!.value).toBe(1);
    expect(report.bradleyTerry).toBeNull();
    // 2 items: the agreement's intervals are withheld, the CSV says why in its last column
    const csv = preferencesCsv(report).trimEnd().split("\n");
    expect(csv[0]).toBe("section,name,first,second,first_wins,none,second_wins,first_win_rate,low,high,withheld");
    expect(csv).toContain(
      'agreement: pairwise-agreement,consistency,,,,,,1,,,"2 items: an interval needs at least 20, so 18 more"',
    );

    // the researcher's export names the compared systems and the one each choice preferred
    const { exportStudy } = await import("@/lib/server/exports/export-study");
    const rows: Record<string, unknown>[] = [];
    for await (const line of (await exportStudy(studyId, { what: "annotations", format: "jsonl", campaign: id })).lines)
      rows.push(JSON.parse(line) as Record<string, unknown>);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).toMatchObject({ system_a: "rag-baseline", system_b: "rag-rerank" });
      const { left } = row.payload as { left: "a" | "b" };
      const names = { a: "rag-baseline", b: "rag-rerank" };
      expect(row.preferred).toEqual({
        coverage: names[left],
        consistency: "none",
        correctness: "none",
        clarity: names[left === "a" ? "b" : "a"],
      });
    }
  });
});

describe("more than two systems", () => {
  it("compares every pair and reports Bradley-Terry strengths", async () => {
    const db = await getDb();
    // a third system answers the same requests as rag-rerank, in other words
    const third = await f.upsertSystem(db, studyId, "rag-third");
    const rerank = await db.system.findUniqueOrThrow({
      where: { studyId_name: { studyId, name: "rag-rerank" } },
      include: { responses: true },
    });
    for (const r of rerank.responses)
      await f.upsertResponse(db, {
        studyId,
        systemId: third.id,
        queryId: r.queryId,
        text: `In short: ${r.text}`,
        citations: [],
      });
    const { id, items } = await createCampaign(
      researcher,
      studyId,
      draft({ systems: [...SYSTEMS, "rag-third"], overlap: 1, sample: { kind: "random_questions", questions: 2 } }),
    );
    expect(items).toBe(6); // 2 requests x 3 pairs
    const [x] = annotators;
    for (;;) {
      const { itemId } = await claimNextItem(x!, id);
      if (itemId === null) break;
      const item = await getWorkspaceItem(x!, id, itemId);
      await saveAnnotation(x!, id, itemId, save(screen(item.comparison!.sides, "1111")));
    }
    const report = await getPreferencesReport(
      researcher,
      studyId,
      preferenceQuerySchema.parse({ source: `campaign:${id}` }),
    );
    expect(report.systems).toEqual([...SYSTEMS, "rag-third"]);
    expect(report.verdict.pairs).toHaveLength(3);
    expect(report.bradleyTerry!.map((b) => b.system).sort()).toEqual([...SYSTEMS, "rag-third"]);
    expect(report.bradleyTerry!.reduce((sum, b) => sum + b.strength, 0)).toBeCloseTo(1, 9);
    expect(report.positionBias).toMatchObject({ decided: 24, left: 24, share: 1 }); // always the left answer
  });
});

describe("FeB4RAG's published preferences", () => {
  it("report the 80 requests' choices per criterion as the file has them", async () => {
    const db = await getDb();
    const study = await f.upsertStudy(db, { slug: `feb4rag-pref-${unique()}`, name: "FeB4RAG preferences" });
    await f.upsertMember(db, study.id, researcher.id, "researcher");
    await importIntoStudy(study.id, { format: "beir-queries", files: [fileInput("feb4rag/requests.jsonl")] });
    await importIntoStudy(study.id, { format: "feb4rag-selections", files: [fileInput("feb4rag/selections.jsonl")] });
    const report = await getPreferencesReport(
      researcher,
      study.id,
      preferenceQuerySchema.parse({ source: "feb4rag-assessors" }),
    );
    expect(report).toMatchObject({
      judgments: 80,
      items: 80,
      annotators: 1,
      systems: ["best-fed", "naive-fed"],
      positionBias: null,
      agreement: null,
    });
    expect(report.criteria.map((c) => c.id)).toEqual(["coverage", "consistency", "correctness", "clarity"]);
    // the same counts straight from the file
    const lines = fs
      .readFileSync(path.join(SHARED_DATA, "feb4rag/selections.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { chosen_sources: string[] });
    report.criteria.forEach((c, i) => {
      const count = (v: string) => lines.filter((l) => l.chosen_sources[i] === v).length;
      expect(report.perCriterion[i]!.pairs).toEqual([
        {
          first: "best-fed",
          second: "naive-fed",
          firstWins: count("best-fed"),
          secondWins: count("naive-fed"),
          none: count("none"),
        },
      ]);
    });
    const verdicts = lines.map((l) =>
      Math.sign(
        l.chosen_sources.filter((v) => v === "best-fed").length -
          l.chosen_sources.filter((v) => v === "naive-fed").length,
      ),
    );
    expect(report.verdict.pairs[0]).toMatchObject({
      firstWins: verdicts.filter((v) => v > 0).length,
      secondWins: verdicts.filter((v) => v < 0).length,
      none: verdicts.filter((v) => v === 0).length,
    });
    expect(report.perGroup.map((g) => g.group)).toEqual(["all"]);

    // each request's source collection (FeB4RAG's figure 8 groups): verdicts per collection add up
    await importIntoStudy(study.id, {
      format: "feb4rag-request-sources",
      files: [fileInput("feb4rag/rid_mapping.tsv")],
    });
    const grouped = await getPreferencesReport(
      researcher,
      study.id,
      preferenceQuerySchema.parse({ source: "feb4rag-assessors" }),
    );
    const source = new Map(
      fs
        .readFileSync(path.join(SHARED_DATA, "feb4rag/rid_mapping.tsv"), "utf8")
        .trim()
        .split("\n")
        .map((l) => l.split("\t") as [string, string]),
    );
    const qids = fs
      .readFileSync(path.join(SHARED_DATA, "feb4rag/selections.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { qid: string }).qid);
    expect(grouped.perGroup.map((g) => g.group)).toEqual([...new Set(qids.map((q) => source.get(q)!))].sort());
    for (const g of grouped.perGroup) {
      const t = g.pairs[0]!;
      expect(t.firstWins + t.secondWins + t.none).toBe(qids.filter((q) => source.get(q) === g.group).length);
    }
  });
});
