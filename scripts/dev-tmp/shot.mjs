import { chromium } from "@playwright/test";
const base = "http://localhost:3399";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
await page.goto(base + "/");
await page.getByLabel("Email").fill("researcher@assay.local");
await page.getByLabel("Password").fill("assay-demo");
await page.getByRole("button", { name: "Sign in" }).click();
await page.waitForURL(/studies/);
const url = process.argv[2];
for (const width of [1280, 390]) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(base + url);
  await page.screenshot({ path: `/tmp/shot-${width}.png`, fullPage: true });
}
console.log(page.url());
await browser.close();
