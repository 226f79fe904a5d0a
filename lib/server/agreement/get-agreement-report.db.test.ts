import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { beforeAll, describe, expect, it } from "vitest";
import { cohenKappa } from "@/lib/domain/agreement/kappa";
import { getDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { seedDemoStudy } from "@/prisma/demo/seed-demo-study";
import { buildWorld } from "@/test/db-world";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { getAgreementReport } from "./get-agreement-report";

let studyId: number;
let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  const db = await getDb();
  studyId = (await seedDemoStudy(db, `agreement-${unique()}`)).studyId; // this test adds labels: its own copy
  world = await buildWorld(db);
});

const admin = () => world.admin;

describe("agreement report", () => {
  it("compares the demo study's two LLMs on the binary scale, with intervals and a confusion matrix", async () => {
    const report = await getAgreementReport(
      admin(),
      studyId,
      agreementQuerySchema.parse({ a: "gpt-4o", b: "solar-11b", group: "query" }),
    );
    expect(report).toMatchObject({
      items: 320,
      onlyA: 0,
      onlyB: 0,
      binarized: false,
      categories: ["Not supported", "Supported"],
      positives: null,
    });
    const db = await getDb();
    const labels = await db.label.findMany({ where: { studyId }, include: { judge: true } });
    const byKey = (name: string) =>
      new Map(labels.filter((l) => l.judge.name === name).map((l) => [l.targetKey, Number(l.value)]));
    const [gpt, solar] = [byKey("gpt-4o"), byKey("solar-11b")];
    const keys = [...gpt.keys()];
    const expected = cohenKappa({
      a: keys.map((k) => gpt.get(k)!),
      b: keys.map((k) => solar.get(k)!),
      categories: 2,
    }).value!;
    const kappa = report.statistics.find((s) => s.metric === "cohen-kappa")!;
    expect(kappa.value).toBeCloseTo(expected, 12);
    expect(kappa.low!).toBeLessThan(kappa.value!);
    expect(kappa.high!).toBeGreaterThan(kappa.value!);
    expect(report.confusion.flat().reduce((s, v) => s + v, 0)).toBe(320);
    expect(report.groups.map((g) => g.group)).toEqual([
      "hq-101",
      "hq-102",
      "hq-103",
      "hq-104",
      "hq-105",
      "hq-106",
      "hq-107",
      "hq-108",
      "hq-109",
      "hq-110",
    ]);
    expect(report.groups.reduce((s, g) => s + g.items, 0)).toBe(320);
  });

  it("shows human labels over the LLM's positive pairs, and binarizes across scales", async () => {
    const db = await getDb();
    const positives = await db.label.findMany({
      where: { studyId, judge: { name: "gpt-4o" }, value: "1" },
      include: { nugget: true, document: true },
      take: 4,
      orderBy: { id: "asc" },
    });
    const negative = await db.label.findFirstOrThrow({
      where: { studyId, judge: { name: "gpt-4o" }, value: "0" },
      include: { nugget: true, document: true },
    });
    const item = (l: (typeof positives)[number]) => `${l.nugget!.externalId}::${l.document!.externalId}`;
    const csv = [
      "item,judge,label",
      ...positives.map(
        (l, i) => `${item(l)},expert,${["relevant", "relevant", "partially_relevant", "non_relevant"][i]}`,
      ),
      `${item(negative)},expert,non_relevant`,
    ].join("\n");
    await importIntoStudy(studyId, {
      format: "labels-csv",
      scale: "relevance-3",
      judgeKind: "human",
      files: [textInput("expert.csv", `${csv}\n`)],
    });
    const report = await getAgreementReport(
      admin(),
      studyId,
      agreementQuerySchema.parse({ a: "gpt-4o", b: "expert", group: "none" }),
    );
    expect(report).toMatchObject({ items: 5, binarized: true, categories: ["not relevant", "relevant"] });
    // counted by kind in the database (one kind here: nothing pooled), nothing left out by two judges
    expect(report.targetKinds).toEqual([{ kind: "nugget_document", items: 5 }]);
    expect(report.leftOut).toEqual([]);
    expect(report.positives).toEqual({
      llm: "gpt-4o",
      human: "expert",
      pairs: 4,
      levels: [
        { level: "Relevant", count: 2, share: 0.5 },
        { level: "Partially relevant", count: 1, share: 0.25 },
        { level: "Non-relevant", count: 1, share: 0.25 },
      ],
    });
    expect(report.confusion).toEqual([
      [1, 0],
      [1, 3],
    ]); // gpt-4o negative: expert non-relevant; positive: one non-relevant, three at least partially
    // how gpt-4o leans: 4 of 5 positive against the expert's 3 of 5
    expect(report.bias!.llm).toBe("gpt-4o");
    expect(report.bias!.leniency.value).toBeCloseTo(0.2, 15);
    expect(report.bias!.levels.map((l) => Number(l.difference.toFixed(10)))).toEqual([-0.2, 0.2]);
    // the five pairs by their chunks' lengths, read from the database
    const lengths = [...positives, negative].map((l) => l.document!.text.length).sort((x, y) => x - y);
    expect(report.bias!.byLength.reduce((s, q) => s + q.items, 0)).toBe(5);
    expect(report.bias!.byLength[0]!.from).toBe(lengths[0]);
    expect(report.bias!.byLength.at(-1)!.to).toBe(lengths[4]);
    // two LLMs: no bias section
    expect(
      (
        await getAgreementReport(
          admin(),
          studyId,
          agreementQuerySchema.parse({ a: "gpt-4o", b: "solar-11b", group: "none" }),
        )
      ).bias,
    ).toBeNull();
  });

  it("names the kinds of targets it pools: support and relevance pairs, each counted", async () => {
    const db = await getDb();
    const support = await db.label.findMany({
      where: { studyId, judge: { name: "gpt-4o" } },
      include: { nugget: { include: { query: true } }, document: true },
      take: 3,
      orderBy: { id: "asc" },
    });
    const pairs = [
      ...support.slice(0, 2).map((l) => `${l.nugget!.externalId}::${l.document!.externalId}`),
      ...support.map((l) => `${l.nugget!.query.externalId}::${l.document!.externalId}`),
    ];
    const csv = [
      "item,judge,label",
      ...pairs.flatMap((p, i) => [`${p},mixed-a,${i % 2}`, `${p},mixed-b,${i < 3 ? i % 2 : 1}`]),
    ];
    await importIntoStudy(studyId, {
      format: "labels-csv",
      scale: "binary",
      judgeKind: "human",
      files: [textInput("mixed.csv", `${csv.join("\n")}\n`)],
    });
    const report = await getAgreementReport(
      admin(),
      studyId,
      agreementQuerySchema.parse({ a: "mixed-a", b: "mixed-b", group: "none" }),
    );
    expect(report.items).toBe(5);
    expect(report.targetKinds).toEqual([
      { kind: "query_document", items: 3 },
      { kind: "nugget_document", items: 2 },
    ]); // the larger kind first
    // by hand: they agree on the first three pairs and on the fourth (1, 1), not on the fifth (0, 1)
    expect(report.statistics.find((s) => s.metric === "percent-agreement")!.value).toBe(4 / 5);
    // 5 targets: too few for a bootstrap interval, the value kept
    expect(report.statistics.find((s) => s.metric === "cohen-kappa")).toMatchObject({
      low: null,
      high: null,
      withheld: "5 items: an interval needs at least 20, so 15 more",
    });
  });

  it("fuses two LLMs and groups by nugget position", async () => {
    const report = await getAgreementReport(
      admin(),
      studyId,
      agreementQuerySchema.parse({
        a: "fused:gpt-4o+solar-11b",
        b: "gpt-4o",
        group: "nugget_position",
      }),
    );
    expect(report.items).toBe(320);
    expect(report.targetKinds).toEqual([{ kind: "nugget_document", items: 320 }]); // counted in memory
    expect(report.groups.map((g) => g.group)).toEqual(["nugget 1", "nugget 2", "nugget 3", "nugget 4"]);
  });

  it("refuses an unknown judge and hides the study from non-members", async () => {
    await expect(
      getAgreementReport(admin(), studyId, agreementQuerySchema.parse({ a: "nobody", b: "gpt-4o", group: "none" })),
    ).rejects.toThrow(/no judge named "nobody"/);
    await expect(
      getAgreementReport(
        world.annotator,
        studyId,
        agreementQuerySchema.parse({ a: "gpt-4o", b: "solar-11b", group: "none" }),
      ),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
