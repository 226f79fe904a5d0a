import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { FEDERATED_STUDY, USERS } from "./fixtures/world";

const file = (name: string, text: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) });

// FeB4RAG's fused LLM found two of nq's ten results for request 16 not relevant (nq scores 20); an
// expert's labels call them key. The researcher imports them and compares the resources under the
// LLM and under the LLM corrected by the expert: nq goes to 20 + 2 x 10 = 40 for request 16.
test("a researcher sees how a federated study's engines score per request under the LLM and under human corrections", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const studyId = await studyIdByName(admin, FEDERATED_STUDY.name);
  await admin.dispose();

  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}/import-export`);
  const panel = page.getByRole("region", { name: "Import" });
  await panel.getByLabel("Format").selectOption("trec-qrels");
  await panel.getByLabel("Judge (required)").fill("expert");
  await panel.getByLabel("Judge kind").selectOption("human");
  await panel.getByLabel("Scale (required)").selectOption("feb4rag-0-3");
  await panel.getByLabel("File").setInputFiles(file("expert.qrels", "16 0 nq/doc1218292 3\n16 0 nq/doc1218270 3\n"));
  await panel.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Imported 2 rows from expert.qrels");

  await page.goto(`/studies/${studyId}`);
  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Resources" }).click();
  await page.getByLabel("Label set A").selectOption("feb4rag-fused-llm");
  await page.getByLabel("Label set B").selectOption("corrected:feb4rag-fused-llm");
  await page.getByRole("button", { name: "Score the engines" }).click();
  await expect(page.getByTestId("resource-summary")).toContainText("16 engines over 80 requests");
  await expect(page.getByTestId("resource-summary")).toContainText("the order of engines changes for 1 request.");
  await expect(page.getByTestId("request-16")).toContainText("nq 20 → 40");
  await expect(page.getByRole("table", { name: "Requests that move most" }).getByRole("row").nth(1)).toHaveAttribute(
    "data-testid",
    "request-16",
  );
  await expect(
    page.getByRole("table", { name: "Engines under both label sets" }).getByRole("row", { name: /^nq/ }),
  ).toBeVisible();
  await expect(
    page
      .locator('[aria-label^="Bar chart of requests by engines with relevant results"] .recharts-bar-rectangle')
      .first(),
  ).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = fs
    .readFileSync(await download.path(), "utf8")
    .trim()
    .split("\n");
  expect(csv).toHaveLength(1 + 80 * 16);
  expect(csv).toContain("16,nq,10,20,40");
});
