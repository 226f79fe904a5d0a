import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { violations } from "./fixtures/axe";
import { expectFits } from "./fixtures/layout";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";
import { signInViaApi } from "./fixtures/session";
import { startFakeChatServer } from "../test/fake-chat-server";

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
  expect(await violations(page), "axe on Impact's nugget scores").toEqual([]);
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
  expect(await violations(page), "axe on the question page with answers").toEqual([]);
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

  // the nuggets download as nuggetizer's nuggets JSONL: the file they came from, line for line
  await exports.getByLabel("What").selectOption("nuggets");
  await expect(exports.getByLabel("Format")).toHaveValue("nuggetizer-nuggets");
  const [nuggetsDownload] = await Promise.all([
    page.waitForEvent("download"),
    exports.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(nuggetsDownload.suggestedFilename()).toBe("trams-rag-nuggets.jsonl");
  const nuggetsFile = path.join(path.dirname(file), "nuggets.jsonl");
  await nuggetsDownload.saveAs(nuggetsFile);
  const jsonLines = (f: string) =>
    fs
      .readFileSync(f, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as unknown);
  expect(jsonLines(nuggetsFile)).toEqual(jsonLines(path.join(FILES, "nuggets.jsonl")));
});

/** The researcher, signed in, on the study's page (made by the first test). */
async function researcherOnStudy(browser: Browser): Promise<{ researcher: Page; studyUrl: string }> {
  const researcher = await browser.newPage();
  await signInViaApi(researcher.request, RESEARCHER.email, RESEARCHER.password);
  await researcher.goto("/studies");
  await researcher.getByRole("link", { name: "Trams RAG" }).click();
  await expect(researcher.getByRole("heading", { name: "Trams RAG" })).toBeVisible();
  return { researcher, studyUrl: researcher.url() };
}

const ANNOTATORS = [
  {
    email: "ana@trec.example",
    password: "assigning nuggets 1",
    width: 1280,
    key: (i: number) => (i % 2 === 0 ? "3" : "1"), // supported, not supported: the scale's keys
  },
  { email: "bo@trec.example", password: "assigning nuggets 2", width: 390, key: () => "2" },
];

