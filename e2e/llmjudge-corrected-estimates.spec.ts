import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { firstDayCli } from "./fixtures/first-day-cli";
import { expect, request as apiRequest, test } from "@playwright/test";
import { ppiMean } from "../lib/domain/ppi/ppi-mean";
import { signInViaApi } from "./fixtures/session";
import { qrelsRows } from "../test/llmjudge-data";

// Corrected estimates on LLMJudge, on the server whose database starts empty: NIST's qrels and
// willia-umbrela3's as a qrels-only study (with the CLI); in the browser the researcher creates a
// campaign of 300 pairs drawn uniformly at random; two annotators label it through the app's API
// by copying NIST's label; the page shows the share of pairs at level >= 2 as the LLM alone, the
// people alone and PPI, equal to the domain function on the same labels.
const STUDY = "LLMJudge corrected";
const LLM = "willia-umbrela3";
const RESEARCHER = { email: "rosa@ppi.example", password: "prediction powered" };
const ANNOTATORS = [
  { email: "ada@ppi.example", password: "copies the assessors" },
  { email: "bea@ppi.example", password: "copies them too" },
];

const nist = new Map(qrelsRows("human_qrels.txt", true).map(([q, d, rel]) => [`${q} ${d}`, rel]));
const llm = new Map(qrelsRows(`llm_labels/${LLM}.txt`, true).map(([q, d, rel]) => [`${q} ${d}`, Number(rel)]));

