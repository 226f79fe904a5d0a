import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { violations } from "./fixtures/axe";
import { expectFits } from "./fixtures/layout";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";
import { signInViaApi } from "./fixtures/session";

// Two lists of nuggets for the same TREC RAG topics, on the first-day server (a database that
// starts empty): the track's (test/fixtures/trec-rag) and NIST's assessors' (two nuggets a topic,
// reworded here), each with its assignments, imported through the import page into two nugget
// sets. The explorer counts both side by side; Impact ranks the runs with A's assignments over the
// first set and B's over NIST's; an annotator assigns NIST's nuggets in a campaign on that set,
// then reviews them in a nugget quality campaign, whose reviewed lists are saved as a third set.
const RESEARCHER = { email: "sets@trec.example", password: "two lists of nuggets" };
const ANNOTATOR = { email: "ida@trec.example", password: "reviewing nuggets 1" };
const FILES = path.resolve("test/fixtures/trec-rag");
type Graded = { qid: string; nuggets: { text: string; importance: string; assignment?: string }[] };
/** NIST's list: each topic's first two nuggets, reworded (and an assignments file's lines to match). */
function nistFile(name: string, dir: string): string {
  const lines = fs
    .readFileSync(path.join(FILES, name), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Graded)
    .map((l) => ({
      ...l,
      nuggets: l.nuggets.slice(0, 2).map((n) => ({ ...n, text: `${n.text} (as NIST wrote it)` })),
    }));
  const file = path.join(dir, `nist-${name}`);
  fs.writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
  return file;
}

