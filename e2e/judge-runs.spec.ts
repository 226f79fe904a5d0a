import { expect, test } from "@playwright/test";
import { startFakeChatServer, type FakeChatServer } from "../test/fake-chat-server";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { JUDGING_EXPERT, JUDGING_STUDY, USERS } from "./fixtures/world";

// The loop the judge runner closes: an admin registers a model (the local OpenAI-compatible test
// server), a researcher writes a support template from the built-in FreshStack one, runs it over a
// copy of the demo study, watches it finish, reads and retries a reply that did not parse, saves a
// second version, runs it too, and finds both judges among the label sets of Agreement and Impact.
let model: FakeChatServer;
let studyId: number;

test.beforeAll(async ({ playwright, baseURL }) => {
  // "supported" when the chunk's text is longer than the nugget's, so that the two versions' prompts
  // (which differ) get the same, deterministic answers
  model = await startFakeChatServer({
    delayMs: 40,
    answer: (prompt) => {
      const nugget = /Nugget:\n([^\n]*)/.exec(prompt)?.[1] ?? "";
      const chunk = /Chunk \([^)]*\):\n([\s\S]*?)\n\nThink/.exec(prompt)?.[1] ?? "";
      return `{"reasoning": "Compared the two.", "supported": "${chunk.length > nugget.length * 3 ? "yes" : "no"}"}`;
    },
  });
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  studyId = await studyIdByName(admin, JUDGING_STUDY.name);
  await admin.dispose();
});
test.afterAll(() => model.close());

