import { expect, test } from "@playwright/test";
import { campaignIdByName, labelThroughApi } from "./fixtures/annotate-api";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { PAIR_CAMPAIGN, USERS } from "./fixtures/world";

let studyId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  studyId = await studyIdByName(admin, "Harbor job queue (demo)");
  await admin.dispose();
});

test("a researcher compares the two LLMs by question and exports the report", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}`);
  await page.getByRole("link", { name: "Agreement", exact: true }).click();
  const form = page.getByRole("form", { name: "Label sets" });
  await form.getByLabel("Label set A").selectOption("gpt-4o");
  await form.getByLabel("Label set B").selectOption("solar-11b");
  await form.getByLabel("Group by").selectOption("query");
  await form.getByRole("button", { name: "Compare" }).click();

  await expect(page.getByTestId("report-summary")).toContainText("320 targets labelled by both");
  const api = await page.request.get(`/api/studies/${studyId}/reports/agreement?a=gpt-4o&b=solar-11b&group=query`);
  const report = (await api.json()) as {
    statistics: { metric: string; value: number; low: number; high: number }[];
    confusion: number[][];
    groups: unknown[];
  };
  const kappa = report.statistics.find((s) => s.metric === "cohen-kappa")!;
  await expect(page.getByTestId("statistic-cohen-kappa")).toContainText(kappa.value.toFixed(3));
  await expect(page.getByTestId("statistic-cohen-kappa")).toContainText(
    `[${kappa.low.toFixed(3)}, ${kappa.high.toFixed(3)}]`,
  );
  const matrix = page.getByTestId("confusion-matrix");
  for (const count of report.confusion.flat()) await expect(matrix).toContainText(String(count));
  await expect(page.getByRole("table", { name: "Agreement by group" }).getByRole("row")).toHaveCount(11);
  await expect(page.getByRole("img", { name: /Bar chart: Cohen's κ by query/ })).toBeVisible();

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const text = (await (await csv.createReadStream()).toArray()).join("");
  expect(text.split("\n")[0]).toBe("section,name,value,low,high,items,withheld");
  expect(text).toContain(`statistic,cohen-kappa,${kappa.value}`);
});

test("an unknown source shows a clear message, and annotators cannot reach the report", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}/agreement?a=gpt-4o&b=nobody&group=none`);
  await expect(page.getByRole("alert", { name: "Report error" })).toHaveText('no judge named "nobody" in this study');

  await signIn(page, USERS.annotator.email);
  expect((await page.goto(`/studies/${studyId}/agreement?a=gpt-4o&b=solar-11b`))?.status()).toBe(404);
  const api = await page.request.get(`/api/studies/${studyId}/reports/agreement?a=gpt-4o&b=solar-11b`);
  expect(api.status()).toBe(403);
  expect(await api.text()).not.toContain("kappa");
});

test("a researcher compares a campaign's two annotators with each other and with the LLM", async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, USERS.researcher.email);
  const campaignId = await campaignIdByName(page.request, studyId, PAIR_CAMPAIGN);
  const plans = [
    { email: USERS.annotator.email, levels: ["relevant", "relevant", "non_relevant", "partially_relevant"] },
    { email: USERS.annotator2.email, levels: ["relevant", "partially_relevant", "non_relevant", "partially_relevant"] },
  ];
  for (const plan of plans) {
    const request = await playwright.request.newContext({ baseURL });
    await signInViaApi(request, plan.email);
    await labelThroughApi(request, campaignId, plan.levels);
    await request.dispose();
  }

  await page.goto(`/studies/${studyId}/agreement`);
  const form = page.getByRole("form", { name: "Campaign annotators" });
  await form.getByLabel("Or a campaign's annotators").selectOption({ label: `${PAIR_CAMPAIGN} (4 items)` });
  await form.getByRole("button", { name: "Compare annotators" }).click();

  const report = page.getByTestId("campaign-agreement-report");
  await expect(report.getByTestId("report-summary")).toContainText(
    "2 annotators, 8 labels; 4 items labelled by two or more",
  );
  // Worked by hand: agree on 3 of 4 items; coincidences n = (2, 3, 3) of 8 values, 2 disagreeing
  // pairs, so nominal alpha = 1 - 7 * 2 / 42; Fleiss: P = 0.75, Pe = 22/64; Cohen: po 0.75, pe 5/16.
  await expect(report.getByTestId("statistic-pairwise-agreement")).toContainText("0.750");
  await expect(report.getByTestId("statistic-krippendorff-alpha-nominal")).toContainText("0.667");
  await expect(report.getByTestId("statistic-fleiss-kappa")).toContainText("0.619");
  const pairs = report.getByRole("table", { name: "Agreement between annotator pairs" });
  await expect(pairs.getByRole("row")).toHaveCount(2);
  await expect(pairs.getByRole("row").nth(1)).toContainText("0.636");
  await expect(report.getByTestId("coincidence-matrix")).toBeVisible();
  const withLlm = report.getByRole("table", { name: "Agreement of each annotator with the LLM" });
  await expect(withLlm.getByRole("row")).toHaveCount(3);
  await expect(withLlm).toContainText(USERS.annotator2.email);
  await expect(report.getByRole("img", { name: /Bar chart: Cohen's κ of each annotator with gpt-4o/ })).toBeVisible();

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    report.getByRole("link", { name: "Export JSON" }).click(),
  ]);
  const exported = JSON.parse((await (await json.createReadStream()).toArray()).join("")) as {
    items: number;
    pairs: { kappa: { value: number } }[];
  };
  expect(exported.items).toBe(4);
  expect(exported.pairs[0]!.kappa.value).toBeCloseTo(0.7 / 1.1, 12);
});
