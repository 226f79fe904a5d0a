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

  test("a client that names a new address on every wrong password is still slowed after five", async ({
    playwright,
    baseURL,
  }) => {
    // Assay's server takes the address from the connection: the header is the client's own word.
    // (Another client's right password is never kept out: scripts/faults/sign-ins.ts, from distinct
    // source addresses, which one browser here cannot have.)
    const attacker = await playwright.request.newContext({ baseURL });
    const attempt = async (password: string, forwardedFor: string) => {
      const headers = { "x-forwarded-for": forwardedFor };
      const { csrfToken } = (await (await attacker.get("/api/auth/csrf", { headers })).json()) as { csrfToken: string };
      const response = await attacker.post("/api/auth/callback/credentials", {
        form: { csrfToken, email: TARGETED_USER.email, password, json: "true" },
        headers,
        maxRedirects: 0,
      });
      return new URL(((await response.json()) as { url: string }).url).searchParams.get("error");
    };
    const outcomes = [];
    for (let i = 0; i < 6; i++) outcomes.push(await attempt(`guess-${i}`, `203.0.113.${i + 1}`));
    expect(outcomes).toEqual([...Array(5).fill("CredentialsSignin"), "too_many_attempts"]);
    expect(await attempt(PASSWORD, "198.51.100.1")).toBe("too_many_attempts");
    await attacker.dispose();
  });

  test("a crowd signing in together waits its turn, and the form says so", async ({ page, playwright, baseURL }) => {
    // 80 sign-ins at once from the browser's own address (Chromium reaches localhost at ::1; a class
    // behind one router), sent just before the form's: the form's waits behind them
    const crowd = await playwright.request.newContext({ baseURL: baseURL!.replace("localhost", "[::1]") });
    const { csrfToken } = (await (await crowd.get("/api/auth/csrf")).json()) as { csrfToken: string };
    await page.goto("/signin");
    await page.getByLabel("Email").fill(USERS.researcher.email);
    await page.getByLabel("Password").fill(PASSWORD);
    const arriving = Array.from({ length: 80 }, () =>
      crowd.post("/api/auth/callback/credentials", {
        form: { csrfToken, email: USERS.annotator2.email, password: PASSWORD, json: "true" },
        maxRedirects: 0,
      }),
    );
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("signin-waiting")).toHaveText(
      "Many people are signing in: your turn is kept, this takes a few seconds.",
    );
    await expect(page).toHaveURL(/\/studies$/, { timeout: 60_000 });
    const answers = await Promise.all(arriving);
    expect(answers.filter((a) => a.headers()["set-cookie"]?.includes("session-token="))).toHaveLength(80);
    await crowd.dispose();
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