test("two nugget sets for one TREC RAG study: imported side by side, runs ranked under both, one assigned and reviewed into a third", async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const studyUrl = await newResearcherStudy(page, RESEARCHER, "Trams two lists");
  firstDayCli(["user", "create", "--email", ANNOTATOR.email, "--role", "annotator"], `${ANNOTATOR.password}\n`);
  firstDayCli(["members", "add", "--study", "Trams two lists", "--email", ANNOTATOR.email, "--role", "annotator"]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nugget-sets-"));

  await page.goto(`${studyUrl}/import-export`);
  const panel = page.getByRole("region", { name: "Import" });
  const importFile = async (
    format: string,
    file: string,
    o: { judge?: { name: string; kind: "LLM" | "Human" }; set?: string; createMissing?: boolean } = {},
  ) => {
    await panel.getByLabel("Format").selectOption({ label: format });
    if (o.judge) {
      await panel.getByLabel("Judge (required)").fill(o.judge.name);
      await panel.getByLabel("Judge kind").selectOption({ label: o.judge.kind });
    }
    if (o.createMissing) await panel.getByLabel("Create missing queries and documents").check();
    if (format.startsWith("nuggetizer")) await panel.getByLabel("Nugget set").fill(o.set ?? "");
    await panel.getByLabel("File", { exact: true }).setInputFiles(file);
    await panel.getByRole("button", { name: "Import", exact: true }).click();
    await expect(panel.getByTestId("import-result")).toContainText(`from ${path.basename(file)}`);
  };
  await importFile("TREC RAG answers (JSONL)", path.join(FILES, "answers.jsonl"), { createMissing: true });
  await importFile("nuggetizer nuggets (JSONL)", path.join(FILES, "nuggets.jsonl"));
  await importFile("nuggetizer assignments (JSONL)", path.join(FILES, "assignments-llm.jsonl"), {
    judge: { name: "llm", kind: "LLM" },
  });
  await importFile("nuggetizer nuggets (JSONL)", nistFile("nuggets.jsonl", dir), { set: "nist" });
  await importFile("nuggetizer assignments (JSONL)", nistFile("assignments-nist.jsonl", dir), {
    judge: { name: "assessors", kind: "Human" },
    set: "nist",
  });

  // the explorer: the first set's list, and each set's counts side by side
  await page.goto(`${studyUrl}/explorer/questions/t1`);
  await expect(page.getByRole("heading", { name: "Nuggets (main, the first set)" })).toBeVisible();
  const sets = page.getByRole("table", { name: "Nugget sets side by side" });
  await expect(sets.getByRole("row")).toHaveText([
    /Set\s*Nuggets\s*Vital\s*Okay/,
    /main\s*4\s*2\s*2/,
    /nist\s*2\s*2\s*0/,
  ]);

  // Impact: the assessors graded NIST's nuggets, so they compare with the LLM only once B reads that set
  await page.goto(`${studyUrl}/impact?${new URLSearchParams({ a: "llm", b: "assessors", family: "answers" })}`);
  await expect(page.getByRole("alert", { name: "Report error" })).toContainText("judged no question in common");
  await page.getByLabel("Nugget set for B").selectOption("nist");
  await page.getByRole("button", { name: "Score the runs" }).click();
  const report = page.getByTestId("impact-report");
  await expect(report.getByTestId("impact-nugget-sets")).toContainText(
    "Nuggets of the set main under A, of nist under B.",
  );
  await expect(report.getByTestId("impact-summary")).toContainText("3 systems over 4 questions");
  await expect(report.getByTestId("tau-all_score")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page, report, `Impact over two nugget sets at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`impact-two-sets-${width}.png`), fullPage: true });
  }
  expect(await violations(page), "axe on Impact over two nugget sets").toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // a nugget assignment campaign on NIST's set: the annotator sees its two nuggets a question
  const startCampaign = async (name: string, task: string, sample: string) => {
    await page.goto(`${studyUrl}/campaigns/new`);
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Task").selectOption(task);
    await page.getByLabel("Nugget set").selectOption("nist");
    await page.getByLabel("Sample").selectOption(sample);
    await page.getByLabel("Questions (N)").fill("1");
    await page.getByLabel("Annotators per item (overlap)").fill("1");
    await page.getByRole("button", { name: "Preview sample" }).click();
    await expect(page.getByRole("region", { name: "Sample preview" })).toContainText(/\d+ items? from 1 question/);
    await page.getByRole("button", { name: "Create and start" }).click();
    await expect(page.getByText(/^0 of \d+ labels$/)).toBeVisible();
  };
  await startCampaign("Assign NIST's nuggets", "nugget_assignment", "random_questions");
  const annotator = await browser.newPage();
  await signInViaApi(annotator.request, ANNOTATOR.email, ANNOTATOR.password);
  await annotator.goto("/annotate");
  await annotator.getByRole("link", { name: "Assign NIST's nuggets" }).click();
  for (let item = 1; item <= 3; item++) {
    await expect(annotator.getByTestId("item-position")).toHaveText(`Item ${item} of my ${item} · not labelled yet`);
    const nuggets = annotator.getByRole("list", { name: "The question's nuggets" }).getByRole("listitem");
    await expect(nuggets).toHaveCount(2);
    await expect(nuggets.first()).toContainText("(as NIST wrote it)");
    await annotator.keyboard.press("3");
    await annotator.keyboard.press("3");
    await annotator.keyboard.press("Enter");
  }
  await expect(annotator.getByText("Nothing is left for you in this campaign.")).toBeVisible();
  await expect(annotator.getByText(/^3 labelled by me/)).toBeVisible();
  await expect(annotator.getByText("All labels saved")).toBeVisible();

  // ... which Impact scores over NIST's set, the annotator against the assessors
  await page.goto(
    `${studyUrl}/impact?${new URLSearchParams({ a: ANNOTATOR.email, b: "assessors", family: "answers", nuggetSet: "nist" })}`,
  );
  await expect(page.getByTestId("impact-nugget-sets")).toContainText("Nuggets of the set nist.");
  await expect(page.getByTestId("impact-summary")).toContainText("3 systems over 1 question");

  // NIST's nuggets reviewed: the first marked hallucinated, one missing written out; saved as a third set
  await startCampaign("Review NIST's nuggets", "nugget_quality", "random_questions");
  await annotator.goto("/annotate");
  await annotator.getByRole("link", { name: "Review NIST's nuggets" }).click();
  await expect(annotator.getByRole("list", { name: "The LLM's nuggets" }).getByRole("listitem")).toHaveCount(2);
  // keys count once the item is claimed (not while it reads "updating…"); the draft shows them,
  // and the label is stored once the campaign counts it (the outbox was already empty before Enter)
  await expect(annotator.getByTestId("item-position")).toHaveText("Item 1 of my 1 · not labelled yet");
  await annotator.keyboard.press("a");
  await annotator.keyboard.press("1");
  await annotator.keyboard.press("m");
  await annotator.keyboard.type("A fact NIST left out");
  await annotator.keyboard.press("Escape");
  await expect(annotator.getByRole("button", { name: "Hallucinated: nugget 1" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(annotator.getByLabel("Missing nuggets", { exact: true })).toHaveValue("A fact NIST left out");
  await annotator.keyboard.press("Enter");
  await expect(annotator.getByText("Nothing is left for you in this campaign.")).toBeVisible();
  await expect(annotator.getByText(/^1 labelled by me/)).toBeVisible();
  await expect(annotator.getByText("All labels saved")).toBeVisible();
  await page.reload();
  await page.getByRole("link", { name: "Nugget quality report" }).click();
  await expect(page.getByTestId("nugget-quality-summary")).toContainText("of the nugget set nist");
  await page.getByLabel("Name of the new set").fill("nist, reviewed");
  await page.getByRole("button", { name: "Save the reviewed set" }).click();
  await expect(page.getByTestId("reviewed-set-saved")).toHaveText(
    "Saved nist, reviewed: 1 question, 1 nugget kept and 1 nugget added. Score the runs with it.",
  );
  await page.setViewportSize({ width: 390, height: 900 });
  await expectFits(page, page.getByRole("main"), "the nugget quality report with a saved set at 390 px");
  await page.screenshot({ path: test.info().outputPath("reviewed-set-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("link", { name: "Score the runs with it" }).click();
  await expect(page.getByRole("combobox", { name: "Nugget set", exact: true }).locator("option")).toHaveText([
    "main (the first)",
    "nist",
    "nist, reviewed",
  ]);
  await annotator.close();
});
