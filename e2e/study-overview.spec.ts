import { expect, test } from "@playwright/test";
import { signIn, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

test("a researcher opens the demo study and sees its counts and judges", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  await page.goto("/studies");
  await page.getByRole("link", { name: /Harbor job queue \(demo\)/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Harbor job queue (demo)" })).toBeVisible();
  const counts = {
    questions: "10",
    nuggets: "32",
    chunks: "80",
    "pooled-pairs": "100",
    "llm-labels": "640",
    systems: "5",
    "rag-responses": "10",
  };
  for (const [stat, value] of Object.entries(counts)) await expect(page.getByTestId(`stat-${stat}`)).toHaveText(value);
  // other specs add campaigns to the demo study; its own is listed whatever their number
  await expect(page.getByRole("list", { name: "Campaigns" })).toContainText("Support calibration (demo)");
  // every report its data can fill is one click away; the one it cannot (no federated results) waits under More
  const nav = page.getByRole("navigation", { name: "Study" });
  for (const name of [
    "Questions",
    "Disagreements",
    "Agreement",
    "Impact",
    "Corrected estimates",
    "Drift",
    "Nugget quality",
    "Preferences",
    "Import and export",
  ]) {
    await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("link", { name: /^Members \(\d+\)$/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Resources", exact: true })).toBeHidden();
  await nav.getByText("More ▾").click();
  await expect(nav.getByRole("link", { name: "Resources", exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Campaigns" })).not.toContainText(/\b1 items\b/);
  const judges = page.getByRole("table");
  await expect(judges).toContainText("gpt-4o");
  await expect(judges).toContainText("solar-11b");
});

test("every page of a study names it and links its sections, marking the open one", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  const studyId = await studyIdByName(page.request, "Harbor job queue (demo)");
  await page.goto(`/studies/${studyId}/impact`);
  const nav = page.getByRole("navigation", { name: "Study" });
  await expect(nav.getByRole("link", { name: "Impact", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Agreement", exact: true })).not.toHaveAttribute("aria-current");
  await nav.getByRole("link", { name: "Agreement", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Agreement" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Agreement", exact: true })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Harbor job queue (demo)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Harbor job queue (demo)" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}$`));
});
