import { expect, test } from "@playwright/test";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

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
  await page.getByRole("link", { name: "Agreement" }).click();
  const form = page.getByRole("form", { name: "Label sources" });
  await form.getByLabel("Source A").selectOption("gpt-4o");
  await form.getByLabel("Source B").selectOption("solar-11b");
  await form.getByLabel("Group by").selectOption("query");
  await form.getByRole("button", { name: "Compare" }).click();

  await expect(page.getByTestId("report-summary")).toContainText("320 targets labelled by both");
  const api = await page.request.get(`/api/studies/${studyId}/reports/agreement?a=gpt-4o&b=solar-11b&group=query`);
  const report = (await api.json()) as { statistics: { metric: string; value: number; low: number; high: number }[]; confusion: number[][]; groups: unknown[] };
  const kappa = report.statistics.find((s) => s.metric === "cohen-kappa")!;
  await expect(page.getByTestId("statistic-cohen-kappa")).toContainText(kappa.value.toFixed(3));
  await expect(page.getByTestId("statistic-cohen-kappa")).toContainText(`[${kappa.low.toFixed(3)}, ${kappa.high.toFixed(3)}]`);
  const matrix = page.getByTestId("confusion-matrix");
  for (const count of report.confusion.flat()) await expect(matrix).toContainText(String(count));
  await expect(page.getByRole("table", { name: "Agreement by group" }).getByRole("row")).toHaveCount(11);
  await expect(page.getByRole("img", { name: /Bar chart of Cohen's kappa by query/ })).toBeVisible();

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  const text = (await (await csv.createReadStream()).toArray()).join("");
  expect(text.split("\n")[0]).toBe("section,name,value,low,high,items");
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
