import { expect, test, type Page } from "@playwright/test";
import { signIn, studyIdByName } from "./fixtures/session";
import { OTHERS_CAMPAIGN, USERS } from "./fixtures/world";

// One flow: a researcher starts a FreshStack-style blind-then-reveal campaign on the demo study,
// two annotators label every item with the keyboard only, and the API never gives either of them
// the LLM's label before their blind commit, nor the other's labels.
const CAMPAIGN = `E2E calibration ${Date.now()}`;

async function openCampaign(page: Page, email: string) {
  await signIn(page, email);
  await page.goto("/annotate");
  await page.getByRole("link", { name: CAMPAIGN }).click();
  await expect(page.getByRole("heading", { name: CAMPAIGN })).toBeVisible();
}

const campaignIdOf = (page: Page) => Number(/\/(?:annotate|campaigns)\/(\d+)/.exec(page.url())![1]);
const itemIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get("item"));

/** Labels items with the keyboard until none is left: blind `blind`, then `revised` after the reveal. */
async function labelAll(
  page: Page,
  keys: { blind: string; revised: string },
  checkApi: (itemId: number) => Promise<void>,
) {
  let done = 0;
  for (;;) {
    const fresh = page.getByTestId("item-position").filter({ hasText: "not labelled yet" });
    const finished = page.getByText("Nothing is left for you in this campaign");
    await expect(fresh.or(finished)).toBeVisible();
    if (await finished.isVisible()) return done;
    await expect(page.getByTestId("llm-label")).toHaveCount(0);
    await checkApi(itemIdOf(page));
    await page.keyboard.press(keys.blind);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("llm-label")).toHaveText("Supported"); // FreshStack design: LLM-positive pairs only
    await page.keyboard.press(keys.revised);
    await page.keyboard.press("Enter");
    await expect(page.getByText("All labels saved")).toBeVisible();
    done++;
  }
}

