import { expect, test, type Page } from "@playwright/test";
import { campaignIdByName } from "./fixtures/annotate-api";
import { expectFits, expectOnScreen } from "./fixtures/layout";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { FEDERATED_STUDY, NUGGET_STUDY, USERS } from "./fixtures/world";

// The "phone" project (390 x 844): every main page fits the screen's width. Wide tables and
// charts scroll inside their own box; the page itself never scrolls sideways, and the header's
// links stay on screen (on a phone, sign out is on the Account page, and stays on screen there).
const DEMO = "Harbor job queue (demo)";

/** `path` loaded (or, `reload: false`, the page as it is now, after some clicks) fits the screen. */
async function fitsTheScreen(page: Page, path: string, { reload = true } = {}) {
  if (reload) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
  }
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, `${path} is ${widths.page - widths.screen} px wider than the screen`).toBeLessThanOrEqual(
    widths.screen,
  );
  const signOut = page.getByRole("button", { name: "Sign out" });
  if (await signOut.count()) {
    const box = (await signOut.boundingBox())!;
    expect(box.x + box.width, `${path}: the sign-out button is off screen`).toBeLessThanOrEqual(widths.screen);
  }
}

// One test per page, each with its own page: seventeen pages in one test would race its timeout on
// a busy machine.
test.describe("a researcher's pages fit a phone", () => {
  const ids = { demo: 0, federated: 0, nuggets: 0, campaign: 0, question: "" };
  test.beforeAll(async ({ browser, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await signInViaApi(admin, USERS.admin.email);
    ids.demo = await studyIdByName(admin, DEMO);
    ids.federated = await studyIdByName(admin, FEDERATED_STUDY.name);
    ids.nuggets = await studyIdByName(admin, NUGGET_STUDY.name);
    ids.campaign = await campaignIdByName(admin, ids.demo, "Support calibration (demo)");
    await admin.dispose();
    const page = await browser.newPage({ baseURL });
    await signIn(page, USERS.researcher.email);
    await page.goto(`/studies/${ids.demo}/explorer`);
    ids.question = (await page
      .getByRole("table", { name: "Questions" })
      .getByRole("link")
      .nth(6)
      .getAttribute("href"))!;
    await page.close();
  });

  const pages: [string, () => string][] = [
    ["studies", () => "/studies"],
    ["study overview", () => `/studies/${ids.demo}`],
    ["questions", () => `/studies/${ids.demo}/explorer`],
    ["a question's pool", () => ids.question],
    ["disagreements", () => `/studies/${ids.demo}/explorer/disagreements`],
    ["agreement by question", () => `/studies/${ids.demo}/agreement?a=gpt-4o&b=solar-11b&group=query`],
    ["campaign agreement", () => `/studies/${ids.demo}/agreement?campaign=${ids.campaign}`],
    ["impact", () => `/studies/${ids.demo}/impact?a=gpt-4o&b=corrected%3Agpt-4o`],
    ["every judge against one", () => `/studies/${ids.demo}/agreement?reference=gpt-4o`],
    [
      "corrected estimates",
      () => `/studies/${ids.demo}/corrected-estimates?llm=gpt-4o&human=campaign%3A${ids.campaign}`,
    ],
    ["drift", () => `/studies/${ids.demo}/drift`],
    ["preferences", () => `/studies/${ids.demo}/preferences`],
    ["import and export", () => `/studies/${ids.demo}/import-export`],
    ["members", () => `/studies/${ids.demo}/members`],
    ["new campaign", () => `/studies/${ids.demo}/campaigns/new`],
    ["campaign progress", () => `/studies/${ids.demo}/campaigns/${ids.campaign}`],
    ["resources", () => `/studies/${ids.federated}/resources`],
    ["nugget quality", () => `/studies/${ids.nuggets}/nugget-quality`],
  ];
  for (const [name, path] of pages) {
    test(name, async ({ page }) => {
      await signIn(page, USERS.researcher.email);
      await fitsTheScreen(page, path());
    });
  }

  test("LLM judges, with a run and a template being written", async ({ page }) => {
    await signIn(page, USERS.researcher.email);
    const path = `/studies/${ids.demo}/judging`;
    await fitsTheScreen(page, path);
    await page.getByRole("button", { name: "New judge run" }).click();
    await page.getByRole("button", { name: "New template" }).click();
    await expect(page.getByRole("form", { name: "Judge template" })).toBeVisible();
    await fitsTheScreen(page, path, { reload: false });
  });

  test("the disagreements and a campaign's annotators show every column on screen", async ({ page }) => {
    await signIn(page, USERS.researcher.email);
    await page.goto(`/studies/${ids.demo}/explorer/disagreements`);
    const pairs = page.getByRole("table", { name: "Disagreeing pairs" });
    await expectFits(page, pairs.locator(".."), "the disagreeing pairs");
    await expectOnScreen(page, pairs.getByRole("row").nth(1).getByRole("cell"), "a disagreeing pair");
    await page.goto(`/studies/${ids.demo}/campaigns/${ids.campaign}`);
    const annotators = page.getByRole("table", { name: "Annotators" });
    await expectFits(page, annotators.locator(".."), "the annotators");
    await expectOnScreen(page, annotators.getByRole("cell"), "the annotators' figures");
  });

  test("a question with a chunk open for reading", async ({ page }) => {
    await signIn(page, USERS.researcher.email);
    await page.goto(ids.question);
    await page.getByRole("table", { name: "Pool grid" }).getByRole("link").first().click();
    await expect(page.getByRole("region", { name: "Chunk viewer" })).toBeVisible();
    await fitsTheScreen(page, page.url().replace(/^https?:\/\/[^/]+/, ""));
  });
});

test("an annotator's pages and the workspace fit a phone", async ({ page }) => {
  await signIn(page, USERS.annotator.email);
  await fitsTheScreen(page, "/annotate");
  await page.getByRole("link", { name: "Support calibration (demo)" }).click();
  await expect(page.getByTestId("item-position")).toBeVisible();
  await fitsTheScreen(page, page.url().replace(/^https?:\/\/[^/]+/, ""));
});

test("the admin's user list and judge endpoints (with the new endpoint form), the account page (with sign out), sign-in and an invite link fit a phone", async ({
  page,
  browser,
}) => {
  await signIn(page, USERS.admin.email);
  await fitsTheScreen(page, "/admin/users");
  await fitsTheScreen(page, "/admin/judging");
  await page.getByRole("button", { name: "New endpoint" }).click();
  await page.getByRole("form", { name: "New endpoint" }).getByLabel("Store it encrypted").check();
  await fitsTheScreen(page, "/admin/judging", { reload: false });
  await fitsTheScreen(page, "/account");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  const anonymous = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await fitsTheScreen(anonymous, "/signin");
  await fitsTheScreen(anonymous, `/invite/${"x".repeat(43)}`);
});
