import { expect, test } from "@playwright/test";
import { campaignIdByName, labelThroughApi } from "./fixtures/annotate-api";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { IMPACT_CAMPAIGN, USERS } from "./fixtures/world";

type Report = { perQuestion: { question: string; a: number; b: number }[]; systems: { name: string; scores: Record<string, { a: number; b: number }> }[]; kendallTauB: Record<string, number | null>; filters: { unsupportedNuggets: { a: number; b: number } } };

// The second annotator rejects three pairs of hq-102 that gpt-4o called supported; the researcher
// then scores the demo study's runs under gpt-4o's labels and under gpt-4o corrected by the humans.
test("a researcher sees whether the leaderboard changes when humans correct the LLM's labels", async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const studyId = await studyIdByName(admin, "Harbor job queue (demo)");
  const campaignId = await campaignIdByName(admin, studyId, IMPACT_CAMPAIGN);
  await admin.dispose();
  const noor = await playwright.request.newContext({ baseURL });
  await signInViaApi(noor, USERS.annotator2.email);
  await labelThroughApi(noor, campaignId, ["non_relevant", "non_relevant", "non_relevant"]);
  await noor.dispose();

  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}`);
  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Impact" }).click();
  await page.getByLabel("Label set A").selectOption("gpt-4o");
  await page.getByLabel("Label set B").selectOption("corrected:gpt-4o");
  await page.getByRole("button", { name: "Score the runs" }).click();
  await expect(page.getByTestId("impact-summary")).toContainText("3 systems over 10 questions with nuggets");

  const report = (await (await page.request.get(`/api/studies/${studyId}/reports/impact?a=gpt-4o&b=corrected%3Agpt-4o`)).json()) as Report;
  const tau = report.kendallTauB["alpha-ndcg@10"] ?? null;
  await expect(page.getByTestId("tau-alpha-ndcg@10")).toContainText(tau === null ? "—" : tau.toFixed(3));
  const scores = page.getByRole("table", { name: "Scores under both label sets" });
  for (const s of report.systems) {
    await expect(scores.getByRole("row", { name: new RegExp(s.name) })).toContainText(s.scores["alpha-ndcg@10"]!.b.toFixed(3));
  }
  // the humans' rejections take support away from hq-102's pairs, so its scores move
  const hq102 = report.perQuestion.find((q) => q.question === "hq-102")!;
  expect(hq102.b).not.toBeCloseTo(hq102.a, 6);
  await expect(page.getByRole("table", { name: "Per-question differences" }).getByRole("row", { name: /hq-102/ })).toContainText((hq102.b - hq102.a).toFixed(3).replace(/^(?!-)/, "+"));
  await expect(page.locator('[aria-label^="Slopegraph of alpha-ndcg@10"] .recharts-line')).toHaveCount(3);
  await expect(page.getByRole("table", { name: "FreshStack filters" })).toContainText(`${report.filters.unsupportedNuggets.a}`);
});
