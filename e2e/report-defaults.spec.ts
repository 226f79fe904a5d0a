import { expect, test } from "@playwright/test";
import { signIn, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

// A researcher who opens a report of the demo from the study's navigation sees a result at once:
// the page chose the study's natural comparison, says which and why, and the form shows the choice.
const REPORTS = [
  { link: "Agreement", report: "agreement-report", chose: /A is gpt-4o.*B is the annotators of Uniform sample/ },
  {
    link: "Corrected estimates",
    report: "corrected-estimates",
    chose: /gpt-4o.*corrected by the annotators of Uniform/,
  },
  { link: "Impact", report: "impact-report", chose: /B is gpt-4o corrected by people's labels/ },
  { link: "Nugget quality", report: "nugget-quality-report", chose: /Nugget review \(demo, finished\)/ },
  { link: "Preferences", report: "preference-report", chose: /Answer comparison \(demo, finished\)/ },
  { link: "Drift", report: "drift-report", chose: /snapshot B is/ },
] as const;

test("every report page of the demo opens on a result, says what it chose, and keeps the researcher's own choice", async ({
  page,
}) => {
  await signIn(page, USERS.researcher.email);
  const studyId = await studyIdByName(page.request, "Harbor job queue (demo)");
  for (const r of REPORTS) {
    await page.goto(`/studies/${studyId}`);
    const nav = page.getByRole("navigation", { name: "Study" });
    const link = nav.getByRole("link", { name: r.link, exact: true });
    // sections beyond the first few sit behind "More"
    if (!(await link.isVisible())) await nav.locator("summary").click();
    await link.click();
    await expect(page.getByTestId("chosen-for-you"), r.link).toContainText(r.chose);
    await expect(page.getByTestId(r.report), r.link).toBeVisible();
    await expect(page.getByRole("alert", { name: "Report error" }), r.link).toHaveCount(0);
  }

  // the uniform sample gives Corrected estimates its PPI interval, not a withheld one
  await page.goto(`/studies/${studyId}/corrected-estimates`);
  await expect(page.getByTestId("sample-validity")).toContainText("drew its pairs uniformly at random");
  // its people's labels are each pair's mean over the annotators, and the page says so (not "majority")
  await expect(page.getByTestId("corrected-summary")).toContainText(
    "Annotators of Uniform sample (demo, finished) (mean over annotators)",
  );
  await expect(page.getByTestId("quantity-share").getByTestId("estimate-ppi")).toContainText(/λ = /);
  // the form shows what was chosen, so the researcher changes one thing and keeps the other
  await expect(page.getByLabel("LLM labels")).toHaveValue("gpt-4o");

  // a choice the researcher made is kept, and no note claims otherwise
  await page.goto(`/studies/${studyId}/agreement?a=solar-11b&b=gpt-4o&group=none`);
  await expect(page.getByTestId("agreement-report").getByTestId("report-summary")).toContainText(
    "320 targets labelled by both",
  );
  await expect(page.getByTestId("chosen-for-you")).toHaveCount(0);
});

test("the demo's prose relevance study opens Impact on trec_eval's measures, gpt-4o against the assessors", async ({
  page,
}) => {
  await signIn(page, USERS.researcher.email);
  const studyId = await studyIdByName(page.request, "Lindenfeld trams (demo, relevance)");
  await page.goto(`/studies/${studyId}/impact`);
  await expect(page.getByTestId("chosen-for-you")).toContainText("A is gpt-4o");
  await expect(page.getByTestId("chosen-for-you")).toContainText("B is assessors, its imported human judge");
  await expect(page.getByTestId("impact-summary")).toContainText("3 systems over 6 questions");
  await expect(page.getByTestId("impact-summary")).toContainText("trec_eval 9.0.8's measures over relevance labels");
  await expect(page.getByTestId("tau-ndcg@10")).toContainText("dense ↔ hybrid"); // the leaderboard changes
  // the study's sections: nothing for nuggets, side-by-side answers or federated results
  const nav = page.getByRole("navigation", { name: "Study" });
  for (const name of ["Nugget quality", "Preferences", "Resources"])
    await expect(nav.getByRole("link", { name, exact: true })).toBeHidden();
  // its passages are prose, wrapped with their paragraphs
  await page.goto(`/studies/${studyId}/explorer/questions/lt-1`);
  await page.getByRole("link", { name: "lt-1-a", exact: true }).click();
  await expect(page.locator(".prose-passage p")).toHaveCount(2);
});

test("Corrected estimates on the trams demo: one note per set of estimates, the people's estimates always, intervals from 30 units", async ({
  page,
}) => {
  await signIn(page, USERS.researcher.email);
  const studyId = await studyIdByName(page.request, "Lindenfeld trams (demo, relevance)");
  await page.goto(`/studies/${studyId}/corrected-estimates`);
  await expect(page.getByTestId("chosen-for-you")).toContainText(
    "gpt-4o, the study's first LLM judge, corrected by assessors, its imported human judge.",
  );
  // the assessors judged all 36 pairs: not a random sample, and nothing left to correct; no note says otherwise
  await expect(page.getByTestId("sample-validity")).toContainText("The pairs' estimates are not valid for PPI");
  await expect(page.getByText(/valid for PPI: .*uniformly at random \(seeded\)/)).toHaveCount(0);
  const share = page.getByTestId("quantity-share");
  await expect(share.getByTestId("estimate-people")).toContainText("0.6667");
  await expect(share.getByTestId("estimate-people")).toContainText("[0.513, 0.821]");
  await expect(share.getByTestId("estimate-ppi")).toContainText(
    "withheld: people labelled every pair: their mean is the answer, there is nothing to correct",
  );
  // the runs over 6 questions: the people's nDCG@10 of each run, but no interval and no verdict on the order
  const runs = page.getByTestId("corrected-runs");
  await expect(runs.getByTestId("runs-sample-validity")).toContainText(
    "The runs' estimates (over questions) are not valid for PPI",
  );
  await expect(runs.getByTestId("runs-withheld")).toContainText(
    "People's intervals and the order's verdicts withheld: 6 questions with their whole pool judged by people: an interval needs at least 30, so 24 more.",
  );
  const table = runs.getByRole("table", { name: "Runs by ndcg@10, corrected" });
  await expect(table.getByRole("row").filter({ hasText: "hybrid" })).toContainText("1.0000");
  const adjacent = runs.getByRole("table", { name: "Adjacent systems: paired differences" });
  await expect(adjacent.getByRole("row").filter({ hasText: "withheld" })).toHaveCount(2);
  await expect(adjacent).not.toContainText("yes: 0 is outside");
});
