import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { violations } from "./fixtures/axe";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";
import { expectFits } from "./fixtures/layout";
import { addAnnotators, fillRelevanceDraft, importNovelEval, NOVELEVAL, signedIn } from "./fixtures/noveleval-study";

// The Alternative Annotator Test on the first-day server (a database that starts empty): a
// researcher brings NovelEval's questions, passages and assessors' grades, and two LLMs' grades of
// the same pairs; three annotators grade ten pairs of one question each. The report, reached from
// the campaign's page, gives each LLM's winning rate, ρ and pass at the chosen ε; its figures are
// the command line's on the study's exported labels; no annotator reaches it.
const STUDY = "Replaceable?";
const CAMPAIGN = "Relevance, three each";
const RESEARCHER = { email: "rae@alt.example", password: "researcher passphrase" };
const ANNOTATORS = [
  { email: "ana@alt.example", password: "annotator passphrase one" },
  { email: "ben@alt.example", password: "annotator passphrase two" },
  { email: "cy@alt.example", password: "annotator passphrase three" },
];
const ITEMS = 10;
const LLMS = ["llm-close", "llm-lenient"];

/** The assessors' grade of each (query, passage). */
const GRADES = new Map(
  fs
    .readFileSync(path.join(NOVELEVAL, "qrels.txt"), "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split(/\s+/))
    .map(([q, , d, rel]) => [`${q}::${d}`, Number(rel)]),
);
/** What each annotator gives the n-th item they see, from the assessors' grade g of its pair. */
const GRADE_BY: Record<string, (g: number, n: number) => number> = {
  [ANNOTATORS[0]!.email]: (g) => g, // as the assessors
  [ANNOTATORS[1]!.email]: (g) => (g === 1 ? 2 : g), // generous with the middle grade
  [ANNOTATORS[2]!.email]: (g, n) => (n % 3 === 0 ? (g + 1) % 3 : g), // off on every third item
};

/** An LLM's qrels of every pair, each grade by its rule (one grades as the assessors, one everything 2). */
function llmQrels(dir: string, judge: string, grade: (g: number) => number): string {
  const file = path.join(dir, `${judge}.txt`);
  fs.writeFileSync(file, [...GRADES].map(([pair, g]) => `${pair.replace("::", " 0 ")} ${grade(g)}`).join("\n") + "\n");
  return file;
}

/** The annotator claims and grades every item of the campaign through their API, by their rule. */
async function gradeAll(request: APIRequestContext, campaignId: number, email: string) {
  for (let n = 0; n < ITEMS; n++) {
    const { itemId } = (await (await request.post(`/api/campaigns/${campaignId}/claim`)).json()) as { itemId: number };
    const item = (await (await request.get(`/api/campaigns/${campaignId}/items/${itemId}`)).json()) as {
      question: { id: string };
      document: { id: string };
    };
    const level = GRADE_BY[email]!(GRADES.get(`${item.question.id}::${item.document.id}`)!, n);
    const saved = await request.put(`/api/campaigns/${campaignId}/items/${itemId}/annotation`, {
      data: {
        clientId: randomUUID(),
        phase: "blind",
        version: 1,
        payload: { level: String(level) },
        comment: null,
        startedAt: new Date().toISOString(),
        durationMs: 1000,
      },
    });
    expect(saved.status()).toBe(200);
  }
}

type CliLine = {
  llm: string;
  winning_rate: number | null;
  advantage_probability: number | null;
  passed: boolean;
  annotators: {
    annotator: string;
    items: number;
    p_value: number | null;
    advantage_probability: number;
    won: boolean;
  }[];
};
type ReportLlm = {
  judge: string;
  compared: number;
  winningRate: number | null;
  advantageProbability: number | null;
  passed: boolean;
  annotators: { annotator: string; items: number; pValue: number | null; advantageProbability: number; won: boolean }[];
};

test("the Alternative Annotator Test: from the campaign, at two widths, the command line's figures, researchers only", async ({
  browser,
  page: researcher,
}) => {
  test.setTimeout(450_000);
  const studyUrl = await newResearcherStudy(researcher, RESEARCHER, STUDY);
  const studyId = studyUrl.split("/").pop();
  importNovelEval(STUDY, { file: path.join(NOVELEVAL, "qrels.txt"), judge: "noveleval-assessors", kind: "human" });
  const dir = test.info().outputPath("labels");
  fs.mkdirSync(dir, { recursive: true });
  const rules: Record<string, (g: number) => number> = {
    "llm-close": (g) => g,
    "llm-lenient": () => 2,
  };
  for (const judge of LLMS)
    firstDayCli([
      "import",
      "--study",
      STUDY,
      "--format",
      "trec-qrels",
      "--judge",
      judge,
      "--judge-kind",
      "model",
      "--scale",
      "graded-0-2",
      llmQrels(dir, judge, rules[judge]!),
    ]);
  addAnnotators(STUDY, ANNOTATORS);

  // a blind relevance campaign: ten pairs of one question, three annotators on each
  await fillRelevanceDraft(researcher, studyUrl, CAMPAIGN);
  await researcher.getByLabel("Cap (items)").fill(String(ITEMS));
  await researcher.getByLabel("Annotators per item (overlap)").fill("3");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  await expect(researcher.getByRole("region", { name: "Sample preview" })).toContainText(`${ITEMS} items from`);
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText(`0 of ${ITEMS * 3} labels`)).toBeVisible();
  const campaignId = Number(/campaigns\/(\d+)/.exec(researcher.url())![1]);
  for (const who of ANNOTATORS) await gradeAll((await signedIn(browser, who)).request, campaignId, who.email);

  // from the campaign's page; the paper's 30 items per annotator are more than a pilot has, and the page says what is missing
  await researcher.reload();
  await researcher.getByRole("link", { name: /Alternative Annotator Test/ }).click();
  await expect(researcher).toHaveURL(new RegExp(`/alt-test\\?campaign=${campaignId}$`));
  const report = researcher.getByTestId("alt-test-report");
  await expect(report.getByTestId("report-summary")).toContainText(
    `3 annotators; ${ITEMS} items labelled by 2 or more`,
  );
  await expect(report.getByTestId("alt-test-needs")).toHaveText(
    `Each annotator needs 30 items that 2 or more annotators and the LLM labelled; the most any has is ${ITEMS}, so ${30 - ITEMS} more (or lower the minimum of items per annotator, as the paper allows for small studies).`,
  );
  // a pilot's settings: at least 8 items per annotator, skilled annotators' ε
  await researcher.getByLabel("Items per annotator (min.)").fill("8");
  await researcher.getByLabel("ε (cost-benefit margin)").fill("0.15");
  await researcher.getByRole("button", { name: "Run the test" }).click();
  await expect(report.getByTestId("report-summary")).toContainText("ε = 0.15");
  await expect(report.getByTestId("alt-test-needs")).toHaveCount(0);
  const query = new URLSearchParams({ campaign: String(campaignId), epsilon: "0.15", minItemsPerHuman: "8" });
  const json = (await (await researcher.request.get(`/api/studies/${studyId}/reports/alt-test?${query}`)).json()) as {
    options: { scoring: string; epsilon: number };
    llms: ReportLlm[];
    agreement: { units: number; alpha: { value: number } };
  };
  expect(json.options).toMatchObject({ scoring: "neg-rmse", epsilon: 0.15 });
  expect(json.llms.map((l) => [l.judge, l.compared])).toEqual(LLMS.map((l) => [l, ITEMS]));
  expect(json.agreement.units).toBe(ITEMS);
  // the LLM that grades as the assessors passes (it is Ana's twin, and closer to the others than Ben and Cy);
  // the one that grades everything 2 does not
  expect(json.llms.map((l) => l.passed)).toEqual([true, false]);
  for (const width of [1280, 390]) {
    await researcher.setViewportSize({ width, height: 900 });
    for (const llm of json.llms) {
      const row = report.getByTestId(`llm-${llm.judge}`);
      const won = llm.annotators.filter((a) => a.won).length;
      await expect(row).toContainText(`${won} of 3 (${(llm.winningRate! * 100).toFixed(1)}%)`);
      await expect(row).toContainText(llm.advantageProbability!.toFixed(3));
      await expect(row).toContainText(llm.passed ? "yes" : "no");
    }
    await expect(report.getByRole("img", { name: /Bar chart of ρ per LLM/ })).toBeVisible();
    await expectFits(researcher, researcher.getByRole("main"), `the Alternative Annotator Test at ${width} px`);
    await researcher.screenshot({ path: test.info().outputPath(`alt-test-${width}.png`), fullPage: true });
  }
  await researcher.setViewportSize({ width: 1280, height: 900 });
  expect(await violations(researcher), "axe on the Alternative Annotator Test").toEqual([]);

  // the same figures from the command line, on the labels the study exports (each annotator's judge is their email)
  const labels = path.join(dir, "labels.csv");
  fs.writeFileSync(
    labels,
    firstDayCli([
      "export",
      "--study",
      STUDY,
      "--what",
      "labels",
      "--format",
      "csv",
      "--judge",
      [...ANNOTATORS.map((a) => a.email), ...LLMS].join(","),
    ]),
  );
  const cli = firstDayCli([
    "alt-test",
    "--input",
    labels,
    ...LLMS.flatMap((l) => ["--llm", l]),
    "--epsilon",
    "0.15",
    "--scoring",
    "neg-rmse",
    "--min-items-per-human",
    "8",
  ])
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as CliLine);
  expect(cli.map((l) => l.llm)).toEqual(LLMS);
  for (const [i, line] of cli.entries()) {
    const llm = json.llms[i]!;
    expect(line.passed, line.llm).toBe(llm.passed);
    expect(line.winning_rate, line.llm).toBe(llm.winningRate);
    expect(line.advantage_probability!, line.llm).toBeCloseTo(llm.advantageProbability!, 12);
    expect(line.annotators.map((a) => [a.annotator, a.items, a.won])).toEqual(
      llm.annotators.map((a) => [a.annotator, a.items, a.won]),
    );
    line.annotators.forEach((a, k) => {
      const mine = llm.annotators[k]!;
      expect(a.advantage_probability).toBeCloseTo(mine.advantageProbability, 12);
      if (a.p_value === null) expect(mine.pValue).toBeNull();
      else expect(a.p_value).toBeCloseTo(mine.pValue!, 12);
    });
  }
  // the report's own CSV holds the same winning rates
  const csv = await (
    await researcher.request.get(`/api/studies/${studyId}/reports/alt-test?${query}&format=csv`)
  ).text();
  for (const llm of json.llms) expect(csv).toContain(`winning_rate,${llm.judge},,${ITEMS},${llm.winningRate},`);

  // from Agreement too
  await researcher.goto(`${studyUrl}/agreement?campaign=${campaignId}`);
  await expect(researcher.getByRole("link", { name: /Alternative Annotator Test/ })).toHaveAttribute(
    "href",
    `/studies/${studyId}/alt-test?campaign=${campaignId}`,
  );

  // annotators never reach it: the API refuses their role, the page is not found
  const ana = await signedIn(browser, ANNOTATORS[0]!);
  expect((await ana.request.get(`/api/studies/${studyId}/reports/alt-test?campaign=${campaignId}`)).status()).toBe(403);
  const page = await ana.goto(`/studies/${studyId}/alt-test?campaign=${campaignId}`);
  expect(page!.status()).toBe(404);
});