test("two annotators assign nuggets by keyboard, at 1,280 and 390 px; Impact scores them as nuggetizer scores their export, which imports back", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  for (const a of ANNOTATORS) {
    firstDayCli(["user", "create", "--email", a.email, "--role", "annotator"], `${a.password}\n`);
    firstDayCli(["members", "add", "--study", "Trams RAG", "--email", a.email, "--role", "annotator"]);
  }
  const { researcher, studyUrl } = await researcherOnStudy(browser);
  await researcher.goto(`${studyUrl}/campaigns/new`);
  await researcher.getByLabel("Name").fill("Assign the nuggets");
  await researcher.getByLabel("Task").selectOption("nugget_assignment");
  // blind, blind then reveal or assisted, with the LLM whose assignments the report compares (no scale: the track's three levels)
  await expect(researcher.getByLabel("Protocol")).toHaveValue("blind");
  await expect(researcher.getByLabel("Scale")).toHaveCount(0);
  await researcher.getByLabel("Sample").selectOption({ label: "N random questions with nuggets, all their answers" });
  await researcher.getByLabel("Questions (N)").fill("1");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  await expect(researcher.getByRole("region", { name: "Sample preview" })).toContainText("3 items");
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText("0 of 6 labels")).toBeVisible();

  let assigned = 0; // the nuggets of the three answers, each one label
  for (const a of ANNOTATORS) {
    const context = await browser.newContext({ viewport: { width: a.width, height: 844 } }); // axe reads a context's pages
    const page = await context.newPage();
    await signInViaApi(page.request, a.email, a.password);
    await page.goto("/annotate");
    await page.getByRole("link", { name: "Assign the nuggets" }).click();
    for (let item = 1; item <= 3; item++) {
      await expect(page.getByTestId("item-position")).toContainText(`Item ${item} of my ${item}`);
      const nuggets = page.getByRole("list", { name: "The question's nuggets" }).getByRole("listitem");
      await expect(nuggets.first()).toHaveAttribute("aria-current", "true");
      // the answer is shown, never its system
      const screen = await page.getByRole("region", { name: "Question and answer" }).innerText();
      for (const run of ["bm25-gpt4o", "dense-llama", "hybrid-qwen"]) expect(screen).not.toContain(run);
      const count = await nuggets.count();
      if (a === ANNOTATORS[0]) assigned += count;
      for (let i = 0; i < count; i++) await page.keyboard.press(a.key(i));
      await expect(nuggets.nth(count - 1).getByRole("radio", { checked: true })).toBeVisible();
      if (item === 1) {
        await expectFits(page, page.getByRole("main"), `the workspace at ${a.width} px`);
        expect(await violations(page), `axe on the workspace at ${a.width} px`).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`assignment-${a.width}.png`), fullPage: true });
      }
      await page.keyboard.press("Enter");
    }
    await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();
    await expect(page.getByText("All labels saved")).toBeVisible();
    await context.close();
  }
  await researcher.reload();
  await expect(researcher.getByText("6 of 6 labels")).toBeVisible();
  const campaignId = /\/campaigns\/(\d+)/.exec(researcher.url())![1];

  // Annotator quality, nugget by nugget: each assigned every nugget; Bo (always "partly") never agrees with Ana
  await researcher.getByRole("link", { name: /^Annotator quality/ }).click();
  await expect(researcher.getByRole("heading", { name: "Annotators of Assign the nuggets" })).toBeVisible();
  await expect(researcher.getByTestId("report-summary")).toContainText(
    `2 annotators, ${2 * assigned} labels on Supports / partially supports / does not support the nugget (one per nugget of an answer)`,
  );
  const figures = researcher.getByRole("table", { name: "Annotator figures" });
  for (const a of ANNOTATORS)
    await expect(figures.getByRole("row", { name: new RegExp(a.email) })).toContainText(String(assigned));
  const quality = (await (
    await researcher.request.get(
      `${researcher.url().replace(/\/studies\/(\d+)\/annotator-quality\?/, "/api/studies/$1/reports/annotator-quality?")}&format=json`,
    )
  ).json()) as { unit: string; annotators: { labels: number }[]; pairs: { items: number; accuracy: number }[] };
  expect(quality.unit).toBe("nugget");
  expect(quality.annotators.map((a) => a.labels)).toEqual([assigned, assigned]);
  expect(quality.pairs).toEqual([expect.objectContaining({ items: assigned, accuracy: 0 })]);
  for (const width of [1280, 390]) {
    await researcher.setViewportSize({ width, height: 900 });
    await expectFits(researcher, researcher.getByRole("main"), `annotator quality of an assignment at ${width} px`);
    await researcher.screenshot({ path: test.info().outputPath(`assignment-quality-${width}.png`), fullPage: true });
  }
  await researcher.setViewportSize({ width: 1280, height: 900 });

  // Impact: each annotator is a label set; Ana's scores are nuggetizer's on her exported assignments
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "trec-rag-ana-"));
  const exported = path.join(dir, "ana.jsonl");
  fs.writeFileSync(
    exported,
    firstDayCli([
      "export",
      "--study",
      "Trams RAG",
      ...["--what", "labels", "--format", "nuggetizer-assignments", "--judge", ANNOTATORS[0]!.email],
    ]),
  );
  const lines = fs.readFileSync(exported, "utf8").trim().split("\n");
  expect(lines).toHaveLength(3);
  for (const line of lines) {
    const nuggets = (JSON.parse(line) as { nuggets: { assignment: string }[] }).nuggets;
    expect(nuggets.map((n) => n.assignment)).toEqual(nuggets.map((_, i) => (i % 2 === 0 ? "support" : "not_support")));
  }
  const studyId = /\/studies\/(\d+)/.exec(studyUrl)![1];
  const query = new URLSearchParams({ a: ANNOTATORS[0]!.email, b: "llm", family: "answers", format: "json" });
  const report = (await (await researcher.request.get(`/api/studies/${studyId}/reports/impact?${query}`)).json()) as {
    systems: { name: string; scores: Record<string, { a: number | null }> }[];
    perAnswer: unknown[];
  };
  expect(report.perAnswer).toHaveLength(3);
  for (const [run, scores] of scoresOf(exported))
    expect(report.systems.find((s) => s.name === run)!.scores.all_score!.a).toBe(scores.all_score);
  // the campaign's majority: Ana and Bo tie on every nugget, so it assigns nothing; Impact names the ties and the adjudicated set
  await researcher.goto(`${studyUrl}/impact?${new URLSearchParams({ a: "llm", b: `campaign:${campaignId}` })}`);
  await expect(researcher.getByRole("alert", { name: "Report error" })).toHaveText(
    `llm and campaign:${campaignId} share no kind of label (support, relevance, nugget assignment or citation support): campaign:${campaignId} leaves out ${assigned} targets its members tie on (an answer with one of them is not assigned in full). Decide the ties in the campaign's adjudication and compare with adjudicated:${campaignId}.`,
  );
  // and the export imports back as the same labels
  firstDayCli([
    "import",
    "--study",
    "Trams RAG",
    ...["--format", "nuggetizer-assignments", "--judge", "ana-again", "--judge-kind", "human", exported],
  ]);
  const again = firstDayCli([
    "export",
    "--study",
    "Trams RAG",
    ...["--what", "labels", "--format", "nuggetizer-assignments", "--judge", "ana-again"],
  ]);
  expect(again).toBe(fs.readFileSync(exported, "utf8"));
});

