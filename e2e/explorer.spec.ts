import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { campaignIdByName, labelThroughApi } from "./fixtures/annotate-api";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { EXPLORER_CAMPAIGN, USERS } from "./fixtures/world";

// The second annotator rejects two pairs of hq-101 that gpt-4o called supported; the researcher
// then finds the question by its text, sees both LLMs and the human in the pool grid, narrows it
// to the disagreements, reads a chunk, and starts a follow-up campaign from the disagreement queue.
test("a researcher explores a question's pool, its disagreements and starts a follow-up campaign", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const studyId = await studyIdByName(admin, "Harbor job queue (demo)");
  const campaignId = await campaignIdByName(admin, studyId, EXPLORER_CAMPAIGN);
  await admin.dispose();
  const noor = await playwright.request.newContext({ baseURL });
  await signInViaApi(noor, USERS.annotator2.email);
  await labelThroughApi(noor, campaignId, ["non_relevant", "non_relevant"]);
  await noor.dispose();

  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}`);
  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Questions" }).click();
  await page.getByLabel("Search id and text").fill("exponential backoff");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("question-count")).toHaveText("1 question matches");
  await page.getByRole("link", { name: "hq-101" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    "How do I retry a failed job with exponential backoff?",
  );
  // a question is addressed by its own id; a link by the database's number (from before) lands there too
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}/explorer/questions/hq-101$`));
  await page.goto(`/studies/${studyId}/explorer/questions/1?only=disagreements`); // hq-101 is the world's first question
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}/explorer/questions/hq-101\\?only=disagreements$`));
  await page.goto(`/studies/${studyId}/explorer/questions/hq-101`);

  const grid = page.getByRole("table", { name: "Pool grid" });
  await expect(grid.getByRole("row")).toHaveCount(11); // header + 10 pooled chunks
  // each chunk says which runs retrieved it and where; the best-ranked come first
  await expect(grid.locator("tbody tr").first().locator("th")).toContainText(/(bm25|dense-e5|hybrid-rrf) #1\b/);
  for (const judge of ["gpt-4o", "solar-11b", USERS.annotator2.email])
    await expect(grid.getByText(judge, { exact: true }).first()).toBeVisible();
  // the two pairs she rejected and gpt-4o supported are marked (other specs may label more of hq-101)
  const rejected = grid
    .locator("td")
    .filter({ hasText: `✗ ${USERS.annotator2.email}` })
    .filter({ hasText: "✓ gpt-4o" });
  expect(await rejected.count()).toBeGreaterThanOrEqual(2);
  for (const cell of await rejected.all()) await expect(cell).toHaveAttribute("data-disagreement", "yes");

  const rows = grid.locator("tbody tr");
  const disagreeing = rows.filter({ has: page.locator('td[data-disagreement="yes"]') });
  const expected = await disagreeing.count();
  expect(expected).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Disagreements only" }).click();
  await expect(page.getByRole("link", { name: "Disagreements only" })).toHaveAttribute("aria-current", "page");
  await expect(rows).toHaveCount(expected);
  await expect(disagreeing).toHaveCount(expected);

  // hq-107 has few disagreements: there the filter visibly drops chunks
  await page.goto(`/studies/${studyId}/explorer?q=hq-107`);
  await page.getByRole("link", { name: "hq-107" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("hq-107");
  await expect(rows).toHaveCount(10);
  const few = await disagreeing.count();
  await expect(rows).toHaveCount(10);
  await page.getByRole("link", { name: "Disagreements only" }).click();
  await expect(page.getByRole("link", { name: "Disagreements only" })).toHaveAttribute("aria-current", "page");
  await expect(rows).toHaveCount(few);
  expect(few).toBeLessThan(10);
  expect(few).toBeGreaterThan(0);

  const chunkLink = rows.first().getByRole("link");
  const chunkName = (await chunkLink.textContent())!;
  await chunkLink.click();
  const viewer = page.getByRole("region", { name: "Chunk viewer" });
  await expect(viewer.getByRole("heading", { name: chunkName })).toBeVisible();
  await expect(viewer.getByLabel(`Chunk ${chunkName}`)).toBeVisible();
  await expect(page).toHaveURL(/only=disagreements/);

  await page.goto(`/studies/${studyId}/explorer/disagreements`);
  const count = Number((await page.getByTestId("disagreement-count").textContent())!.replace(/\D/g, ""));
  expect(count).toBeGreaterThan(0);
  const queue = page.getByRole("table", { name: "Disagreeing pairs" });
  await expect(queue.getByRole("row").nth(1)).toContainText(/1\.00|0\.\d\d/);
  // column headings never run together ("StrengthQuestion"): each ends well before the next begins
  const headings = await queue.locator("thead th").evaluateAll((cells) =>
    cells.map((c) => {
      const range = document.createRange();
      range.selectNodeContents(c);
      const text = range.getBoundingClientRect();
      return { text: c.textContent, left: text.left, right: text.right };
    }),
  );
  for (let i = 1; i < headings.length; i++)
    expect(
      headings[i]!.left - headings[i - 1]!.right,
      `${headings[i - 1]!.text} | ${headings[i]!.text}`,
    ).toBeGreaterThanOrEqual(8);
  // Export CSV: every disagreeing pair (not one page), a row per label, the pairs the page counts
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = fs
    .readFileSync((await (await download).path())!, "utf8")
    .trim()
    .split("\n");
  expect(csv[0]).toBe("question,nugget_position,nugget,chunk,strength,judge,judge_kind,label,positive");
  const cells = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!);
  const pairs = new Set(csv.slice(1).map((line) => cells(line).slice(0, 4).join("|")));
  expect(pairs.size).toBe(count);
  expect(csv.length - 1).toBeGreaterThanOrEqual(2 * count); // two judges at least on each
  // and the Questions page's, with its search: hq-101 alone, with its disagreements
  const questions = await (await page.request.get(`/api/studies/${studyId}/questions?q=hq-101&format=csv`)).text();
  expect(questions.trim().split("\n")).toHaveLength(2);
  expect(questions).toMatch(/^question,title,tags,nuggets,pooled,llm_positive,human_judged,disagreements\nhq-101,/);
  const onPage = Math.min(count, 50);
  await page.getByRole("button", { name: "Create follow-up campaign from the checked pairs" }).click();
  await expect(page.getByLabel("Name")).toHaveValue(`Follow-up of ${onPage} disagreements`);
  await expect(page.getByLabel("Sample")).toHaveValue("targets");
  await page.getByRole("button", { name: "Preview sample" }).click();
  await expect(page.getByRole("region", { name: "Sample preview" })).toContainText(`${onPage} items`);
});

test("annotators cannot reach the explorer", async ({ page, playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const studyId = await studyIdByName(admin, "Harbor job queue (demo)");
  await admin.dispose();
  await signIn(page, USERS.annotator.email);
  for (const path of [
    `/studies/${studyId}/explorer`,
    `/studies/${studyId}/explorer/questions/1`,
    `/studies/${studyId}/explorer/disagreements`,
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByText("gpt-4o")).toHaveCount(0);
  }
});
