import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readPythonStringList } from "../lib/domain/judging/python-literals";
import { startFakeChatServer } from "../test/fake-chat-server";
import { violations } from "./fixtures/axe";
import { expectFits } from "./fixtures/layout";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";
import { signInViaApi } from "./fixtures/session";

// Nuggets from an LLM, checked by people, on the first-day server (a database that starts empty):
// the TREC RAG fixture's questions, answers and nuggets, a corpus of passages and a qrels file
// imported through the import page; nuggetizer's creation run writes each question's nuggets from
// the passages the qrels mark 2 or above into a new set, its scoring run grades them; an annotator
// reviews the created set in a nugget quality campaign and assigns it in an answer; Impact reads
// the imported set under A and the created one under B.
const RESEARCHER = { email: "nuggetizer@trec.example", password: "nuggets from a model" };
const ANNOTATOR = { email: "noor@trec.example", password: "checking the model 1" };
const FILES = path.resolve("test/fixtures/trec-rag");
type Topic = { qid: string; nuggets: { text: string }[] };

/** nuggetizer's model, played: the creator adds each passage's "fact: ...", the scorer calls a nugget with "Buses" or "wire" vital. */
function nuggetizerModel(prompt: string): string {
  if (prompt.includes("NuggetizeScoreLLM")) {
    const nuggets = readPythonStringList(/Nugget List: (.*)\n/.exec(prompt)![1]!)!;
    return JSON.stringify(nuggets.map((n) => (/Buses|wire/.test(n) ? "vital" : "okay")));
  }
  const before = readPythonStringList(/Initial Nugget List: (.*)\n/.exec(prompt)![1]!)!;
  const context = /Context:\n([\s\S]*?)\nSearch Query:/.exec(prompt)![1]!;
  return (
    "```python\n" +
    JSON.stringify([...before, ...[...context.matchAll(/fact: ([^.]+)\./g)].map((m) => m[1]!)]) +
    "\n```"
  );
}