test("the researcher adjudicates the assignments nugget by nugget by keyboard; adjudicated:<id> exports as nuggetizer's JSONL", async ({
  browser,
}) => {
  const researcher = await (await browser.newContext()).newPage(); // axe reads a context's pages
  await signInViaApi(researcher.request, RESEARCHER.email, RESEARCHER.password);
  await researcher.goto("/studies");
  await researcher.getByRole("link", { name: "Trams RAG" }).click();
  await researcher.getByRole("link", { name: "Assign the nuggets" }).first().click();
  const panel = researcher.getByRole("region", { name: "Adjudication" });
  // Ana said support or not, Bo partly, on every nugget: every nugget of the three answers is disputed
  await expect(panel.getByTestId("adjudication-progress")).toContainText(
    /0 of (\d+) decided · \1 disagreements · 0 agreed/,
  );
  const campaignId = Number(/campaigns\/(\d+)/.exec(researcher.url())![1]);
  const campaignUrl = researcher.url();
  // before any decision the adjudicated set leaves every disputed nugget out, and Impact says so
  await researcher.goto(`${campaignUrl.replace(/\/campaigns\/\d+.*$/, "")}/impact?a=llm&b=adjudicated%3A${campaignId}`);
  await expect(researcher.getByRole("alert", { name: "Report error" })).toContainText(
    new RegExp(
      `adjudicated:${campaignId} leaves out \\d+ targets its annotators disagree on that no one has decided yet`,
    ),
  );
  await researcher.goto(campaignUrl);
  await panel.getByRole("link", { name: "Open the adjudication queue" }).click();
  await expect(researcher.getByTestId("queue-position")).toContainText("Item 1 of 3 in the queue");
  for (let item = 1; item <= 3; item++) {
    await expect(researcher.getByTestId("queue-position")).toContainText(`Item ${item} of 3 in the queue`);
    const finals = researcher.getByRole("radiogroup", { name: /^Final level of nugget/ });
    const count = await finals.count();
    expect(count).toBeGreaterThan(1);
    await expect(researcher.getByTestId("annotator-label").first()).toHaveText(
      /^Annotator 1: (Supported|Not supported)$/,
    );
    if (item === 1) {
      for (const width of [1280, 390]) {
        await researcher.setViewportSize({ width, height: 900 });
        await expectFits(researcher, researcher.getByRole("main"), `the assignment adjudication at ${width} px`);
        await researcher.screenshot({
          path: test.info().outputPath(`adjudicate-assignment-${width}.png`),
          fullPage: true,
        });
      }
      await researcher.setViewportSize({ width: 1280, height: 900 });
      expect(await violations(researcher), "axe on the assignment adjudication").toEqual([]);
    }
    // the scale's key for "Supported" chooses for the nugget in focus, and the focus moves on
    for (let i = 0; i < count; i++) await researcher.keyboard.press("3");
    await expect(finals.nth(count - 1).getByRole("radio", { checked: true })).toHaveText(/Supported/);
    await researcher.keyboard.press("Enter");
  }
  await expect(researcher.getByRole("status")).toContainText("Every item of the queue is decided");
  // ← opens the last item again, → the first
  await researcher.keyboard.press("ArrowLeft");
  await expect(researcher.getByTestId("queue-position")).toContainText("Item 3 of 3 in the queue · item");
  await expect(researcher.getByTestId("queue-position")).toContainText("decided");
  // the adjudicated set, exported as nuggetizer's assignments: every nugget supported
  const lines = firstDayCli([
    "export",
    "--study",
    "Trams RAG",
    ...["--what", "labels", "--format", "nuggetizer-assignments", "--judge", `adjudicated:${campaignId}`],
  ])
    .trim()
    .split("\n");
  expect(lines).toHaveLength(3);
  for (const line of lines)
    expect(
      (JSON.parse(line) as { nuggets: { assignment: string }[] }).nuggets.every((n) => n.assignment === "support"),
    ).toBe(true);
});

