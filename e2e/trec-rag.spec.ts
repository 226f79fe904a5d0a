import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectFits } from "./fixtures/layout";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";

// A TREC RAG study as a team brings it, on the first-day server (a database that starts empty):
// three runs' answers (the track's submission JSONL, segments without their texts), the topics'
// nuggets with their importance, and two judges' nugget assignments (an LLM's and NIST-style
// assessors'), all through the import page (test/fixtures/trec-rag, made by its generate.py). Benchmark
// impact ranks the runs under both with nuggetizer's scores, at 1,280 and 390 px; the assessors'
// assignments download as nuggetizer's JSONL, which scores as the file it came from.
const RESEARCHER = { email: "rag@trec.example", password: "nuggets all the way" };
const FILES = path.resolve("test/fixtures/trec-rag");
const scoresOf = (file: string) =>
  new Map(
    firstDayCli(["nugget-scores", "--assignments", file])
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, number | string>)
      .map((r) => [r.run_id as string, r]),
  );

test("a TREC RAG study: answers, nuggets and two judges' assignments imported, runs ranked under both", async ({
  page,
}) => {
  const studyUrl = await newResearcherStudy(page, RESEARCHER, "Trams RAG");
  await page.getByRole("link", { name: "Import and export" }).click();

  const panel = page.getByRole("region", { name: "Import" });
  const importFile = async (format: string, file: string, judge?: { name: string; kind: "LLM" | "Human" }) => {
    await panel.getByLabel("Format").selectOption({ label: format });
    if (judge) {
      await panel.getByLabel("Judge (required)").fill(judge.name);
      await panel.getByLabel("Judge kind").selectOption({ label: judge.kind });
    }
    await panel.getByLabel("File", { exact: true }).setInputFiles(path.join(FILES, file));
    await panel.getByRole("button", { name: "Import", exact: true }).click();
  };

  // the answers cite segments the study does not have: refused with line and field, until asked to create them
  await importFile("TREC RAG answers (JSONL)", "answers.jsonl");
  await expect(panel.getByRole("alert")).toContainText(
    /answers\.jsonl line 1, field references\[0\]: unknown document "msmarco_v2\.1_doc_\S+" \(import the corpus first\)/,
  );
  await expect(panel.getByRole("alert")).toContainText("tick “Create missing queries and documents” and import again.");
  await panel.getByLabel("Create missing queries and documents").check();
  await panel.getByRole("button", { name: "Import", exact: true }).click();
  await expect(panel.getByTestId("import-result")).toContainText("from answers.jsonl");
  await expect(panel.getByTestId("import-result")).toContainText("Added 4 questions");

  await importFile("nuggetizer nuggets (JSONL)", "nuggets.jsonl");
  await expect(panel.getByTestId("import-result")).toContainText("from nuggets.jsonl");
  await importFile("nuggetizer assignments (JSONL)", "assignments-llm.jsonl", { name: "llm", kind: "LLM" });
  await expect(panel.getByTestId("import-result")).toContainText("from assignments-llm.jsonl");
  await importFile("nuggetizer assignments (JSONL)", "assignments-nist.jsonl", { name: "nist", kind: "Human" });
  await expect(panel.getByTestId("import-result")).toContainText("from assignments-nist.jsonl");

  // Benchmark impact: the runs under the assessors' and the LLM's assignments, nuggetizer's numbers
  const nist = scoresOf(path.join(FILES, "assignments-nist.jsonl"));
  const llm = scoresOf(path.join(FILES, "assignments-llm.jsonl"));
  await page.goto(`${studyUrl}/impact?${new URLSearchParams({ a: "nist", b: "llm", family: "answers" })}`);
  const report = page.getByTestId("impact-report");
  await expect(report.getByTestId("impact-summary")).toContainText(
    "3 systems over 4 questions with nuggets and answers",
  );
  const scores = report.getByRole("table", { name: "Scores under both label sets" });
  for (const run of ["bm25-gpt4o", "dense-llama", "hybrid-qwen"]) {
    const row = scores.getByRole("row").filter({ hasText: run });
    const cells = (await row.getByRole("cell").allInnerTexts()).slice(1);
    const expected = ["all_score", "vital_score", "strict_all_score", "strict_vital_score"].flatMap((m) => [
      (nist.get(run)![m] as number).toFixed(3),
      (llm.get(run)![m] as number).toFixed(3),
    ]);
    expect(cells, run).toEqual(expected);
  }
  await expect(report.getByTestId("tau-all_score")).toBeVisible();
  await expectFits(page, report, "the impact report");
  await page.screenshot({ path: test.info().outputPath("impact-answers-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page, report, "the impact report at 390 px");
  await page.screenshot({ path: test.info().outputPath("impact-answers-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // a question's page shows each run's answer with both judges' assignments of every nugget, on a phone too
  await page.goto(`${studyUrl}/explorer/questions/t1`);
  await expect(page.getByRole("heading", { name: /Answers \(3 systems\)/ })).toBeVisible();
  const answer = page.getByRole("article", { name: "Answer of bm25-gpt4o" });
  const grid = answer.getByRole("table", { name: "Nugget assignments of bm25-gpt4o" });
  await expect(grid.getByRole("columnheader")).toHaveText(["Nugget", "llm", "nist"]);
  await expect(grid.getByRole("row")).toHaveCount(1 + 4);
  await answer.getByRole("link", { name: /^\[1\] msmarco/ }).click();
  await expect(page.getByRole("region", { name: "Chunk viewer" })).toContainText("no text yet");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page, page.getByRole("main"), "the question page with answers at 390 px");
  await page.screenshot({ path: test.info().outputPath("question-answers-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // the assessors' assignments download as nuggetizer's JSONL, which scores as the file they came from
  await page.goto(`${studyUrl}/import-export`);
  const exports = page.getByRole("region", { name: "Export" });
  await exports.getByLabel("Format").selectOption("nuggetizer-assignments");
  await exports.getByLabel(/^Judge/).selectOption("nist");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    exports.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("trams-rag-labels.assignments.jsonl");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "trec-rag-")), "nist.jsonl");
  await download.saveAs(file);
  expect(scoresOf(file)).toEqual(nist);
});
