import { expect, test } from "@playwright/test";
import { campaignIdByName } from "./fixtures/annotate-api";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { OTHERS_CAMPAIGN, USERS } from "./fixtures/world";

type Item = { mine: { level: string | null; version: number }[] };

// The second annotator labels while the browser is offline: the label is shown as pending and
// stored once the connection is back. Then a change whose save cannot get through is kept in the
// browser when the tab is closed, and a new tab stores it, exactly once.
test("labels entered offline wait as pending, survive a closed tab, and are stored exactly once", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const campaignId = await campaignIdByName(
    admin,
    await studyIdByName(admin, "Harbor job queue (demo)"),
    OTHERS_CAMPAIGN,
  );
  await admin.dispose();

  await signIn(page, USERS.annotator2.email);
  await page.goto(`/annotate/${campaignId}`);
  await expect(page.getByTestId("item-position")).toContainText("not labelled yet");
  const itemId = Number(new URL(page.url()).searchParams.get("item"));
  const stored = async () =>
    ((await (await page.context().request.get(`/api/campaigns/${campaignId}/items/${itemId}`)).json()) as Item).mine;

  await page.context().setOffline(true);
  await page.keyboard.press("3"); // Relevant
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "1 label pending" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("retrying (kept in this browser)");
  await page.context().setOffline(false); // the browser's "online" event sends it at once
  await expect(page.getByRole("status").filter({ hasText: "All labels saved" })).toBeVisible();
  expect(await stored()).toEqual([expect.objectContaining({ level: "relevant", version: 1 })]);

  // a revision whose save cannot reach the server, then the tab is closed; the route is the
  // context's, not the page's, so a retry due while the tab closes is refused too (a page's routes
  // are torn down with it, and a slow machine once let such a retry through)
  await page.goto(`/annotate/${campaignId}?item=${itemId}`);
  await expect(page.getByTestId("item-position")).toContainText("labelled (blind, version 1)");
  const context = page.context();
  await context.route("**/annotation", (route) => route.abort("internetdisconnected"));
  await page.keyboard.press("1"); // Non-relevant
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "1 label pending" })).toBeVisible();
  await page.close();
  expect(await stored()).toEqual([expect.objectContaining({ level: "relevant", version: 1 })]);
  await context.unroute("**/annotation");

  const again = await context.newPage();
  await again.goto(`/annotate/${campaignId}?item=${itemId}`);
  await expect(again.getByRole("status").filter({ hasText: "All labels saved" })).toBeVisible();
  await expect.poll(stored).toEqual([expect.objectContaining({ level: "non_relevant", version: 2 })]);
});