test("an LLM assigns the campaign's nuggets with the built-in TREC RAG template, one call per answer, and is calibrated against an annotator", async ({
  browser,
}) => {
  test.setTimeout(270_000);
  // a judge that finds the odd-numbered nuggets supported and the others partly (Ana: supported, not supported, ...)
  const assigner = await startFakeChatServer({
    answer: (prompt) => {
      const listed = (/Nuggets:\n([\s\S]*?)\n\n/.exec(prompt)?.[1] ?? "").split("\n").filter((l) => /^\d+\. /.test(l));
      const levels = listed.map((_, i) => (i % 2 === 0 ? "support" : "partial_support"));
      return `Each nugget against the answer.\n{"assignments": ${JSON.stringify(levels)}}`;
    },
  });
  try {
    firstDayCli(["user", "create", "--email", "admin@trec.example", "--role", "admin"], "the admin of trams\n");
    const admin = await browser.newPage();
    await signInViaApi(admin.request, "admin@trec.example", "the admin of trams");
    await admin.goto("/admin/judging");
    await admin.getByRole("button", { name: "New endpoint" }).click();
    const register = admin.getByRole("form", { name: "New endpoint" });
    await register.getByLabel(/^Name/).fill("assigner");
    await register.getByLabel(/^Model/).fill("qwen2.5:7b");
    await register.getByLabel(/^Base URL/).fill(assigner.url);
    await register.getByLabel("None (a local server)").check();
    await register.getByRole("button", { name: "Register endpoint" }).click();
    await expect(admin.getByTestId("endpoint-assigner")).toBeVisible();

    const context = await browser.newContext(); // axe reads a context's pages
    const page = await context.newPage();
    await signInViaApi(page.request, RESEARCHER.email, RESEARCHER.password);
    await page.goto("/studies");
    await page.getByRole("link", { name: "Trams RAG" }).click();
    await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "LLM judges" }).click();
    await expect(page.getByTestId("template-trec-rag-assignment")).toBeVisible();
    await page.getByRole("button", { name: "New judge run" }).click();
    const form = page.getByRole("form", { name: "New judge run" });
    const choice = form.getByLabel("Template").locator('option[value^="trec-rag-assignment@"]');
    await form.getByLabel("Template").selectOption((await choice.getAttribute("value"))!);
    await form.getByLabel("Endpoint").selectOption("assigner");
    await form.getByLabel(/^Sample/).selectOption({ label: "A nugget-assignment campaign's answers" });
    await form.getByRole("combobox", { name: /^Campaign/ }).selectOption("Assign the nuggets");
    await form.getByRole("button", { name: "Start run" }).click();
    const started = page.getByRole("status").filter({ hasText: "Started: 3 calls" });
    await expect(started).toBeVisible();
    const judge = (await started.textContent())!.match(/“(.*)”/)![1]!;
    const row = page.getByRole("table", { name: "Judge runs" }).getByRole("row").filter({ hasText: judge });
    await expect(row.getByTestId("run-status")).toHaveText("done", { timeout: 90_000 });
    await expect(row.getByTestId("run-progress")).toHaveText("3 / 3 calls");
    expect(assigner.calls).toHaveLength(3);
    for (const call of assigner.calls)
      for (const run of ["bm25-gpt4o", "dense-llama", "hybrid-qwen"])
        expect(JSON.stringify(call.body)).not.toContain(run);

    // calibrated against Ana, nugget by nugget: they agree on the odd-numbered nuggets only
    const ana = firstDayCli([
      "export",
      "--study",
      "Trams RAG",
      ...["--what", "labels", "--format", "nuggetizer-assignments", "--judge", ANNOTATORS[0]!.email],
    ])
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { nuggets: unknown[] }).nuggets.length);
    const nuggets = ana.reduce((a, b) => a + b, 0);
    const disagreements = ana.reduce((sum, n) => sum + Math.floor(n / 2), 0);
    const calibration = page.getByRole("region", { name: "Calibration" });
    await calibration.getByLabel("People's labels").selectOption(ANNOTATORS[0]!.email);
    const scored = calibration.getByTestId(`calibration-${judge}`);
    await expect(scored.getByRole("cell").nth(1)).toHaveText(String(nuggets));
    await scored.getByRole("button", { name: `${disagreements} (show)` }).click();
    const detail = page.getByRole("region", { name: `Disagreements of ${judge}` });
    await expect(detail.getByTestId("calibration-disagreement")).toHaveCount(disagreements);
    await expect(detail.getByTestId("calibration-disagreement").first()).toContainText('"assignments"');
    await expectFits(page, page.getByRole("main"), "the LLM judges page with an assignment judge");
    expect(await violations(page), "axe on the calibration of an assignment judge").toEqual([]);
    await page.screenshot({ path: test.info().outputPath("assignment-judge-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFits(page, page.getByRole("main"), "the LLM judges page at 390 px");
    await page.screenshot({ path: test.info().outputPath("assignment-judge-390.png"), fullPage: true });
    await context.close();
  } finally {
    await assigner.close();
  }
});

