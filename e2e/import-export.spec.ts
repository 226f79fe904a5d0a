import { expect, test } from "@playwright/test";
import { campaignIdByName } from "./fixtures/annotate-api";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { IMPORT_STUDY, OTHERS_CAMPAIGN, USERS } from "./fixtures/world";

const DEMO = "Harbor job queue (demo)";
let studyId: number;
let playgroundId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  studyId = await studyIdByName(admin, DEMO);
  playgroundId = await studyIdByName(admin, IMPORT_STUDY.name);
  await admin.dispose();
});

const file = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

test("a researcher previews and imports a file, re-imports it, and sees a bad file rejected line by line", async ({
  page,
}) => {
  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${playgroundId}`);
  await page.getByRole("link", { name: "Import and export" }).click();
  await expect(page.getByRole("heading", { name: "Import and export" })).toBeVisible();
  const panel = page.getByRole("region", { name: "Import" });

  await panel.getByLabel("Format").selectOption("beir-queries");
  await panel
    .getByLabel("File")
    .setInputFiles(file("extra-queries.tsv", "e2e-q1\tHow do I pause a queue?\ne2e-q2\tCan jobs have priorities?\n"));
  const preview = page.getByTestId("import-preview");
  await expect(preview).toContainText("first 2 rows");
  await expect(preview).toContainText("e2e-q1");
  await expect(preview).toContainText("How do I pause a queue?");

  await panel.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Imported 2 rows from extra-queries.tsv");
  await expect(page.getByTestId("import-result")).not.toContainText("0.0 s");
  await expect(page.getByTestId("import-result")).toContainText("Added 2 questions.");

  await panel.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Nothing new");

  await panel.getByLabel("Format").selectOption("trec-qrels");
  await panel.getByLabel("Judge (required)").fill("e2e-judge");
  await panel.getByLabel("Scale (required)").selectOption("graded-0-2");
  await panel.getByLabel("File").setInputFiles(file("bad.qrels", "e2e-q1 0 nowhere 1\ne2e-q2 0\n"));
  await expect(preview).toContainText("line 2: expected 4 columns (qid 0 docid rel), found 2");
  await panel.getByRole("button", { name: "Import" }).click();
  const errors = page.getByTestId("import-errors");
  await expect(errors.getByText("Nothing was imported: 2 errors.")).toBeVisible();
  // each error once, and the web's own hint (its checkbox, never the command line's flag), once
  await expect(
    errors.getByText('bad.qrels line 1, field docid: unknown document "nowhere" (import the corpus first)'),
  ).toHaveCount(1);
  await expect(errors).toContainText("tick “Create missing queries and documents” and import again.");
  await expect(errors).not.toContainText("--create-missing");
  await expect(errors).toContainText("bad.qrels line 2: expected 4 columns (qid 0 docid rel), found 2");

  await page.goto(`/studies/${playgroundId}`);
  await expect(page.getByTestId("stat-questions")).toHaveText("3");
  await expect(page.getByRole("table")).not.toContainText("e2e-judge");
});

test("a researcher downloads LLM labels as qrels and the study as a bundle", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}/import-export`);
  const panel = page.getByRole("region", { name: "Export" });
  // the demo's LLMs judged (nugget, chunk) pairs only: qrels of (question, chunk) pairs are not offered, and the page says why
  await expect(panel.getByLabel("Format")).toHaveValue("trec-qrels");
  await expect(panel.getByTestId("export-nothing")).toHaveText("No judge has labels to export as trec-qrels yet.");
  await panel.getByLabel("Format").selectOption("nugget-qrels");
  await expect(panel.getByLabel(/^Judge/).locator("option", { hasText: "All human judges" })).toHaveCount(0); // qrels hold one judge
  await panel.getByLabel(/^Judge/).selectOption("gpt-4o");
  const [qrels] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(qrels.suggestedFilename()).toBe("harbor-demo-labels.nugget-qrels");
  const lines = (await (await qrels.createReadStream()).toArray()).join("").trim().split("\n");
  expect(lines).toHaveLength(320);
  expect(lines[0]).toMatch(/^hq-101 hq-101_1 harbor-dev\/\S+ [01]$/);

  await panel.getByLabel("What").selectOption("study");
  const [bundle] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("button", { name: "Download" }).click(),
  ]);
  const first = (await (await bundle.createReadStream()).toArray()).join("").split("\n")[0];
  expect(JSON.parse(first!)).toEqual({
    type: "bundle",
    version: 6,
    study: { name: DEMO, description: expect.any(String), passage_display: "auto" },
  });
});

test("a campaign with nothing to export says so on its page instead of downloading an empty file", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  const campaignId = await campaignIdByName(page.request, studyId, OTHERS_CAMPAIGN);
  await page.goto(`/studies/${studyId}/campaigns/${campaignId}`);
  let downloads = 0;
  page.on("download", () => downloads++);
  await page.getByRole("button", { name: "Export annotations (JSONL)" }).click();
  await expect(page.getByRole("alert", { name: "Download error" })).toHaveText("this campaign has no annotations yet");
  expect(downloads).toBe(0);
});

test("an annotator can neither import nor export", async ({ page }) => {
  await signIn(page, USERS.annotator.email);
  const upload = await page.request.post(`/api/studies/${studyId}/imports?format=beir-queries&file=x.tsv`, {
    data: "x1\tSneaky?\n",
  });
  expect(upload.status()).toBe(403);
  const download = await page.request.get(`/api/studies/${studyId}/exports?what=labels&format=csv&judge=gpt-4o`);
  expect(download.status()).toBe(403);
  expect(await download.text()).not.toContain("gpt-4o,");
  expect((await page.goto(`/studies/${studyId}/import-export`))?.status()).toBe(404);
});