/** A passage for each imported nugget of each topic, stating it; the qrels mark all but each topic's last 2 or above. */
function passageFiles(dir: string): { corpus: string; qrels: string } {
  const topics = fs
    .readFileSync(path.join(FILES, "nuggets.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Topic);
  const corpus: string[] = [];
  const qrels: string[] = [];
  for (const t of topics)
    t.nuggets.forEach((n, i) => {
      const doc = `${t.qid}-p${i + 1}`;
      corpus.push(
        JSON.stringify({ _id: doc, title: `Passage ${i + 1}`, text: `As the record shows, fact: ${n.text}.` }),
      );
      qrels.push(`${t.qid} 0 ${doc} ${i === t.nuggets.length - 1 ? 1 : 2}`);
    });
  const write = (name: string, lines: string[]) => {
    fs.writeFileSync(path.join(dir, name), `${lines.join("\n")}\n`);
    return path.join(dir, name);
  };
  return { corpus: write("corpus.jsonl", corpus), qrels: write("qrels.txt", qrels) };
}

test("nuggets an LLM made from the relevant passages, graded, reviewed, assigned, and read by Impact beside the imported ones", async ({
  page,
  browser,
}) => {
  test.setTimeout(450_000);
  const chat = await startFakeChatServer({ answer: nuggetizerModel });
  try {
    const studyUrl = await newResearcherStudy(page, RESEARCHER, "Trams by nuggetizer");
    firstDayCli(["user", "create", "--email", ANNOTATOR.email, "--role", "annotator"], `${ANNOTATOR.password}\n`);
    firstDayCli([
      "members",
      "add",
      "--study",
      "Trams by nuggetizer",
      "--email",
      ANNOTATOR.email,
      "--role",
      "annotator",
    ]);
    firstDayCli([
      "judge",
      "endpoints",
      "add",
      "--name",
      "nuggetizer-model",
      "--base-url",
      chat.url,
      "--model",
      "gpt-4o-fake",
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nuggetizer-runs-"));
    const { corpus, qrels } = passageFiles(dir);

    await page.goto(`${studyUrl}/import-export`);
    const panel = page.getByRole("region", { name: "Import" });
    const importFile = async (format: string, file: string, o: { judge?: string; createMissing?: boolean } = {}) => {
      await panel.getByLabel("Format").selectOption({ label: format });
      if (o.judge) {
        await panel.getByLabel("Judge (required)").fill(o.judge);
        await panel.getByLabel("Judge kind").selectOption({ label: "Human" });
      }
      if (format === "TREC qrels") await panel.getByLabel(/^Scale/).selectOption("graded-0-2");
      if (o.createMissing) await panel.getByLabel("Create missing queries and documents").check();
      await panel.getByLabel("File", { exact: true }).setInputFiles(file);
      await panel.getByRole("button", { name: "Import", exact: true }).click();
      await expect(panel.getByTestId("import-result")).toContainText(`from ${path.basename(file)}`);
    };
    await importFile("TREC RAG answers (JSONL)", path.join(FILES, "answers.jsonl"), { createMissing: true });
    await importFile("nuggetizer nuggets (JSONL)", path.join(FILES, "nuggets.jsonl"));
    await importFile("nuggetizer assignments (JSONL)", path.join(FILES, "assignments-nist.jsonl"), {
      judge: "assessors",
    });
    await importFile("BEIR / NovelEval corpus (TSV or JSONL)", corpus);
    await importFile("TREC qrels", qrels, { judge: "qrels" });

    // creation: the passages the qrels mark 2 or above, two a call
    await page.goto(`${studyUrl}/judging`);
    const start = async (template: string, fill: (form: ReturnType<typeof page.getByRole>) => Promise<void>) => {
      await page.getByRole("button", { name: "New judge run" }).click();
      const form = page.getByRole("form", { name: "New judge run" });
      const option = form.getByLabel("Template").locator(`option[value^="${template}@"]`);
      await form.getByLabel("Template").selectOption((await option.getAttribute("value"))!);
      await form.getByLabel("Endpoint").selectOption("nuggetizer-model");
      await fill(form);
      await form.getByRole("button", { name: "Start run" }).click();
    };
    await start("nuggetizer-create", async (form) => {
      await expect(form.getByLabel(/^Sample/).locator("option")).toHaveText([
        "Every question with relevant passages",
        "N random questions with relevant passages",
      ]);
      await form.getByLabel("Relevant passages from").selectOption("qrels");
      await form.getByLabel("Relevant from level").fill("2");
      await form.getByLabel("Passages a call").fill("2");
    });
    const started = page.getByRole("status").filter({ hasText: "Started" });
    await expect(started).toContainText("Started: 4 calls, nuggets into the set “nuggetizer-create@");
    const created = (await started.textContent())!.match(/“(.*)”/)![1]!;
    expect(created).toMatch(/ · gpt-4o-fake · qrels ≥ 2$/);
    const runs = page.getByRole("table", { name: "Judge runs" });
    const creation = runs.getByRole("row").filter({ hasText: "nuggetizer-create@" });
    await expect(creation.getByTestId("run-status")).toHaveText("done", { timeout: 90_000 });
    await expect(creation.getByTestId("run-nugget-set")).toHaveText(`Writes the nugget set ${created}`);
    await expect(creation.getByTestId("run-reviews")).toHaveText(
      "Not reviewed yet: a nugget quality campaign on its set checks it",
    );

    // importance: the newest set is the one offered first
    await start("nuggetizer-score", async (form) => {
      await expect(form.getByLabel("Nugget set to grade")).toHaveValue(created);
      await form.getByLabel("Nuggets a call").fill("2");
    });
    await expect(started).toHaveText(`Started: 4 calls, grading the nugget set “${created}”.`);
    const scoring = runs.getByRole("row").filter({ hasText: "nuggetizer-score@" });
    await expect(scoring.getByTestId("run-status")).toHaveText("done", { timeout: 90_000 });
    await expect(scoring.getByTestId("run-nugget-set")).toHaveText(`Grades the nugget set ${created}`);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectFits(page, page.getByRole("main"), `the LLM judges page with nuggetizer runs at ${width} px`);
      await page.screenshot({ path: test.info().outputPath(`nuggetizer-runs-${width}.png`), fullPage: true });
    }
    expect(await violations(page), "axe on the LLM judges page").toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    // the endpoint was asked once a window of two: the topics' 3, 2, 1 and 2 relevant passages, then as many nuggets
    expect(chat.calls).toHaveLength(5 + 5);

    // the explorer: the created set beside the imported one
    await page.goto(`${studyUrl}/explorer/questions/t1`);
    const sets = page.getByRole("table", { name: "Nugget sets side by side" });
    await expect(sets.getByRole("row")).toHaveText([
      /Set\s*Nuggets\s*Vital\s*Okay/,
      /main\s*4\s*2\s*2/,
      new RegExp(`${created.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*3\\s*2\\s*1`),
    ]);

    // the people check the LLM: a nugget quality review of the created set, then its nuggets assigned in an answer
    const startCampaign = async (name: string, task: string) => {
      await page.goto(`${studyUrl}/campaigns/new`);
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Task").selectOption(task);
      await page.getByLabel("Nugget set").selectOption(created);
      await page.getByLabel("Sample").selectOption("random_questions");
      await page.getByLabel("Questions (N)").fill("1");
      await page.getByLabel("Annotators per item (overlap)").fill("1");
      await page.getByRole("button", { name: "Preview sample" }).click();
      await expect(page.getByRole("region", { name: "Sample preview" })).toContainText(/\d+ items? from 1 question/);
      await page.getByRole("button", { name: "Create and start" }).click();
      await expect(page.getByText(/^0 of \d+ labels$/)).toBeVisible();
    };
    await startCampaign("Review the model's nuggets", "nugget_quality");
    const annotator = await browser.newPage();
    await signInViaApi(annotator.request, ANNOTATOR.email, ANNOTATOR.password);
    await annotator.goto("/annotate");
    await annotator.getByRole("link", { name: "Review the model's nuggets" }).click();
    await expect(
      annotator.getByRole("list", { name: "The LLM's nuggets" }).getByRole("listitem").first(),
    ).toBeVisible();
    // keys count once the item is claimed; the draft shows them, and the label is stored once the
    // campaign counts it (the outbox was already empty before Enter)
    await expect(annotator.getByTestId("item-position")).toHaveText("Item 1 of my 1 · not labelled yet");
    await annotator.keyboard.press("a");
    await annotator.keyboard.press("1");
    await annotator.keyboard.press("m");
    await annotator.keyboard.type("A fact the model left out");
    await annotator.keyboard.press("Escape");
    await expect(annotator.getByRole("button", { name: "Hallucinated: nugget 1" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(annotator.getByLabel("Missing nuggets", { exact: true })).toHaveValue("A fact the model left out");
    await annotator.keyboard.press("Enter");
    await expect(annotator.getByText("Nothing is left for you in this campaign.")).toBeVisible();
    await expect(annotator.getByText(/^1 labelled by me/)).toBeVisible();
    await expect(annotator.getByText("All labels saved")).toBeVisible();
    await page.reload();
    await page.getByRole("link", { name: "Nugget quality report" }).click();
    await expect(page.getByTestId("nugget-quality-summary")).toContainText(`of the nugget set ${created}`);
    // ... which the creation run names as its review, linked to this report
    await page.goto(`${studyUrl}/judging`);
    const reviews = runs.getByRole("row").filter({ hasText: "nuggetizer-create@" }).getByTestId("run-reviews");
    await expect(reviews).toHaveText("Reviewed in Review the model's nuggets");
    await reviews.getByRole("link", { name: "Review the model's nuggets" }).click();
    await expect(page.getByTestId("nugget-quality-summary")).toContainText(`of the nugget set ${created}`);

    await startCampaign("Assign the model's nuggets", "nugget_assignment");
    await annotator.goto("/annotate");
    await annotator.getByRole("link", { name: "Assign the model's nuggets" }).click();
    for (let item = 1; item <= 3; item++) {
      await expect(annotator.getByTestId("item-position")).toHaveText(`Item ${item} of my ${item} · not labelled yet`);
      const nuggets = annotator.getByRole("list", { name: "The question's nuggets" }).getByRole("listitem");
      await expect(nuggets.first()).toBeVisible();
      for (let n = await nuggets.count(); n > 0; n--) await annotator.keyboard.press("3");
      await annotator.keyboard.press("Enter");
    }
    await expect(annotator.getByText("Nothing is left for you in this campaign.")).toBeVisible();
    await expect(annotator.getByText(/^3 labelled by me/)).toBeVisible();
    await expect(annotator.getByText("All labels saved")).toBeVisible();
    await annotator.close();

    // Impact: the assessors over the imported set under A, the annotator over the created set under B
    await page.goto(
      `${studyUrl}/impact?${new URLSearchParams({ a: "assessors", b: ANNOTATOR.email, family: "answers", nuggetSetB: created })}`,
    );
    const report = page.getByTestId("impact-report");
    await expect(report.getByTestId("impact-nugget-sets")).toContainText(
      `Nuggets of the set main under A, of ${created} under B.`,
    );
    await expect(report.getByTestId("impact-summary")).toContainText("3 systems over 1 question");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectFits(page, report, `Impact over the imported and the created set at ${width} px`);
      await page.screenshot({ path: test.info().outputPath(`impact-created-set-${width}.png`), fullPage: true });
    }
    expect(await violations(page), "axe on Impact over a created set").toEqual([]);
  } finally {
    await chat.close();
  }
});