test("two annotators judge citation support by keyboard, at 1,280 and 390 px: each cited sentence in its answer beside its passage", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const { researcher, studyUrl } = await researcherOnStudy(browser);
  await researcher.goto(`${studyUrl}/campaigns/new`);
  await researcher.getByLabel("Name").fill("Check the citations");
  await researcher.getByLabel("Task").selectOption("citation_support");
  await expect(researcher.getByLabel("Scale")).toHaveCount(0); // the paper's three levels
  await researcher.getByLabel("Sample").selectOption({ label: "N random answers, all their cited sentences" });
  await researcher.getByLabel("Answers (N)").fill("1");
  await expect(researcher.getByLabel("Cap (items)")).toHaveCount(0);
  await researcher.getByRole("combobox", { name: /^Citations judged/ }).selectOption("first");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  const preview = researcher.getByRole("region", { name: "Sample preview" });
  await expect(preview).toContainText(/\d+ items?/);
  const items = Number(/(\d+) items?/.exec((await preview.textContent())!)![1]);
  expect(items).toBeGreaterThan(0);
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText(`0 of ${items * 2} labels`)).toBeVisible();

  // Ana finds every sentence fully supported (3), Bo partly (2); the sentences Ana saw, by position
  const sentencesSeen: number[] = [];
  for (const [a, key] of [
    [ANNOTATORS[0]!, "3"],
    [ANNOTATORS[1]!, "2"],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: a.width, height: 844 } });
    const page = await context.newPage();
    await signInViaApi(page.request, a.email, a.password);
    await page.goto("/annotate");
    await page.getByRole("link", { name: "Check the citations" }).click();
    for (let item = 1; item <= items; item++) {
      await expect(page.getByTestId("item-position")).toContainText(`Item ${item} of my ${item}`);
      await expect(page.getByTestId("cited-sentence")).toBeVisible();
      // the track's segments come without their texts: the passage says so, and what fills it in
      await expect(page.getByRole("region", { name: "Cited passage" })).toContainText("no text yet");
      if (a === ANNOTATORS[0])
        sentencesSeen.push(
          Number(
            /sentence (\d+) of/i.exec(await page.getByRole("region", { name: "Question and answer" }).innerText())![1],
          ) - 1,
        );
      const screen = await page.getByRole("main").innerText();
      for (const run of ["bm25-gpt4o", "dense-llama", "hybrid-qwen"]) expect(screen).not.toContain(run);
      if (item === 1) {
        await expectFits(page, page.getByRole("main"), `the citation workspace at ${a.width} px`);
        expect(await violations(page), `axe on the citation workspace at ${a.width} px`).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`citation-${a.width}.png`), fullPage: true });
      }
      await page.keyboard.press(key);
      await page.keyboard.press("Enter");
    }
    await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();
    await expect(page.getByText("All labels saved")).toBeVisible();
    await context.close();
  }
  await researcher.reload();
  await expect(researcher.getByText(`${items * 2} of ${items * 2} labels`)).toBeVisible();

  // an LLM's support labels of every answer's first citations, imported: full on even sentences, partial on odd
  const answers = fs
    .readFileSync(path.join(FILES, "answers.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map(
      (l) =>
        JSON.parse(l) as { run_id: string; topic_id: string; references: string[]; answer: { citations: number[] }[] },
    );
  const llm = answers.flatMap((a) =>
    a.answer.flatMap((s, i) =>
      s.citations.length === 0
        ? []
        : [
            JSON.stringify({
              run_id: a.run_id,
              topic_id: a.topic_id,
              sentence_index: i,
              citation: a.references[s.citations[0]!],
              level: i % 2 === 0 ? "full_support" : "partial_support",
            }),
          ],
    ),
  );
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "citations-")), "gpt-4o-support.jsonl");
  fs.writeFileSync(file, `${llm.join("\n")}\n`);
  await researcher.goto(`${studyUrl}/import-export`);
  const panel = researcher.getByRole("region", { name: "Import" });
  await panel.getByLabel("Format").selectOption({ label: "Citation support labels (JSONL)" });
  await panel.getByLabel("Judge (required)").fill("gpt-4o-support");
  await panel.getByLabel("Judge kind").selectOption({ label: "LLM" });
  await panel.getByLabel("File", { exact: true }).setInputFiles(file);
  await panel.getByRole("button", { name: "Import", exact: true }).click();
  await expect(panel.getByTestId("import-result")).toContainText("from gpt-4o-support.jsonl");

  // Impact compares Ana with the LLM: they agree where the LLM said full, on the even sentences Ana judged
  const agree = sentencesSeen.filter((i) => i % 2 === 0).length;
  await researcher.goto(
    `${studyUrl}/impact?${new URLSearchParams({ a: ANNOTATORS[0]!.email, b: "gpt-4o-support", family: "citations" })}`,
  );
  const report = researcher.getByTestId("impact-report");
  await expect(report.getByTestId("citation-agreement")).toContainText(
    `The sets judge ${agree} of ${items} pair${items === 1 ? "" : "s"} the same on the three levels`,
  );
  await expect(report.getByRole("table", { name: "Scores under both label sets" })).toContainText("weighted_precision");
  await expectFits(researcher, report, "Impact's citation support");
  await researcher.screenshot({ path: test.info().outputPath("impact-citations-1280.png"), fullPage: true });
  await researcher.setViewportSize({ width: 390, height: 844 });
  await expectFits(researcher, report, "Impact's citation support at 390 px");
  await researcher.screenshot({ path: test.info().outputPath("impact-citations-390.png"), fullPage: true });
});

