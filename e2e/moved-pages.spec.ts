import { expect, test } from "@playwright/test";
import { signIn, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

// Pages moved to their feature's slug (docs/ARCHITECTURE.md, "One slug per feature"): every old
// path answers with a permanent redirect to the new one, its query kept, before any sign-in check.
const MOVED: [string, string][] = [
  ["questions?q=hq-107&page=2", "explorer?q=hq-107&page=2"],
  ["questions/hq-101?only=disagreements", "explorer/questions/hq-101?only=disagreements"],
  ["disagreements?page=2", "explorer/disagreements?page=2"],
  ["judges", "judging"],
  ["data?format=qrels", "import-export?format=qrels"],
];

for (const [old, now] of MOVED)
  test(`/studies/7/${old} moved to /studies/7/${now}`, async ({ request }) => {
    const response = await request.get(`/studies/7/${old}`, { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(response.headers().location).toBe(`/studies/7/${now}`);
  });

test("a researcher's old link opens the page it named", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  const studyId = await studyIdByName(page.request, "Harbor job queue (demo)");
  await page.goto(`/studies/${studyId}/judges`);
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}/judging$`));
  await expect(page.getByRole("heading", { level: 1, name: "LLM judges" })).toBeVisible();
  await page.goto(`/studies/${studyId}/questions`);
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}/explorer$`));
  await expect(
    page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Questions" }),
  ).toHaveAttribute("aria-current", "page");
});