test("a researcher writes a judge template, runs two versions on a study, and compares them in the reports", async ({
  page,
  browser,
}) => {
  test.setTimeout(270_000);
  const suffix = Date.now().toString(36);
  const endpoint = `judge-model-${suffix}`;
  const template = `support-${suffix}`;

  // the admin registers the model
  await signIn(page, USERS.admin.email);
  await page.goto("/admin/judging");
  await page.getByRole("button", { name: "New endpoint" }).click();
  const register = page.getByRole("form", { name: "New endpoint" });
  await register.getByLabel(/^Name/).fill(endpoint);
  await register.getByLabel(/^Model/).fill("qwen2.5:7b");
  await register.getByLabel(/^Base URL/).fill(model.url);
  await register.getByLabel("None (a local server)").check();
  await register.getByLabel(/^Input price per 1M tokens/).fill("1");
  await register.getByLabel(/^Output price per 1M tokens/).fill("2");
  await register.getByRole("button", { name: "Register endpoint" }).click();
  await expect(page.getByTestId(`endpoint-${endpoint}`)).toBeVisible();

  // the researcher copies the built-in support template and saves it under a name of their own
  const context = await browser.newContext();
  const researcher = await context.newPage();
  await signIn(researcher, USERS.researcher.email);
  await researcher.goto(`/studies/${studyId}`);
  await researcher.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "LLM judges" }).click();
  await expect(researcher.getByRole("heading", { name: "LLM judges" })).toBeVisible();
  await researcher.getByTestId("template-freshstack-support").getByRole("button", { name: "Copy and edit" }).click();
  const editor = researcher.getByRole("form", { name: "Judge template" });
  await editor.getByLabel(/^Name/).fill(template);
  await editor.getByRole("button", { name: "Save version" }).click();
  await expect(editor.getByRole("status")).toContainText(`Saved ${template} as version`);
  const first = (await editor.getByRole("status").textContent())!.match(/version ([0-9a-f]{12})/)![1]!;
  // a prompt that names a field the task does not offer is refused, naming the field
  const prompt = editor.getByLabel(/^Prompt/);
  await prompt.fill(`${await prompt.inputValue()}\n{{answer_a}}`);
  await editor.getByRole("button", { name: "Save version" }).click();
  await expect(editor.getByRole("alert", { name: "Template error" })).toContainText(
    "prompt: {{answer_a}} is not a field of support prompts",
  );
  await editor.getByRole("button", { name: "Cancel" }).click();

  // run version 1 on 12 random pairs; one reply does not parse
  const startRun = async (version: string) => {
    await researcher.getByRole("button", { name: "New judge run" }).click();
    const form = researcher.getByRole("form", { name: "New judge run" });
    const choice = form.getByLabel("Template").locator(`option[value^="${template}@${version}"]`);
    await form.getByLabel("Template").selectOption((await choice.getAttribute("value"))!);
    await form.getByLabel("Endpoint").selectOption(endpoint);
    await form.getByLabel(/^Sample/).selectOption("random_pairs");
    await form.getByLabel(/^Pairs/).fill("12");
    await form.getByLabel(/^Seed/).fill("5");
    await form.getByRole("button", { name: "Start run" }).click();
    await expect(researcher.getByRole("status").filter({ hasText: "Started: 12 calls" })).toBeVisible();
    return (await researcher.getByRole("status").filter({ hasText: "Started" }).textContent())!.match(/“(.*)”/)![1]!;
  };
  model.failNext(1, { kind: "garble" });
  const judgeOne = await startRun(first);
  const row = researcher.getByRole("table", { name: "Judge runs" }).getByRole("row").filter({ hasText: judgeOne });
  // the page follows the run as the background worker makes its calls
  await expect(row.getByTestId("run-status")).toHaveText("done", { timeout: 90_000 });
  await expect(row.getByTestId("run-progress")).toHaveText("12 / 12 calls");
  await expect(row).toContainText("1 unparsed · 0 failed · 0 skipped");
  await row.getByRole("button", { name: "Show problems" }).click();
  const problems = researcher.getByRole("region", { name: /^Problems of run/ });
  await expect(problems.getByTestId("run-problem")).toHaveCount(1);
  await expect(problems).toContainText("I would rather not say.");
  await row.getByRole("button", { name: "Retry problems" }).click();
  await expect(row).not.toContainText("unparsed", { timeout: 90_000 });
  await expect(row.getByTestId("run-status")).toHaveText("done");
  await expect(problems).toContainText("None now.");

  // version 2: a changed prompt is a new version; its run is a second judge
  await researcher.getByTestId(`template-${template}`).getByRole("button", { name: "Edit" }).click();
  await prompt.fill(`${await prompt.inputValue()}\nBe strict.`);
  await editor.getByRole("button", { name: "Save version" }).click();
  const second = (await editor.getByRole("status").textContent())!.match(/version ([0-9a-f]{12})/)![1]!;
  expect(second).not.toBe(first);
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(researcher.getByTestId(`template-${template}`)).toContainText(`${second} (newest)`);
  const judgeTwo = await startRun(second);
  expect(judgeTwo).not.toBe(judgeOne);
  await expect(
    researcher
      .getByRole("table", { name: "Judge runs" })
      .getByRole("row")
      .filter({ hasText: judgeTwo })
      .getByTestId("run-status"),
  ).toHaveText("done", {
    timeout: 90_000,
  });
  expect(model.calls.length).toBe(12 + 1 + 12);

  // calibration: both versions side by side against the expert, and where the first differs from them
  const calibration = researcher.getByRole("region", { name: "Calibration" });
  await calibration.getByLabel("People's labels").selectOption(JUDGING_EXPERT);
  for (const judge of [judgeOne, judgeTwo])
    await expect(calibration.getByTestId(`calibration-${judge}`).getByRole("cell").nth(1)).toHaveText("12");
  const firstRow = calibration.getByTestId(`calibration-${judgeOne}`);
  // the fake model's verdicts and the expert's differ on 4 of the 12 pairs (fixed data, fixed sample)
  // the comparison as a CSV: the same counts, one measure per line
  const csvHref = await calibration.getByRole("link", { name: "Export CSV" }).getAttribute("href");
  const csv = await (await researcher.request.get(csvHref!)).text();
  expect(csv.split("\n")[0]).toBe("judge,measure,value,low,high,items,withheld");
  expect(csv).toContain(`\n${judgeOne},disagreements,4,,,12,\n`);
  await firstRow.getByRole("button", { name: "4 (show)" }).click();
  const detail = researcher.getByRole("region", { name: `Disagreements of ${judgeOne}` });
  await expect(detail.getByTestId("calibration-disagreement")).toHaveCount(4);
  await expect(detail.getByTestId("calibration-disagreement").first()).toContainText('"supported"');
  await expect(detail.getByRole("table", { name: "Confusion matrix" })).toBeVisible();
  // two of them become the few-shot examples of a third version
  await detail.getByRole("checkbox").nth(0).check();
  await detail.getByRole("checkbox").nth(2).check();
  await detail.getByRole("button", { name: "Use 2 as examples in a new version" }).click();
  const fewShot = calibration.getByRole("form", { name: "Judge template" });
  await expect(fewShot.getByLabel(/^Prompt/)).toHaveValue(
    /^Here are examples that experts judged[\s\S]*Example 2:[\s\S]*Expert judgment: [01] \((Not supported|Supported)\)/,
  );
  await fewShot.getByRole("button", { name: "Save version" }).click();
  await expect(fewShot.getByRole("status")).toContainText(`Saved ${template} as version`);
  await expect(researcher.getByTestId(`template-${template}`).locator("li")).toHaveCount(3);
  // the two versions as an ensemble, scored beside them
  await calibration.getByLabel(`In the ensemble: ${judgeOne}`).check();
  await calibration.getByLabel(`In the ensemble: ${judgeTwo}`).check();
  await calibration.getByRole("button", { name: "Score the 2 checked as an ensemble" }).click();
  const ensembleRow = calibration.getByTestId(`calibration-ensemble:${judgeOne}+${judgeTwo}`);
  await expect(ensembleRow.getByRole("cell").nth(1)).toHaveText("12");
  await expect(ensembleRow).toContainText("0 ties (no label)");
  // or the two fused as FeB4RAG does
  await calibration.getByRole("button", { name: "Score 2 checked fused (FeB4RAG)" }).click();
  const fusedRow = calibration.getByTestId(`calibration-fused:${judgeOne}+${judgeTwo}`);
  await expect(fusedRow.getByRole("cell").nth(1)).toHaveText("12");
  await expect(ensembleRow).toHaveCount(0);

  // both judges are label sets of the reports: compare the two versions on their shared pairs
  await researcher
    .getByRole("navigation", { name: "Study" })
    .getByRole("link", { name: "Agreement", exact: true })
    .click();
  const sources = researcher.getByRole("form", { name: "Label sets" });
  await sources.getByLabel("Label set A").selectOption(judgeOne);
  await sources.getByLabel("Label set B").selectOption(judgeTwo);
  await sources.getByRole("button", { name: "Compare" }).click();
  // the same sample (seed 5) and the same answers: 12 targets, in full agreement
  await expect(researcher.getByTestId("report-summary")).toContainText("12 targets labelled by both");
  await researcher.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Impact" }).click();
  // the Agreement page's form has the same labels: choose on Impact's own, once it is there
  await expect(researcher.getByRole("heading", { level: 1, name: "Impact" })).toBeVisible();
  await researcher.getByLabel("Label set A").selectOption(judgeOne);
  await researcher.getByLabel("Label set B").selectOption(judgeTwo);
  await researcher.getByRole("button", { name: "Score the runs" }).click();
  await expect(researcher.getByTestId("impact-summary")).toContainText(
    "3 systems over 6 questions (of 10 with nuggets)",
  );

  // an ensemble of the two versions chosen in a report's menu: two members or more, and the
  // report's page keeps it chosen
  await researcher
    .getByRole("navigation", { name: "Study" })
    .getByRole("link", { name: "Agreement", exact: true })
    .click();
  await expect(researcher.getByRole("heading", { level: 1, name: "Agreement" })).toBeVisible();
  await sources.getByLabel("Label set A").selectOption("An ensemble of LLM judges…");
  const members = sources.getByRole("group", { name: /Its members/ });
  await members.getByLabel(judgeOne, { exact: true }).check();
  await sources.getByLabel("Label set B").selectOption(judgeOne);
  expect(await sources.evaluate((form) => (form as HTMLFormElement).checkValidity())).toBe(false);
  await members.getByLabel(judgeTwo, { exact: true }).check();
  await sources.getByRole("button", { name: "Compare" }).click();
  await expect(researcher).toHaveURL(/[?&]a=ensemble%3A/);
  await expect(researcher.getByTestId("report-summary")).toContainText("12 targets labelled by both");
  await expect(sources.getByLabel("Label set A")).toHaveValue("ensemble");
  await expect(members.getByLabel(judgeTwo, { exact: true })).toBeChecked();
  await context.close();
});