test("blind then reveal: after her blind assignment the annotator sees the LLM's under each nugget, and her revision is final", async ({
  browser,
}) => {
  const { researcher, studyUrl } = await researcherOnStudy(browser);
  await researcher.goto(`${studyUrl}/campaigns/new`);
  await researcher.getByLabel("Name").fill("Assign, then see the LLM");
  await researcher.getByLabel("Task").selectOption("nugget_assignment");
  await researcher.getByLabel("Protocol").selectOption("blind_then_reveal");
  await researcher.getByRole("combobox", { name: /^LLM/ }).selectOption("llm");
  await researcher.getByLabel("Sample").selectOption({ label: "N random answers" });
  await researcher.getByLabel("Answers (N)").fill("1");
  await researcher.getByLabel("Annotators per item (overlap)").fill("1");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  await expect(researcher.getByRole("region", { name: "Sample preview" })).toContainText("1 item");
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText("0 of 1 labels")).toBeVisible();

  const [ana] = ANNOTATORS;
  const page = await browser.newPage();
  await signInViaApi(page.request, ana!.email, ana!.password);
  await page.goto("/annotate");
  await page.getByRole("link", { name: "Assign, then see the LLM" }).click();
  const nuggets = page.getByRole("list", { name: "The question's nuggets" }).getByRole("listitem");
  await expect(nuggets.first()).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("llm-assignment-1")).toHaveCount(0); // blind first
  const count = await nuggets.count();
  for (let i = 0; i < count; i++) await page.keyboard.press("3");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("llm-assignment-1")).toContainText(/llm said (supported|partly|not supported)/);
  await expect(page.getByTestId(`llm-assignment-${count}`)).toBeVisible();
  await page.keyboard.press("1"); // she revises the nugget in focus (the last)
  await page.keyboard.press("Enter");
  await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();
  await expect(page.getByText("All labels saved")).toBeVisible();
  await researcher.reload();
  await expect(researcher.getByText("1 of 1 labels")).toBeVisible();
});
