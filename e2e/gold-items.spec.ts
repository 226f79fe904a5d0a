import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { violations } from "./fixtures/axe";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";
import { expectFits } from "./fixtures/layout";
import { addAnnotators, fillRelevanceDraft, importNovelEval, NOVELEVAL, signedIn } from "./fixtures/noveleval-study";

// Gold items on the first-day server (a database that starts empty): a researcher brings NovelEval's
// questions, passages and assessors' grades, and starts a blind relevance campaign with two gold
// items drawn from the assessors. Two annotators label by keyboard; nothing they are sent tells a
// gold item from the rest (the responses have the same shapes); their gold answers are in no label
// set; the annotator quality page gives each one's gold accuracy as a hand count from the qrels, and
// no annotator reaches it.
const STUDY = "Checked relevance";
const CAMPAIGN = "Relevance, checked";
const ASSESSORS = "noveleval-assessors";
const RESEARCHER = { email: "gus@checks.example", password: "researcher passphrase" };
const ANA = { email: "ana@checks.example", password: "annotator passphrase one" };
const BEN = { email: "ben@checks.example", password: "annotator passphrase two" };
const ITEMS = 6; // 4 sampled, 2 gold
// Ana grades every item 2; Ben the first three 2 and the last three 0 (they agree on items 1 to 3)
const KEYS = { [ANA.email]: ["2", "2", "2", "2", "2", "2"], [BEN.email]: ["2", "2", "2", "0", "0", "0"] };

/** The assessors' grade of each (query, passage). */
const GRADES = new Map(
  fs
    .readFileSync(path.join(NOVELEVAL, "qrels.txt"), "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split(/\s+/))
    .map(([q, , d, rel]) => [`${q}::${d}`, rel!]),
);

/** A JSON value's shape: its keys, recursively, and each leaf's type (null apart), arrays by their first element. */
function shape(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return [value.length === 0 ? "empty" : shape(value[0])];
  if (typeof value === "object")
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, shape((value as Record<string, unknown>)[k])]),
    );
  return typeof value;
}

type Sent = { url: string; body: unknown };

/** An annotator labels the items in order with the keys, keeping what the server sent about each item and each claim. */
async function labelAll(page: Page, keys: string[]): Promise<Sent[]> {
  const sent: Sent[] = [];
  page.on("response", (r) => {
    if (/\/api\/campaigns\/\d+\/(items\/\d+|claim|workspace)$/.test(new URL(r.url()).pathname) && r.ok())
      void r
        .json()
        .then((body: unknown) => sent.push({ url: new URL(r.url()).pathname, body }))
        .catch(() => undefined);
  });
  await page.goto("/annotate");
  await page.getByRole("link", { name: CAMPAIGN }).click();
  for (let i = 0; i < ITEMS; i++) {
    await expect(page.getByTestId("item-position")).toHaveText(
      new RegExp(`^Item ${i + 1} of my ${i + 1} · not labelled`),
    );
    await page.keyboard.press(keys[i]!);
    await page.keyboard.press("Enter");
  }
  await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();
  await expect(page.getByText("All labels saved")).toBeVisible();
  // nothing on the page marks gold
  expect(await page.locator("[data-gold], [class*='gold'], [data-testid*='gold']").count()).toBe(0);
  return sent;
}

