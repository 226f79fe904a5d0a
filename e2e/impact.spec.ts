import { expect, test } from "@playwright/test";
import { campaignIdByName, labelThroughApi } from "./fixtures/annotate-api";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { IMPACT_CAMPAIGN, USERS } from "./fixtures/world";

type Report = {
  perQuestion: { question: string; a: number; b: number }[];
  systems: { name: string; scores: Record<string, { a: number; b: number }> }[];
  kendallTauB: Record<string, number | null>;
  filters: { unsupportedNuggets: { a: number; b: number } };
};

// The second annotator rejects three pairs of hq-102 that gpt-4o called supported; the researcher
// then scores the demo study's runs under gpt-4o's labels and under gpt-4o corrected by the humans.
test("a researcher sees whether the leaderboard changes when humans correct the LLM's labels", async ({
  page,
  playwright,
  baseURL,
}) => {
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

  const report = (await (
    await page.request.get(`/api/studies/${studyId}/reports/impact?a=gpt-4o&b=corrected%3Agpt-4o`)
  ).json()) as Report;
  const tau = report.kendallTauB["alpha-ndcg@10"] ?? null;
  await expect(page.getByTestId("tau-alpha-ndcg@10")).toContainText(tau === null ? "—" : tau.toFixed(3));
  const scores = page.getByRole("table", { name: "Scores under both label sets" });
  for (const s of report.systems) {
    await expect(scores.getByRole("row", { name: new RegExp(s.name) })).toContainText(
      s.scores["alpha-ndcg@10"]!.b.toFixed(3),
    );
  }
  // the humans' rejections take support away from hq-102's pairs, so its scores move
  const hq102 = report.perQuestion.find((q) => q.question === "hq-102")!;
  expect(hq102.b).not.toBeCloseTo(hq102.a, 6);
  await expect(
    page.getByRole("table", { name: "Per-question differences" }).getByRole("row", { name: /hq-102/ }),
  ).toContainText((hq102.b - hq102.a).toFixed(3).replace(/^(?!-)/, "+"));
  await expect(page.locator('[aria-label^="Slopegraph of alpha-ndcg@10"] .recharts-line')).toHaveCount(3);
  await expect(page.getByRole("table", { name: "FreshStack filters" })).toContainText(
    `${report.filters.unsupportedNuggets.a}`,
  );
});

/** The boxes of a slopegraph's system names and y-axis ticks, in page pixels. */
async function labelBoxes(page: import("@playwright/test").Page, metric: string) {
  return page.locator(`[aria-label^="Slopegraph of ${metric}"]`).evaluate((chart) => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent ?? "", left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return {
      names: [...chart.querySelectorAll(".recharts-label-list text")].map(box),
      ticks: [...chart.querySelectorAll(".recharts-yAxis .recharts-cartesian-axis-tick-value")].map(box),
    };
  });
}

const overlap = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test("a label set that judged a few questions is compared on those, the page says so, and the charts stay readable", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const studyId = await studyIdByName(admin, "Harbor job queue (demo)");
  const campaignId = await campaignIdByName(admin, studyId, IMPACT_CAMPAIGN);
  await admin.dispose();
  await signIn(page, USERS.researcher.email);
  // the campaign's annotators judged pairs of hq-102 only
  await page.goto(`/studies/${studyId}/impact?${new URLSearchParams({ a: "gpt-4o", b: `campaign:${campaignId}` })}`);
  await expect(page.getByTestId("impact-summary")).toContainText("3 systems over 1 question (of 10 with nuggets)");
  await expect(page.getByTestId("impact-coverage")).toContainText(
    "Computed on 1 of 10 questions: A judged 10 questions, B judged 1 question.",
  );
  await expect(page.getByRole("table", { name: "Per-question differences" }).getByRole("row")).toHaveCount(2); // the header and hq-102

  for (const metric of ["alpha-ndcg@10", "coverage@20", "recall@50"]) {
    const { names, ticks } = await labelBoxes(page, metric);
    expect(names).toHaveLength(6); // three systems, named at both ends
    // scores are in [0, 1]: so are the axis ticks
    for (const t of ticks) expect(Number(t.text)).toBeGreaterThanOrEqual(0);
    for (const t of ticks) expect(Number(t.text)).toBeLessThanOrEqual(1);
    // no name on another, nor on the axis
    for (const [i, a] of names.entries()) {
      for (const b of names.slice(i + 1)) expect(overlap(a, b), `${metric}: ${a.text} and ${b.text}`).toBe(false);
      for (const t of ticks) expect(overlap(a, t), `${metric}: ${a.text} and the tick ${t.text}`).toBe(false);
    }
  }
});

test("a label set's name with the wrong shape is refused beside the form, which keeps the other set", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const studyId = await studyIdByName(admin, "Harbor job queue (demo)");
  await admin.dispose();
  await signIn(page, USERS.researcher.email);
  // a link edited by hand: "fused:" takes two judges
  await page.goto(`/studies/${studyId}/impact?${new URLSearchParams({ a: "fused:gpt-4o", b: "gpt-4o" })}`);
  await expect(page.getByRole("alert", { name: "Report error" })).toHaveText(
    'a: a fused label set is named "fused:<judge>+<judge>", not "fused:gpt-4o"',
  );
  await expect(page.getByLabel("Label set A")).toHaveValue("");
  await expect(page.getByLabel("Label set B")).toHaveValue("gpt-4o");
  await expect(page.getByTestId("impact-summary")).toHaveCount(0);
});
