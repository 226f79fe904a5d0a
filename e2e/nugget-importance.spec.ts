import { expect, test } from "@playwright/test";
import { signIn, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

// A researcher grades a question's nuggets as the TREC RAG track does (vital or okay) on its
// explorer page: the grade is saved at once, stays after a reload, and raises the list's version.
test("a researcher grades a question's nuggets vital or okay on its page", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  const studyId = await studyIdByName(page.request, "Harbor job queue (demo)");
  await page.goto(`/studies/${studyId}/explorer/questions/hq-108`);
  const nuggets = page.getByRole("list", { name: "Nuggets" });
  const first = nuggets.getByLabel("Importance of N1");
  await expect(first).toHaveValue("");
  const saved = page.waitForResponse((r) => r.url().endsWith("/nuggets/importance") && r.status() === 200);
  await first.selectOption("vital");
  const answer = (await (await saved).json()) as { importance: string; nuggetVersion: number };
  expect(answer.importance).toBe("vital");
  // the second grade is saved before the page reloads (a reload at once could cancel its request)
  const second = page.waitForResponse((r) => r.url().endsWith("/nuggets/importance") && r.status() === 200);
  await nuggets.getByLabel("Importance of N2").selectOption("okay");
  await second;
  await page.reload();
  await expect(nuggets.getByLabel("Importance of N1")).toHaveValue("vital");
  await expect(nuggets.getByLabel("Importance of N2")).toHaveValue("okay");
  // the list's version rose with each change; taking a grade away is a change too
  const back = page.waitForResponse((r) => r.url().endsWith("/nuggets/importance") && r.status() === 200);
  await nuggets.getByLabel("Importance of N1").selectOption("");
  expect(((await (await back).json()) as { nuggetVersion: number }).nuggetVersion).toBe(answer.nuggetVersion + 2);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(nuggets.getByLabel("Importance of N2")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