test("gold items: indistinguishable to annotators, in no label set, and each annotator's gold accuracy the hand count", async ({
  browser,
  page: researcher,
}) => {
  test.setTimeout(450_000);
  const studyUrl = await newResearcherStudy(researcher, RESEARCHER, STUDY);
  importNovelEval(STUDY, { file: path.join(NOVELEVAL, "qrels.txt"), judge: ASSESSORS, kind: "human" });
  addAnnotators(STUDY, [ANA, BEN]);

  // a blind relevance campaign: one question's first four pairs, and two gold items from the assessors
  await fillRelevanceDraft(researcher, studyUrl, CAMPAIGN);
  await researcher.getByLabel("Known answers from").selectOption(ASSESSORS);
  await researcher.getByLabel("How many").selectOption("count");
  await researcher.getByLabel("Gold items (K)").fill("2");
  // a random share of the question's pairs hides gold among them; its whole pool cannot, and the form says so
  const visible = researcher.getByTestId("gold-visible");
  await expect(visible).toHaveCount(0);
  await researcher.getByLabel("Cap (items)").fill("");
  await expect(visible).toContainText(
    "This sample takes every pair of its questions, so gold items can only come from other questions, and an annotator can tell them by their questions.",
  );
  await expectFits(researcher, researcher.getByRole("main"), "the campaign form warning that gold would show");
  await researcher.getByRole("combobox", { name: /^Sample/ }).selectOption("random_pairs");
  await expect(visible).toHaveCount(0);
  await researcher.getByRole("combobox", { name: /^Sample/ }).selectOption("random_questions");
  await researcher.getByLabel("Cap (items)").fill("4");
  await expect(visible).toHaveCount(0);
  await expectFits(researcher, researcher.getByRole("main"), "the campaign form with gold items");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  const preview = researcher.getByRole("region", { name: "Sample preview" });
  await expect(preview).toContainText(`${ITEMS} items from`);
  await expect(preview).toContainText("2 gold items among them");
  await researcher.screenshot({ path: test.info().outputPath("campaign-form-gold.png"), fullPage: true });
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText(`0 of ${ITEMS * 2} labels`)).toBeVisible();
  await expect(researcher.getByText(`2 gold items from “${ASSESSORS}”`)).toBeVisible();
  const campaignId = Number(/campaigns\/(\d+)/.exec(researcher.url())![1]);

  const ana = await signedIn(browser, ANA);
  const ben = await signedIn(browser, BEN);
  const sent = [...(await labelAll(ana, KEYS[ANA.email]!)), ...(await labelAll(ben, KEYS[BEN.email]!))];

  // which items were gold: the researcher's annotations export says so, with the known answer
  const download = researcher.waitForEvent("download");
  await researcher.reload();
  await researcher.getByRole("button", { name: "Export annotations (JSONL)" }).click();
  const rows = fs
    .readFileSync((await (await download).path())!, "utf8")
    .trim()
    .split("\n")
    .map(
      (l) =>
        JSON.parse(l) as {
          item: number;
          annotator: string;
          query: string;
          doc: string;
          payload: { level: string };
          gold?: string;
        },
    );
  expect(rows).toHaveLength(ITEMS * 2);
  const gold = new Map(rows.filter((r) => r.gold !== undefined).map((r) => [`${r.query}::${r.doc}`, r.gold!]));
  expect(gold.size).toBe(2);
  for (const [pair, level] of gold) expect(level, `the known answer of ${pair}`).toBe(GRADES.get(pair));
  // the gold pairs are the sampled question's other passages: nothing in the order sets them apart
  expect(new Set(rows.map((r) => r.query)).size).toBe(1);
  // the annotators' levels as they typed them: item i got their i-th key
  for (const r of rows) expect(r.payload.level).toBe(KEYS[r.annotator]![r.item - 1]);

  // the annotators' responses: a gold item's look like a sampled item's, and none names gold
  const itemPair = (body: unknown) => {
    const b = body as { question?: { id: string }; document?: { id: string } | null };
    return b.question && b.document ? `${b.question.id}::${b.document.id}` : null;
  };
  const items = sent.filter((s) => /\/items\/\d+$/.test(s.url));
  const goldShapes = new Set(
    items.filter((s) => gold.has(itemPair(s.body)!)).map((s) => JSON.stringify(shape(s.body))),
  );
  const sampledShapes = new Set(
    items.filter((s) => !gold.has(itemPair(s.body)!)).map((s) => JSON.stringify(shape(s.body))),
  );
  expect(goldShapes.size, "gold items were sent to the annotators").toBeGreaterThan(0);
  for (const s of goldShapes) expect(sampledShapes.has(s), `a gold item's shape: ${s}`).toBe(true);
  for (const s of sent) expect(JSON.stringify(s.body)).not.toMatch(/gold/i);

  // gold answers appear in no label set: not the annotators' own labels, not the campaign's sets (its
  // majority holds the sampled items among 1 to 3, where the two agree)
  const sampledAgreed = new Set(rows.filter((r) => r.gold === undefined && r.item <= 3).map((r) => r.item)).size;
  expect(sampledAgreed).toBeGreaterThan(0);
  const expected: Record<string, number> = {
    [ANA.email]: 4,
    [BEN.email]: 4,
    [`campaign:${campaignId}`]: sampledAgreed,
    [`dawid-skene:${campaignId}`]: 4,
  };
  for (const [judge, held] of Object.entries(expected)) {
    const qrels = firstDayCli([
      "export",
      "--study",
      STUDY,
      "--what",
      "labels",
      "--format",
      "trec-qrels",
      "--judge",
      judge,
    ]);
    const pairs = qrels
      .trim()
      .split("\n")
      .map((l) => l.split(/\s+/))
      .map(([q, , d]) => `${q}::${d}`);
    expect(pairs, judge).toHaveLength(held);
    for (const pair of gold.keys()) expect(pairs, `${judge} holds the gold pair ${pair}`).not.toContain(pair);
  }

  // the quality page: each annotator's gold accuracy is the hand count of their levels against the assessors' grades
  const accuracy = (email: string) =>
    rows.filter(
      (r) => r.annotator === email && r.gold !== undefined && r.payload.level === GRADES.get(`${r.query}::${r.doc}`),
    ).length / gold.size;
  for (const width of [1280, 390]) {
    await researcher.setViewportSize({ width, height: 900 });
    await researcher.goto(`${studyUrl}/annotator-quality?campaign=${campaignId}`);
    const report = researcher.getByTestId("annotator-quality-report");
    await expect(report.getByTestId("report-summary")).toContainText(`2 annotators, ${ITEMS * 2} labels`);
    await expect(report.getByTestId("report-summary")).toContainText("2 gold items mixed in");
    await expectFits(researcher, researcher.getByRole("main"), `the annotator quality page at ${width} px`);
    await researcher.screenshot({ path: test.info().outputPath(`annotator-quality-${width}.png`), fullPage: true });
  }
  await researcher.setViewportSize({ width: 1280, height: 900 });
  const table = researcher.getByRole("table", { name: "Annotator figures" });
  for (const who of [ANA, BEN])
    await expect(table.getByRole("row", { name: new RegExp(who.email) })).toContainText(
      `${(accuracy(who.email) * 100).toFixed(1)}% of 2`,
    );
  expect(await violations(researcher), "axe on the annotator quality page").toEqual([]);

  // κ between Ana and Ben: the same items and the same value on Annotator quality and on Agreement,
  // gold out on both (4 sampled items; Ana's levels are all 2, so κ = 0 by hand: p_o = p_e), and
  // 4 items are too few for a bootstrap interval: both pages say so, and how many more
  const sampled = rows.filter((r) => r.gold === undefined);
  expect(sampled).toHaveLength(8);
  expect(sampled.filter((r) => r.annotator === BEN.email).some((r) => r.payload.level !== "2")).toBe(true);
  await expect(
    researcher
      .getByRole("table", { name: "Cohen's kappa between annotators" })
      .getByRole("row", { name: new RegExp(`^${ANA.email}`) }),
  ).toContainText("0.000 — (4)");
  await expect(researcher.getByTestId("report-summary")).toContainText("none over fewer than 20 items");
  const studyId = studyUrl.split("/").pop();
  const agreement = `agreement?${new URLSearchParams({ a: ANA.email, b: BEN.email })}`;
  await researcher.goto(`${studyUrl}/${agreement}`);
  await expect(researcher.getByTestId("report-summary")).toContainText("4 targets labelled by both");
  await expect(researcher.getByTestId("report-summary")).toContainText(
    "none here (4 items: an interval needs at least 20, so 16 more).",
  );
  await expect(researcher.getByTestId("statistic-cohen-kappa")).toContainText("0.000—");
  const agreementJson = (await (
    await researcher.request.get(`/api/studies/${studyId}/reports/${agreement}`)
  ).json()) as {
    items: number;
    statistics: { metric: string; value: number; low: number | null; withheld?: string }[];
  };
  const qualityPair = (await (
    await researcher.request.get(`/api/studies/${studyId}/reports/annotator-quality?campaign=${campaignId}`)
  ).json()) as { pairs: { items: number; kappa: { value: number; low: number | null; withheld?: string } }[] };
  const kappa = agreementJson.statistics.find((s) => s.metric === "cohen-kappa")!;
  expect(agreementJson.items).toBe(4);
  expect(qualityPair.pairs).toHaveLength(1);
  expect(qualityPair.pairs[0]!.items).toBe(agreementJson.items);
  expect(qualityPair.pairs[0]!.kappa).toEqual({ value: kappa.value, low: null, high: null, withheld: kappa.withheld });
  expect(kappa).toMatchObject({
    value: 0,
    low: null,
    withheld: "4 items: an interval needs at least 20, so 16 more",
  });
  const json = (await (
    await researcher.request.get(
      `/api/studies/${studyUrl.split("/").pop()}/reports/annotator-quality?campaign=${campaignId}`,
    )
  ).json()) as { annotators: { annotator: string; gold: { items: number; accuracy: number } }[] };
  for (const who of [ANA, BEN])
    expect(json.annotators.find((a) => a.annotator === who.email)!.gold).toMatchObject({
      items: 2,
      accuracy: accuracy(who.email),
    });

  // an annotator never reaches anyone's figures, on the page or through the API
  expect((await ana.goto(`${studyUrl}/annotator-quality?campaign=${campaignId}`))?.status()).toBe(404);
  // (the API refuses the annotator's role before looking: 403, as every report route)
  const api = await ana.request.get(
    `/api/studies/${studyUrl.split("/").pop()}/reports/annotator-quality?campaign=${campaignId}`,
  );
  expect(api.status()).toBe(403);
  expect(await api.text()).not.toContain(ANA.email);
});
