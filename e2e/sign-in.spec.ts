import { expect, test } from "@playwright/test";
import { LOCKED_USER, PASSWORD, USERS } from "./fixtures/world";

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

  test("ten failed sign-ins lock the account for a while, even with the right password", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const attacker = await playwright.request.newContext({ baseURL });
    for (let i = 0; i < 10; i++) {
      const { csrfToken } = (await (await attacker.get("/api/auth/csrf")).json()) as { csrfToken: string };
      await attacker.post("/api/auth/callback/credentials", {
        form: { csrfToken, email: LOCKED_USER.email, password: `guess-${i}`, json: "true" },
        maxRedirects: 0,
      });
    }
    await attacker.dispose();
    await page.goto("/signin");
    await page.getByLabel("Email").fill(LOCKED_USER.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("signin-error")).toHaveText(
      "Too many failed sign-ins for this account. Wait 15 minutes and try again.",
    );
    expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
  });
});
