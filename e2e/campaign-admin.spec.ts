import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectOnScreen } from "./fixtures/layout";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

// A researcher runs a campaign from its page: an item one of two annotators skipped is stranded
// (overlap 2) until the researcher gives it back; pausing stops new items, resuming brings them back.
const DEMO = "Harbor job queue (demo)";

async function context(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  email: string,
) {
  const request = await playwright.request.newContext({ baseURL });
  await signInViaApi(request, email);
  return request;
}

const save = (level: string) => ({
  clientId: randomUUID(),
  phase: "blind",
  version: 1,
  payload: { level },
  comment: null,
  startedAt: new Date().toISOString(),
  durationMs: 700,
});

test("a researcher sees a stranded item and gives it back, and pauses and resumes the campaign", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await context(playwright, baseURL, USERS.admin.email);
  const studyId = await studyIdByName(admin, DEMO);
  const { users } = (await (await admin.get("/api/admin/users")).json()) as { users: { id: number; email: string }[] };
  const id = (email: string) => users.find((u) => u.email === email)!.id;
  const name = `Run by its page ${Date.now()}`;
  const created = await admin.post(`/api/studies/${studyId}/campaigns`, {
    data: {
      name,
      taskType: "support",
      scale: { kind: "builtin", id: "binary" },
      protocol: "blind",
      overlap: 2,
      seed: 3,
      annotatorIds: [id(USERS.annotator.email), id(USERS.annotator2.email)],
      sample: { kind: "random_questions", questions: 1, cap: 2 },
    },
  });
  expect(created.status()).toBe(200);
  const campaignId = ((await created.json()) as { id: number }).id;

  // the first annotator skips the first item and labels the other; the second labels both
  const ann = await context(playwright, baseURL, USERS.annotator.email);
  const noor = await context(playwright, baseURL, USERS.annotator2.email);
  const claim = async (who: APIRequestContext) =>
    ((await (await who.post(`/api/campaigns/${campaignId}/claim`)).json()) as { itemId: number | null }).itemId;
  const skipped = (await claim(ann))!;
  expect((await ann.post(`/api/campaigns/${campaignId}/items/${skipped}/skip`)).status()).toBe(200);
  for (let item = await claim(ann); item !== null; item = await claim(ann))
    expect((await ann.put(`/api/campaigns/${campaignId}/items/${item}/annotation`, { data: save("1") })).status()).toBe(
      200,
    );
  for (let item = await claim(noor); item !== null; item = await claim(noor))
    expect(
      (await noor.put(`/api/campaigns/${campaignId}/items/${item}/annotation`, { data: save("0") })).status(),
    ).toBe(200);

  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}/campaigns/${campaignId}`);
  await expect(page.getByTestId("stat-stranded")).toHaveText("1");
  const row = page.getByTestId("stranded-1");
  await expect(row).toContainText(USERS.annotator2.email); // labelled it
  // on a phone, the item's actions and every annotator's figures are on screen, not cut off at the right
  await page.setViewportSize({ width: 390, height: 844 });
  await expectOnScreen(page, row.getByRole("button"), "the stranded item's actions");
  await expectOnScreen(
    page,
    page.getByRole("table", { name: "Annotators" }).getByRole("cell"),
    "the annotators' figures",
  );
  await page.setViewportSize({ width: 1280, height: 720 });
  // closing an item is for good: the researcher is asked first, and saying no changes nothing
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await row.getByRole("button", { name: "Close with 1 label" }).click();
  await expect.poll(() => asked).toBe("Close this item with 1 label? It will get no more labels.");
  await expect(page.getByTestId("stat-stranded")).toHaveText("1");
  await row.getByRole("button", { name: `Give back to ${USERS.annotator.email}` }).click();
  await expect(page.getByRole("table", { name: "Stranded items" })).toHaveCount(0);
  await expect(page.getByTestId("stat-stranded")).toHaveText("0");
  expect(await claim(ann)).toBe(skipped);
  expect(
    (await ann.put(`/api/campaigns/${campaignId}/items/${skipped}/annotation`, { data: save("0") })).status(),
  ).toBe(200);
  await page.reload();
  await expect(page.getByText("4 of 4 labels")).toBeVisible();
  await expect(page.getByTestId("stat-complete")).toHaveText("2");

  // pause: the annotator's workspace says so; resume
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText("paused");
  const annotator = await page.context().browser()!.newPage();
  await signIn(annotator, USERS.annotator.email);
  await annotator.goto(`/annotate/${campaignId}`);
  await expect(annotator.getByText("The campaign is paused by its researcher")).toBeVisible();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText("active");
  await Promise.all([admin.dispose(), ann.dispose(), noor.dispose()]);
});
