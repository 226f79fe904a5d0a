import { expect, test, type Page } from "@playwright/test";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { HOSTILE_STUDY, USERS } from "./fixtures/world";

/** The page ran none of the hostile content's scripts and holds no live event handler or javascript: link from it. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(await page.locator("[onerror], [onmouseover], [onclick]").count()).toBe(0);
  expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
  expect(await page.locator("main script").count()).toBe(0);
}

test("hostile imported content renders as text: no script runs, no handler or javascript: link survives", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await signIn(page, USERS.researcher.email);
  const studyId = await studyIdByName(page.request, HOSTILE_STUDY.name);
  await page.goto(`/studies/${studyId}`);
  await expectInert(page);
  await page.goto(`/studies/${studyId}/explorer`);
  await page
    .getByRole("link", { name: /evil-1/ })
    .first()
    .click();
  await expect(page.getByText("<script>window.__pwned = 'body'</script>", { exact: false }).first()).toBeVisible(); // shown as text
  await expectInert(page);
  for (const chunk of ["evil-code", "evil-doc"]) {
    await page.getByRole("link", { name: chunk }).first().click();
    await expect(page.getByRole("region", { name: "Chunk viewer" }).getByLabel(`Chunk ${chunk}`)).toBeVisible();
    await expectInert(page);
  }
  // the hostile scripts were escaped, so the policy had nothing of Assay's own to block
  expect(violations).toEqual([]);
});

test("every response carries a strict Content Security Policy and the usual security headers", async ({ request }) => {
  const directive = (csp: string, name: string) =>
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));
  for (const path of ["/signin", "/api/health", "/api/auth/error"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    // pages run Assay's own scripts by a fresh nonce; an API answer runs none at all
    if (path.startsWith("/api/")) expect(directive(csp, "script-src")).toBe("script-src 'none'");
    else expect(directive(csp, "script-src")).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(directive(csp, "object-src") ?? directive(csp, "default-src")).toMatch(/'none'$/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["referrer-policy"]).toBe("same-origin");
  }
  const [first, second] = [await request.get("/signin"), await request.get("/signin")];
  expect(first.headers()["content-security-policy"]).not.toBe(second.headers()["content-security-policy"]); // a fresh nonce per request
});

test("a change requested from another site is refused before anything is read or written", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  const studyId = await studyIdByName(page.request, "Harbor job queue (demo)");
  const url = `/api/studies/${studyId}/campaigns/preview`;
  const foreign = await page.request.post(url, { data: {}, headers: { origin: "https://evil.example" } });
  expect(foreign.status()).toBe(403);
  expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe(
    "Cross-site requests are refused",
  );
  const crossSite = await page.request.post(url, { data: {}, headers: { "sec-fetch-site": "cross-site" } });
  expect(crossSite.status()).toBe(403);
  // the same request from Assay itself reaches validation
  expect((await page.request.post(url, { data: {} })).status()).toBe(400);
});

test("robots.txt keeps search engines out, and is served to anyone", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("Disallow: /");
});

test("a JSON body over 1 MiB is refused with 413 before it is parsed, signed in or not", async ({
  playwright,
  baseURL,
}) => {
  const big = JSON.stringify({ password: "x".repeat(2 * 1024 * 1024) });
  const anonymous = await playwright.request.newContext({ baseURL });
  const invite = await anonymous.post(`/api/invites/${"x".repeat(43)}`, {
    data: big,
    headers: { "content-type": "application/json" },
  });
  expect(invite.status()).toBe(413);
  expect(((await invite.json()) as { error: { message: string } }).error.message).toBe(
    "The request body is larger than 1 MiB (ASSAY_MAX_JSON_BYTES raises it)",
  );
  await anonymous.dispose();
  const researcher = await playwright.request.newContext({ baseURL });
  await signInViaApi(researcher, USERS.researcher.email);
  const study = await researcher.post("/api/studies", {
    data: JSON.stringify({ name: "Too big", description: "x".repeat(2 * 1024 * 1024) }),
    headers: { "content-type": "application/json" },
  });
  expect(study.status()).toBe(413);
  await researcher.dispose();
});