test("a researcher runs a preference template both ways and reads its position consistency", async ({
  page,
  playwright,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  // a fair judge: the longer answer, on whichever side it is shown
  const pairwise = await startFakeChatServer({
    answer: (prompt) => {
      const a = /Answer A:\n([\s\S]*?)\n\nAnswer B:/.exec(prompt)?.[1] ?? "";
      const b = /Answer B:\n([\s\S]*?)\n\nWhich/.exec(prompt)?.[1] ?? "";
      return `Compared.\n[[${a.length >= b.length ? "A" : "B"}]]`;
    },
  });
  try {
    const admin = await playwright.request.newContext({ baseURL });
    await signInViaApi(admin, USERS.admin.email);
    const endpoint = `pairwise-${suffix}`;
    const registered = await admin.post("/api/judging/endpoints", {
      data: { name: endpoint, baseUrl: pairwise.url, model: "pairwise-7b", apiKey: { source: "none" } },
    });
    expect(registered.status()).toBe(200);
    await admin.dispose();

    await signIn(page, USERS.researcher.email);
    await page.goto(`/studies/${studyId}/judging`);
    await page.getByRole("button", { name: "New template" }).click();
    const editor = page.getByRole("form", { name: "Judge template" });
    const template = `pairwise-${suffix}`;
    await editor.getByLabel(/^Name/).fill(template);
    await editor.getByLabel(/^Task/).selectOption("preference");
    await editor
      .getByLabel(/^Prompt/)
      .fill(
        "Request:\n{{question}}\n\nAnswer A:\n{{answer_a}}\n\nAnswer B:\n{{answer_b}}\n\nWhich answer is better? End with [[A]], [[B]] or [[tie]].",
      );
    await editor.getByLabel(/^Expression/).fill("\\[\\[(A|B|tie)\\]\\]");
    await editor.getByLabel(/^Words to levels/).fill("A = a\nB = b\ntie = none");
    await editor.getByRole("button", { name: "Save version" }).click();
    await expect(editor.getByRole("status")).toContainText(`Saved ${template} as version`);
    await editor.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "New judge run" }).click();
    const form = page.getByRole("form", { name: "New judge run" });
    const choice = form.getByLabel("Template").locator(`option[value^="${template}@"]`);
    await form.getByLabel("Template").selectOption((await choice.getAttribute("value"))!);
    await form.getByLabel("Endpoint").selectOption(endpoint);
    await expect(form.getByLabel(/^Sample/).locator("option")).toHaveText([
      "Every request the systems answered",
      "N random requests the systems answered",
    ]);
    await form.getByLabel("rag-baseline").check();
    await form.getByLabel("rag-rerank").check();
    await form.getByLabel(/^Criterion/).fill("coverage");
    await form.getByRole("button", { name: "Start run" }).click();
    const started = page.getByRole("status").filter({ hasText: "Started" });
    await expect(started).toContainText("Started: 10 calls"); // the 5 requests both answered, each both ways
    const judge = (await started.textContent())!.match(/“(.*)”/)![1]!;
    const row = page.getByRole("table", { name: "Judge runs" }).getByRole("row").filter({ hasText: judge });
    await expect(row.getByTestId("run-status")).toHaveText("done", { timeout: 90_000 });
    await expect(row.getByTestId("run-inconsistent")).toHaveText("coverage · 0 position-inconsistent");
    expect(pairwise.calls).toHaveLength(10);
    // the calibration reads the judge's position consistency: the same choice both ways on all five pairs
    const calibrated = page
      .getByRole("region", { name: "Calibration" })
      .getByTestId(`calibration-${judge}`)
      .getByTestId("position-consistency");
    await expect(calibrated).toHaveText(
      "Position-consistent on 5 of 5 pairs judged both ways (100.0%, 95% interval 56.6%–100.0%)",
    );
    // its labels are a preference source of the Preferences page
    const report = await page.request.get(
      `/api/studies/${studyId}/reports/preferences?${new URLSearchParams({ source: judge })}`,
    );
    expect(report.status()).toBe(200);
    const { perCriterion } = (await report.json()) as {
      perCriterion: { criterion: string; pairs: { firstWins: number; secondWins: number; none: number }[] }[];
    };
    const coverage = perCriterion.find((c) => c.criterion === "coverage")!.pairs[0]!;
    expect(coverage.firstWins + coverage.secondWins + coverage.none).toBe(5);
  } finally {
    await pairwise.close();
  }
});