test("corrected estimates: a uniform sample of 300 pairs corrects an LLM's share of relevant pairs", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(540_000); // 600 labels through the API
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ppi-e2e-"));
  const write = (name: string, rows: [string, string, string][]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${rows.map(([q, d, r]) => `${q} 0 ${d} ${r}`).join("\n")}\n`);
    return file;
  };
  firstDayCli(["user", "create", "--email", RESEARCHER.email, "--role", "researcher"], `${RESEARCHER.password}\n`);
  for (const a of ANNOTATORS)
    firstDayCli(["user", "create", "--email", a.email, "--role", "annotator"], `${a.password}\n`);
  const importQrels = (judge: string, kind: string, file: string) =>
    firstDayCli([
      "import",
      "--study",
      STUDY,
      "--format",
      "trec-qrels",
      "--judge",
      judge,
      "--judge-kind",
      kind,
      "--scale",
      "trec-dl-0-3",
      "--create-missing",
      "--owner",
      RESEARCHER.email,
      file,
    ]);
  importQrels("nist", "human", write("nist.txt", qrelsRows("human_qrels.txt", true)));
  importQrels(LLM, "model", write(`${LLM}.txt`, qrelsRows(`llm_labels/${LLM}.txt`, true)));
  for (const a of ANNOTATORS)
    firstDayCli(["members", "add", "--study", STUDY, "--email", a.email, "--role", "annotator"]);

  // the researcher creates the campaign in the browser
  await page.goto("/");
  await page.getByLabel("Email").fill(RESEARCHER.email);
  await page.getByLabel("Password").fill(RESEARCHER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("link", { name: STUDY }).click();
  await expect(page.getByRole("heading", { name: STUDY })).toBeVisible();
  const studyUrl = page.url();
  await page.goto(`${studyUrl}/campaigns/new`);
  await page.getByLabel("Name").fill("Corrected estimates: 300 random pairs");
  await page.getByLabel("Task").selectOption("relevance");
  await page.getByLabel("Scale").selectOption({ label: "Perfectly / highly relevant / related / irrelevant" });
  await page.getByLabel("Sample").selectOption({ label: "Corrected estimates: N pairs uniformly at random" });
  await page.getByLabel("Pairs (N)").fill("300");
  await page.getByRole("button", { name: "Preview sample" }).click();
  await page.getByRole("button", { name: "Create and start" }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const campaignId = Number(/\/campaigns\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText("Corrected estimates: N pairs uniformly at random (N = 300)")).toBeVisible();
  // the blind campaign keeps its LLM judge (its report compares each annotator with it), shown to researchers only
  await expect(page.getByText(`Blind (${LLM})`)).toBeVisible();

  // two annotators copy NIST's label on every item they are given
  const sampled = new Set<string>();
  for (const a of ANNOTATORS) {
    const request = await apiRequest.newContext({ baseURL });
    await signInViaApi(request, a.email, a.password);
    for (;;) {
      const { itemId } = (await (await request.post(`/api/campaigns/${campaignId}/claim`)).json()) as {
        itemId: number | null;
      };
      if (itemId === null) break;
      const item = (await (await request.get(`/api/campaigns/${campaignId}/items/${itemId}`)).json()) as {
        question: { id: string };
        document: { id: string };
      };
      expect((item as { llm?: unknown }).llm).toBeNull(); // blind: never the LLM's label
      const key = `${item.question.id} ${item.document.id}`;
      sampled.add(key);
      const saved = await request.put(`/api/campaigns/${campaignId}/items/${itemId}/annotation`, {
        data: {
          clientId: randomUUID(),
          phase: "blind",
          version: 1,
          payload: { taskType: "relevance", level: nist.get(key) },
          comment: null,
          startedAt: new Date().toISOString(),
          durationMs: 1000,
        },
      });
      expect(saved.status()).toBe(200);
    }
    await request.dispose();
  }
  expect(sampled.size).toBe(300);

  // the page: the share of pairs at level >= 2, three ways
  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Corrected estimates" }).click();
  const form = page.getByRole("form", { name: "Labels to correct" });
  await form.getByLabel("LLM labels").selectOption({ label: `${LLM} (LLM)` });
  await form
    .getByLabel("People's labels")
    .selectOption({ label: "Annotators of Corrected estimates: 300 random pairs (mean over annotators)" });
  await form.getByLabel("Confidence").selectOption({ label: "90%" });
  await form.getByRole("button", { name: "Estimate" }).click();
  await expect(page.getByTestId("sample-validity")).toContainText(
    "The pairs' estimates are valid for PPI: Corrected estimates: 300 random pairs drew its pairs uniformly at random",
  );
  const y: number[] = [];
  const yhat: number[] = [];
  const yhatUnlabelled: number[] = [];
  for (const [key, level] of llm) {
    if (sampled.has(key)) {
      y.push(Number(nist.get(key)) >= 2 ? 1 : 0);
      yhat.push(level >= 2 ? 1 : 0);
    } else yhatUnlabelled.push(level >= 2 ? 1 : 0);
  }
  const expected = ppiMean({ y, yhat, yhatUnlabelled, confidence: 0.9 });
  const share = page.getByTestId("quantity-share");
  const cell = (row: string, column: number) => share.getByTestId(`estimate-${row}`).getByRole("cell").nth(column);
  await expect(cell("llm", 1)).toHaveText(expected.llmOnly.estimate.toFixed(4)); // 0.1519, the truth is 0.2679
  await expect(cell("people", 1)).toHaveText(expected.classical.estimate.toFixed(4));
  await expect(cell("people", 2)).toHaveText(
    `[${expected.classical.low.toFixed(3)}, ${expected.classical.high.toFixed(3)}]`,
  );
  await expect(cell("ppi", 1)).toHaveText(expected.estimate.toFixed(4));
  await expect(cell("ppi", 2)).toHaveText(`[${expected.low.toFixed(3)}, ${expected.high.toFixed(3)}]`);
  await expect(share.getByRole("img", { name: /Dot chart: The three estimates/ })).toBeVisible();
  // the planner links to the campaign that draws more pairs
  const more = page
    .getByTestId("planner-share")
    .getByRole("link", { name: /Create a campaign of \d+ random pairs/ })
    .first();
  await more.click();
  await expect(page.getByLabel("Pairs (N)")).not.toHaveValue("300");
  await expect(page.getByLabel("Sample")).toHaveValue("random_pairs");
});
