import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectFits } from "./fixtures/layout";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";

// A RAG-only study on the first-day server (a database that starts empty): TREC RAG answers, their
// nuggets and one LLM's nugget assignments, nothing else. Every report page it has a link to says
// which data it lacks and links to where to get it, instead of an empty form or a table of dashes;
// once the assessors' assignments are in, Impact and Agreement report, and Corrected estimates says
// that the LLM's labels are not the pairs it corrects.
const RESEARCHER = { email: "needs@rag.example", password: "what does it need" };
const STUDY = "RAG needs";
const FILES = path.resolve("test/fixtures/trec-rag");
const importFile = (format: string, file: string, ...more: string[]) =>
  firstDayCli(["import", "--study", STUDY, "--format", format, ...more, path.join(FILES, file)]);

/** The page's sentence of what the report needs: shown, with no table beside it. */
async function needs(page: Page, url: string, missing: string | RegExp) {
  await page.goto(url);
  const note = page.getByTestId("report-needs");
  await expect(note, url).toContainText(missing);
  await expect(page.getByRole("table"), url).toHaveCount(0);
  return note;
}

test("a RAG-only study: every report page says what it lacks, and where to get it", async ({ page }) => {
  const studyUrl = await newResearcherStudy(page, RESEARCHER, STUDY);
  importFile("trec-rag-answers", "answers.jsonl", "--create-missing");
  importFile("nuggetizer-nuggets", "nuggets.jsonl");
  importFile("nuggetizer-assignments", "assignments-llm.jsonl", "--judge", "llm", "--judge-kind", "model");

  // one label set: Impact and Agreement need a second, and link to a campaign, an import and a judge run
  const impact = await needs(
    page,
    `${studyUrl}/impact`,
    "Benchmark impact compares the runs' scores under two label sets: this study has one, llm.",
  );
  await expect(impact.getByRole("link")).toHaveText([
    "Label with people in a campaign",
    "Import a judge's labels (qrels, assessments)",
    "Run an LLM judge",
  ]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expectFits(page, page.getByRole("main"), `Impact's needs at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`impact-needs-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await impact.getByRole("link", { name: "Import a judge's labels (qrels, assessments)" }).click();
  await expect(page).toHaveURL(/\/import-export$/);
  await needs(
    page,
    `${studyUrl}/agreement`,
    "Agreement compares two label sets on the targets both labelled: this study has one, llm.",
  );
  await needs(page, `${studyUrl}/corrected-estimates`, "this study has no people's labels yet.");
  await needs(page, `${studyUrl}/resources`, "this study's documents name no engine");
  // the pages that already said so keep their sentence
  for (const [report, sentence] of [
    ["nugget-quality", "This study has no nugget-quality campaign yet"],
    ["drift", "No other study to compare with"],
  ] as const) {
    await page.goto(`${studyUrl}/${report}`);
    await expect(page.getByRole("main"), report).toContainText(sentence);
  }

  // the assessors' assignments: a second set, so Impact and Agreement report
  importFile("nuggetizer-assignments", "assignments-nist.jsonl", "--judge", "nist", "--judge-kind", "human");
  await page.goto(`${studyUrl}/impact`);
  await expect(page.getByTestId("impact-summary")).toContainText("3 systems over 4 questions with nuggets and answers");
  await expect(page.getByTestId("report-needs")).toHaveCount(0);
  await page.goto(`${studyUrl}/agreement`);
  await expect(page.getByTestId("agreement-report")).toBeVisible();
  // Corrected estimates corrects pair labels: the LLM it chose labelled answers, and the page says so
  await needs(
    page,
    `${studyUrl}/corrected-estimates`,
    "llm labelled no such pair (its labels are on answers, preferences or nuggets)",
  );
  await expect(page.getByTestId("chosen-for-you")).toContainText("llm, the study's first LLM judge, corrected by nist");
});
