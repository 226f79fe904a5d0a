import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectFits, expectOnScreen } from "./fixtures/layout";
import { signIn, signInViaApi } from "./fixtures/session";
import { USERS } from "./fixtures/world";

// The study shape most teams bring (TREC DL, BEIR, MS MARCO, NovelEval: prose passages), on
// NovelEval's own files in a study of its own: passages wrap at 1,280 and 390 px in the workspace
// and the explorer, a long one scrolls by keyboard and the next label still lands, a key pressed
// while the next item loads is refused visibly and labels nothing, the study's display setting
// switches its passages, and a campaign that asks for it marks the question's terms.
const NOVELEVAL = path.resolve("../shared/data/noveleval");
// names of their own each time the file runs (a failed test runs beforeAll again, in a new worker)
const RUN = `${Date.now()}-${Math.round(Math.random() * 1e6)}`;
const STUDY = `NovelEval passages (e2e ${RUN})`;
const MARKED = `Marked terms (e2e ${RUN})`;
const PLAIN = `Plain passages (e2e ${RUN})`;

let studyId: number;

async function upload(request: APIRequestContext, query: string, file: string) {
  const response = await request.post(`/api/studies/${studyId}/imports?${query}&file=${file}`, {
    data: fs.readFileSync(path.join(NOVELEVAL, file)),
    headers: { "content-type": "application/octet-stream" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function campaign(request: APIRequestContext, name: string, highlightTerms: boolean, annotatorId: number) {
  const created = await request.post(`/api/studies/${studyId}/campaigns`, {
    data: {
      name,
      taskType: "relevance",
      scale: { kind: "builtin", id: "graded-0-2" },
      protocol: "blind",
      highlightTerms,
      overlap: 1,
      seed: 5,
      annotatorIds: [annotatorId],
      sample: { kind: "random_questions", questions: 2, cap: 4 },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: number }).id;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const researcher = await playwright.request.newContext({ baseURL });
  await signInViaApi(researcher, USERS.researcher.email);
  const created = await researcher.post("/api/studies", { data: { name: STUDY } });
  expect(created.status(), await created.text()).toBe(200);
  studyId = ((await created.json()) as { id: number }).id;
  await upload(researcher, "format=beir-queries", "queries.tsv");
  await upload(researcher, "format=beir-corpus", "corpus.tsv");
  await upload(researcher, "format=trec-qrels&judge=nist&judgeKind=human&scale=graded-0-2", "qrels.txt");
  const added = await researcher.post(`/api/studies/${studyId}/members`, {
    data: { email: USERS.annotator2.email, role: "annotator" },
  });
  expect(added.status(), await added.text()).toBe(200);
  const { userId } = (await added.json()) as { userId: number };
  await campaign(researcher, MARKED, true, userId);
  await campaign(researcher, PLAIN, false, userId);
  await researcher.dispose();
});

for (const width of [1280, 390]) {
  test(`prose passages wrap at ${width} px in the workspace and the explorer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, USERS.annotator2.email);
    await page.goto("/annotate");
    await page.getByRole("link", { name: PLAIN }).click();
    await expect(page.getByTestId("item-position")).toContainText("not labelled yet");
    await expectFits(page, page.locator(".prose-passage"), "the passage");
    await expect(page.locator(".code-lines")).toHaveCount(0);

    await signIn(page, USERS.researcher.email);
    await page.goto(`/studies/${studyId}/explorer`);
    // the study's sections fit the screen: a relevance study shows what it can fill, the rest under More
    const nav = page.getByRole("navigation", { name: "Study" });
    await expectOnScreen(page, nav.getByRole("link").filter({ visible: true }), "the study's sections");
    for (const name of ["Nugget quality", "Preferences", "Resources", "Drift"])
      await expect(nav.getByRole("link", { name, exact: true })).toBeHidden();
    await expect(nav.getByRole("link", { name: "Import and export" })).toBeVisible();
    await page.getByRole("table", { name: "Questions" }).getByRole("link", { name: "0", exact: true }).click();
    // NovelEval's question "0" lives at /questions/0, whatever number the database gave it
    await expect(page).toHaveURL(new RegExp(`/studies/${studyId}/explorer/questions/0$`));
    // a question without a title is headed by its text, and not shown a second time
    await expect(page.getByText("How many different Spider-Men are there in Across the Spider-Verse?")).toHaveCount(1);
    await page.locator("[data-testid^='chunk-link-'], a[href*='chunk=']").first().click();
    await expectFits(page, page.locator(".prose-passage"), "the passage");
  });
}

test("a long passage scrolls by keyboard, the next label still lands, and a key pressed while the next item loads is refused", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 600 });
  await signIn(page, USERS.annotator2.email);
  await page.goto("/annotate");
  await page.getByRole("link", { name: PLAIN }).click();
  await expect(page.getByTestId("item-position")).toHaveText(/^Item 1 of my 1 · not labelled yet/);
  const before = await page.evaluate(() => window.scrollY);
  await page.keyboard.press(" ");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  await page.keyboard.press("Shift+ ");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(before + 1);
  await page.keyboard.press(" ");
  await page.keyboard.press("2");
  await expect(page.getByRole("radio", { name: /^2/ })).toHaveAttribute("aria-checked", "true");

  // the next item takes a while to arrive: "1" pressed meanwhile is refused, said, and applied to nothing
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const current = new URL(page.url()).searchParams.get("item");
  await page.route(/\/api\/campaigns\/\d+\/items\/\d+$/, async (route) => {
    if (!route.request().url().endsWith(`/items/${current}`)) await held; // the next item, not this one again
    await route.continue();
  });
  await page.keyboard.press("Enter");
  await expect(page.getByText("Loading…")).toBeVisible();
  await page.keyboard.press("1");
  await expect(page.getByTestId("key-notice")).toHaveText(
    "The next item is still loading: “1” was not applied. Press it again once the item shows.",
  );
  release();
  await expect(page.getByTestId("item-position")).toHaveText(/^Item 2 of my 2 · not labelled yet/);
  await expect(page.getByTestId("key-notice")).toHaveText("");
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.unroute(/\/api\/campaigns\/\d+\/items\/\d+$/);
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("item-position")).toHaveText("Item 1 of my 2 · labelled (blind, version 1)");
  await expect(page.getByRole("radio", { name: /^2/ })).toHaveAttribute("aria-checked", "true");
});

test("the study's display setting switches its passages, and a campaign that asks for it marks the question's terms", async ({
  page,
  browser,
}) => {
  const annotator = await (await browser.newContext()).newPage();
  await signIn(annotator, USERS.annotator2.email);
  await annotator.goto("/annotate");
  await annotator.getByRole("link", { name: MARKED }).click();
  await expect(annotator.getByTestId("item-position")).toContainText("not labelled yet");
  const marks = annotator.locator(".prose-passage mark.term");
  await expect(marks.first()).toBeVisible();
  const question = (await annotator.getByTestId("question").innerText()).toLowerCase();
  for (const mark of await marks.allInnerTexts()) expect(question).toContain(mark.toLowerCase());

  await annotator.goto("/annotate");
  await annotator.getByRole("link", { name: PLAIN }).click();
  await expect(annotator.locator(".prose-passage")).toBeVisible();
  await expect(annotator.locator("mark.term")).toHaveCount(0);

  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}`);
  await page.getByLabel("Show passages").selectOption("code");
  await expect(page.getByText("Saved: annotators see it on their next item.")).toBeVisible();
  await annotator.reload();
  await expect(annotator.locator(".code-lines")).toBeVisible();
  await expect(annotator.locator(".prose-passage")).toHaveCount(0);
  await page.getByLabel("Show passages").selectOption("auto");
  await expect(page.getByText("Saved: annotators see it on their next item.")).toBeVisible();
  await annotator.reload();
  await expect(annotator.locator(".prose-passage")).toBeVisible();
});
