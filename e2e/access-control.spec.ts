import { expect, test } from "@playwright/test";
import { signIn, signInViaApi, signOutViaApi, studyIdByName } from "./fixtures/session";
import { PAIR_CAMPAIGN, OTHERS_CAMPAIGN, PRIVATE_STUDY, USERS } from "./fixtures/world";

let demoStudyId: number;
let privateStudyId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  demoStudyId = await studyIdByName(admin, "Harbor job queue (demo)");
  privateStudyId = await studyIdByName(admin, PRIVATE_STUDY.name);
  await admin.dispose();
});

test("anonymous API calls get 401 and reveal nothing", async ({ request }) => {
  for (const path of ["/api/studies", `/api/studies/${demoStudyId}`, "/api/me/campaigns", "/api/admin/users"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(401);
    expect(await response.json()).toEqual({ error: { code: "unauthenticated", message: "Sign in first" } });
  }
});

test("an annotator cannot open researcher or admin pages", async ({ page }) => {
  await signIn(page, USERS.annotator.email);
  for (const path of ["/studies", `/studies/${demoStudyId}`, `/studies/${privateStudyId}`, "/admin/users"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(page.getByText("Harbor job queue (demo)")).toHaveCount(0);
  }
});

test("an annotator cannot call researcher or admin APIs", async ({ page }) => {
  await signIn(page, USERS.annotator.email);
  for (const path of [
    "/api/studies",
    `/api/studies/${demoStudyId}`,
    `/api/studies/${privateStudyId}`,
    "/api/admin/users",
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    expect(JSON.stringify(await response.json())).not.toContain("Harbor");
  }
  const mine = await page.request.get("/api/me/campaigns");
  expect(mine.status()).toBe(200);
  const body = (await mine.json()) as { campaigns: { name: string }[] };
  // the annotator's seeded campaigns (other specs may add more), never the one assigned to the second annotator only
  const names = body.campaigns.map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(["Support calibration (demo)", PAIR_CAMPAIGN]));
  expect(names).not.toContain(OTHERS_CAMPAIGN);
});

test("a researcher cannot open a study they are not a member of, nor admin pages", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  const pageResponse = await page.goto(`/studies/${privateStudyId}`);
  expect(pageResponse?.status()).toBe(404);
  await expect(page.getByText(PRIVATE_STUDY.name)).toHaveCount(0);

  const api = await page.request.get(`/api/studies/${privateStudyId}`);
  expect(api.status()).toBe(404);
  const missing = await page.request.get("/api/studies/999999");
  expect(missing.status()).toBe(404);
  expect(await api.json()).toEqual(await missing.json()); // existence is not revealed

  expect((await page.goto("/admin/users"))?.status()).toBe(404);
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  expect((await page.request.get("/api/studies/not-a-number")).status()).toBe(400);
});

test("an admin sees every study and the user list", async ({ page }) => {
  await signIn(page, USERS.admin.email);
  await page.goto("/studies");
  await expect(page.getByRole("list", { name: "Studies" })).toContainText(PRIVATE_STUDY.name);
  await page.goto("/admin/users");
  await expect(page.getByRole("table", { name: "Users" })).toContainText(USERS.annotator.email);
});

test("a researcher manages only their own study's members, and cannot create accounts", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  // another study's members are not found, exactly as a missing study
  const other = await page.request.get(`/api/studies/${privateStudyId}/members`);
  expect(other.status()).toBe(404);
  expect(await other.json()).toEqual(await (await page.request.get("/api/studies/999999/members")).json());
  expect(
    (
      await page.request.post(`/api/studies/${privateStudyId}/members`, {
        data: { email: USERS.annotator.email, role: "annotator" },
      })
    ).status(),
  ).toBe(404);
  expect((await page.goto(`/studies/${privateStudyId}/members`))?.status()).toBe(404);
  // accounts and invite links are the admin's
  expect(
    (
      await page.request.post("/api/admin/users", {
        data: { email: `new-${Date.now()}@team.example`, role: "annotator" },
      })
    ).status(),
  ).toBe(403);
  // an unknown email: the researcher is told who can create the account
  const unknown = await page.request.post(`/api/studies/${demoStudyId}/members`, {
    data: { email: `nobody-${Date.now()}@team.example`, role: "annotator" },
  });
  expect(unknown.status()).toBe(400);
  expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
    /ask an admin to create it or send an invite link/,
  );
});

test("a password reset and a disabled account end the user's open sessions at once", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const email = `session-${Date.now()}@team.example`;
  const created = await admin.post("/api/admin/users", {
    data: { email, role: "researcher", password: "the first password" },
  });
  expect(created.status()).toBe(200);
  const { user } = (await created.json()) as { user: { id: number } };

  const session = await browser.newContext();
  await signInViaApi(session.request, email, "the first password");
  const page = await session.newPage();
  await page.goto("/studies");
  await expect(page.getByTestId("current-user")).toContainText(email);
  expect(
    (await admin.post(`/api/admin/users/${user.id}/password`, { data: { password: "the second password" } })).status(),
  ).toBe(200);
  // the same cookie, on the very next request
  expect((await session.request.get("/api/studies")).status()).toBe(401);
  await page.goto("/studies");
  await expect(page).toHaveURL(/\/signin/);

  await signInViaApi(session.request, email, "the second password");
  expect((await session.request.get("/api/studies")).status()).toBe(200);
  expect((await admin.patch(`/api/admin/users/${user.id}`, { data: { disabled: true } })).status()).toBe(200);
  expect((await session.request.get("/api/studies")).status()).toBe(401);
  // and a disabled account cannot sign in again
  const again = await browser.newContext();
  await expect(signInViaApi(again.request, email, "the second password")).rejects.toThrow(/sign-in failed .*: 401/);
  expect((await again.request.get("/api/studies")).status()).toBe(401);
  await Promise.all([session.close(), again.close(), admin.dispose()]);
});

test("a signed-out session's cookie is not renewed: /api/auth/session answers no session, and the cookie stays refused", async ({
  playwright,
  baseURL,
}) => {
  const leaving = await playwright.request.newContext({ baseURL });
  await signInViaApi(leaving, USERS.annotator.email);
  const { cookies } = await leaving.storageState();
  expect((await leaving.get("/api/me/campaigns")).status()).toBe(200);
  await signOutViaApi(leaving);
  await leaving.dispose();
  // a copy of the cookie taken before the sign-out asks for a renewal
  const copy = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  const renewal = await copy.get("/api/auth/session");
  expect(await renewal.json()).toEqual({});
  const reissued = renewal.headers()["set-cookie"] ?? "";
  expect(reissued).not.toMatch(/session-token=[^;]/); // cleared, never a fresh token
  expect((await copy.get("/api/me/campaigns")).status()).toBe(401);
  // the cookie as it was, sent again after the renewal attempt
  const again = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  expect((await again.get("/api/me/campaigns")).status()).toBe(401);
  await Promise.all([copy.dispose(), again.dispose()]);
});
