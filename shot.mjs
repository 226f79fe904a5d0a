import { chromium } from "@playwright/test";
const [,, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ baseURL: "http://localhost:3320", viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await page.goto("/signin");
  await page.getByLabel("Email").fill(process.env.WHO ?? "researcher@assay.local");
  await page.getByLabel("Password").fill("assay-demo");
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
  for (const [i, p] of paths.entries()) {
    await page.goto(p);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `/tmp/shot-${i}-${width}.png`, fullPage: process.env.FULL === "1", clip: process.env.FULL === "1" ? { x: 0, y: Number(process.env.Y ?? 0), width, height: 1400 } : undefined });
  }
  await ctx.close();
}
await browser.close();