test("a researcher runs an LLM judge on the pairs checked in the disagreement queue", async ({
  page,
  playwright,
  baseURL,
}) => {
  const endpoint = `queue-model-${Date.now().toString(36)}`;
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const registered = await admin.post("/api/judging/endpoints", {
    data: { name: endpoint, baseUrl: model.url, model: "queue-7b", apiKey: { source: "none" } },
  });
  expect(registered.status()).toBe(200);
  await admin.dispose();

  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}/explorer/disagreements`);
  const boxes = page.getByRole("table", { name: "Disagreeing pairs" }).getByRole("checkbox");
  await boxes.nth(1).uncheck();
  const checked = (await boxes.count()) - 1;
  expect(checked).toBeGreaterThan(1);
  await page.getByRole("button", { name: "Run an LLM judge on the checked pairs" }).click();
  const form = page.getByRole("form", { name: "New judge run" });
  await expect(form.getByLabel(/^Sample/)).toHaveValue("targets");
  await expect(form.getByLabel(/^Sample/).locator("option:checked")).toHaveText(
    `The ${checked} chosen pairs (from the disagreement queue)`,
  );
  await expect(form.getByLabel("Template")).toHaveValue(/^freshstack-support@/);
  await form.getByLabel("Endpoint").selectOption(endpoint);
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Started" })).toContainText(`Started: ${checked} calls`);
});

test("a run whose every call fails ends failed, its first reason on the page, and can be retried", async ({
  page,
  playwright,
  baseURL,
}) => {
  // an endpoint whose key is read from a variable this server does not have: no call can be made
  const endpoint = `keyless-model-${Date.now().toString(36)}`;
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const registered = await admin.post("/api/judging/endpoints", {
    data: {
      name: endpoint,
      baseUrl: model.url,
      model: "keyless-7b",
      apiKey: { source: "env", variable: "ASSAY_JUDGE_KEY_E2E_NEVER_SET" },
    },
  });
  expect(registered.status()).toBe(200);
  await admin.dispose();

  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${studyId}/judging`);
  await page.getByRole("button", { name: "New judge run" }).click();
  const form = page.getByRole("form", { name: "New judge run" });
  await form.getByLabel("Endpoint").selectOption(endpoint);
  await form.getByLabel(/^Sample/).selectOption("random_pairs");
  await form.getByLabel(/^Pairs/).fill("3");
  await form.getByRole("button", { name: "Start run" }).click();
  const judge = (await page.getByRole("status").filter({ hasText: "Started" }).textContent())!.match(/“(.*)”/)![1]!;
  const row = page.getByRole("table", { name: "Judge runs" }).getByRole("row").filter({ hasText: judge });
  await expect(row.getByTestId("run-status")).toHaveText("failed", { timeout: 90_000 });
  await expect(row.getByTestId("run-failure")).toHaveText(
    `No call was answered: no call made: ${endpoint}'s key is read from ASSAY_JUDGE_KEY_E2E_NEVER_SET, which is not set on this server`,
  );
  await expect(row).toContainText("0 unparsed · 3 failed · 0 skipped");
  // a failed run may be retried (here it fails again, for the same reason: the variable is still unset)
  await expect(row.getByRole("button", { name: "Retry problems" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("failed-run.png"), fullPage: true });
});