test("a researcher runs a blind-then-reveal calibration and two annotators label it with the keyboard", async ({
  browser,
}) => {
  const researcher = await browser.newPage();
  await signIn(researcher, USERS.researcher.email);
  const studyId = await studyIdByName(researcher.request, "Harbor job queue (demo)");
  await researcher.goto(`/studies/${studyId}`);
  await researcher.getByRole("link", { name: "New campaign" }).click();
  await researcher.getByLabel("Name").fill(CAMPAIGN);
  await expect(researcher.getByLabel("Scale")).toHaveValue("binary"); // support is a yes / no question by default
  await researcher.getByLabel("Scale").selectOption("relevance-3");
  await researcher.getByLabel("Protocol").selectOption({ label: "Blind, then reveal" });
  await researcher.getByLabel("Sample").selectOption("llm_positive_per_question");
  await researcher.getByLabel("Questions (N)").fill("3");
  await researcher.getByLabel("Seed").fill("2024");
  // the two demo annotators only (the experts finished their campaigns)
  for (const expert of ["Eve Expert", "Max Expert"]) await researcher.getByLabel(expert).uncheck();
  // a wrong input first: more annotators per item than annotators chosen
  await researcher.getByLabel("Annotators per item (overlap)").fill("3");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  await expect(researcher.getByRole("alert").filter({ hasText: "overlap" })).toHaveText(
    "overlap: 3 annotators per item needs at least 3 annotators (2 chosen)",
  );
  await expect(researcher.getByRole("button", { name: "Create and start" })).toBeDisabled();
  await researcher.getByLabel("Annotators per item (overlap)").fill("2");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  await expect(researcher.getByRole("region", { name: "Sample preview" })).toContainText(
    "3 items from 3 questions, 6 labels to collect, 3 of the items LLM-positive",
  );
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText("0 of 6 labels")).toBeVisible();
  const campaignId = campaignIdOf(researcher);

  const first = await browser.newPage();
  await openCampaign(first, USERS.annotator.email);
  const firstLabelled = await labelAll(first, { blind: "3", revised: "2" }, async (itemId) => {
    const body = await (await first.request.get(`/api/campaigns/${campaignId}/items/${itemId}`)).text();
    expect(JSON.parse(body)).toMatchObject({ llm: null, mine: [] });
    expect(body).not.toContain("gpt-4o");
    expect(body).not.toContain(USERS.annotator2.email);
  });
  expect(firstLabelled).toBe(3);
  // back to my last item with the arrow key, and change my mind: a new version of the revision
  await first.keyboard.press("ArrowLeft");
  await expect(first.getByTestId("item-position")).toHaveText("Item 3 of my 3 · labelled (revised, version 1)");
  await first.keyboard.press("3");
  await first.keyboard.press("Enter");
  await expect(first.getByText("Nothing is left for you in this campaign")).toBeVisible(); // saved, and nothing new to claim
  await expect(first.getByText("All labels saved")).toBeVisible();
  await first.keyboard.press("ArrowLeft");
  await expect(first.getByTestId("item-position")).toHaveText("Item 3 of my 3 · labelled (revised, version 2)");

  const second = await browser.newPage();
  await openCampaign(second, USERS.annotator2.email);
  const secondLabelled = await labelAll(second, { blind: "1", revised: "1" }, async (itemId) => {
    const response = await second.request.get(`/api/campaigns/${campaignId}/items/${itemId}`);
    const item = (await response.json()) as { llm: unknown; mine: unknown[] };
    expect(item).toMatchObject({ llm: null, mine: [] }); // the first annotator's labels are not here
    expect(JSON.stringify(item)).not.toContain(USERS.annotator.email);
  });
  expect(secondLabelled).toBe(3);

  // overlap 2 with two annotators: every item has both, nobody gets a fourth
  expect(await (await second.request.post(`/api/campaigns/${campaignId}/claim`)).json()).toEqual({ itemId: null });
  expect((await second.request.get(`/api/campaigns/${campaignId}/progress`)).status()).toBe(403);
  await researcher.reload();
  await expect(researcher.getByText("6 of 6 labels")).toBeVisible();
  await expect(researcher.getByRole("table", { name: "Annotators" })).toContainText("Ann Annotator");
  // the LLM said "supported" on all three: the first annotator agreed blind and after, the second never
  const reveal = researcher.getByRole("region", { name: "Effect of the reveal" });
  await expect(reveal.getByRole("row", { name: new RegExp(USERS.annotator.email) })).toContainText("3100.0%100.0%");
  await expect(reveal.getByRole("row", { name: new RegExp(USERS.annotator2.email) })).toContainText("30.0%0.0%");
  await expect(reveal.getByRole("row", { name: /All annotators/ })).toContainText("650.0%50.0%");

  // both phases are stored with their values
  const exported = await (
    await researcher.request.get(`/api/studies/${studyId}/exports?what=annotations&format=jsonl`)
  ).text();
  const mine = exported
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { campaign: string; annotator: string; phase: string; payload: { level: string } })
    .filter((a) => a.campaign === CAMPAIGN);
  const of = (email: string, phase: string) =>
    mine.filter((a) => a.annotator === email && a.phase === phase).map((a) => a.payload.level);
  expect(of(USERS.annotator.email, "blind")).toEqual(["relevant", "relevant", "relevant"]);
  expect(of(USERS.annotator.email, "revised")).toEqual(["partially_relevant", "partially_relevant", "relevant"]);
  expect(of(USERS.annotator2.email, "blind")).toEqual(["non_relevant", "non_relevant", "non_relevant"]);
  expect(of(USERS.annotator2.email, "revised")).toEqual(["non_relevant", "non_relevant", "non_relevant"]);
});

test("an annotator cannot open a campaign they are not assigned to, through the page or the API", async ({
  page,
  browser,
}) => {
  const researcher = await browser.newPage();
  await signIn(researcher, USERS.researcher.email);
  const studyId = await studyIdByName(researcher.request, "Harbor job queue (demo)");
  const { campaigns } = (await (await researcher.request.get(`/api/studies/${studyId}`)).json()) as {
    campaigns: { id: number; name: string }[];
  };
  const others = campaigns.find((c) => c.name === OTHERS_CAMPAIGN)!.id;

  await signIn(page, USERS.annotator.email);
  for (const response of [
    await page.request.get(`/api/campaigns/${others}/workspace`),
    await page.request.post(`/api/campaigns/${others}/claim`),
    await page.request.get(`/api/campaigns/${others}/items/1`),
  ]) {
    expect(response.status()).toBe(404);
  }
  await page.goto(`/annotate/${others}`);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await page.goto("/annotate");
  await expect(page.getByRole("link", { name: OTHERS_CAMPAIGN })).toHaveCount(0);
});
