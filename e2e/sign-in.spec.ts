import { expect, test } from "@playwright/test";
import { TARGETED_USER, PASSWORD, USERS } from "./fixtures/world";

test.describe("sign-in", () => {
  test("a signed-out visitor is sent to the sign-in page", async ({ page }) => {
    await page.goto("/studies");
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  const homes = [
    { user: USERS.admin, url: /\/studies$/, heading: "Studies" },
    { user: USERS.researcher, url: /\/studies$/, heading: "Studies" },
    { user: USERS.annotator, url: /\/annotate$/, heading: "Your campaigns" },
  ];
  for (const { user, url, heading } of homes) {
    test(`${user.role} signs in with the form and lands on their home`, async ({ page }) => {
      await page.goto("/signin");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByTestId("current-user")).toContainText(user.name);
      await expect(page.getByTestId("current-role")).toHaveText(user.role);
    });
  }

  test("the researcher's home lists the demo study; the annotator's lists their campaign", async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("Email").fill(USERS.annotator.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    const campaigns = page.getByRole("list", { name: "Assigned campaigns" });
    await expect(campaigns).toContainText("Support calibration (demo)");
    await expect(campaigns).toContainText("0 of 10 items done");
    await expect(page.getByRole("link", { name: "Studies" })).toHaveCount(0);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/signin/);
    await page.getByLabel("Email").fill(USERS.researcher.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("list", { name: "Studies" })).toContainText("Harbor job queue (demo)");
    await expect(page.getByRole("list", { name: "Studies" })).not.toContainText("Private study");
  });

  test("a wrong password shows a clear error and keeps the visitor signed out", async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("Email").fill(USERS.researcher.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("signin-error")).toHaveText("Wrong email or password.");
    await expect(page).toHaveURL(/\/signin/);
    const session = await (await page.request.get("/api/auth/session")).json();
    expect(session).toEqual({});
  });

  test("an attacker's failed sign-ins slow the attacker down, never lock the account's owner out", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // the attacker's requests name their own address, as a proxy in front of Assay would
    const attacker = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "x-forwarded-for": "203.0.113.7" },
    });
    const attempt = async (password: string) => {
      const { csrfToken } = (await (await attacker.get("/api/auth/csrf")).json()) as { csrfToken: string };
      const response = await attacker.post("/api/auth/callback/credentials", {
        form: { csrfToken, email: TARGETED_USER.email, password, json: "true" },
        maxRedirects: 0,
      });
      return new URL(((await response.json()) as { url: string }).url).searchParams.get("error");
    };
    const outcomes = [];
    for (let i = 0; i < 8; i++) outcomes.push(await attempt(`guess-${i}`));
    expect(outcomes).toEqual([
      ...Array(5).fill("CredentialsSignin"),
      ...Array(3).fill("too_many_attempts"), // the sixth waits a second after the fifth failure
    ]);
    // the attacker is slowed even with the right password...
    expect(await attempt(PASSWORD)).toBe("too_many_attempts");
    await attacker.dispose();
    // ...and the owner, from their own address, signs in at once
    await page.goto("/signin");
    await page.getByLabel("Email").fill(TARGETED_USER.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/studies$/);
    await expect(page.getByTestId("current-user")).toContainText(TARGETED_USER.name);
  });

  test("a sign-in body past 16 KiB is refused before it is read; a 5 MB email never reaches the throttle", async ({
    request,
  }) => {
    const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    const response = await request.post("/api/auth/callback/credentials", {
      form: { csrfToken, email: `${"a".repeat(5_000_000)}@x.org`, password: "whatever", json: "true" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("too_large");
  });
});
