import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startFakeChatServer } from "../test/fake-chat-server";
import { expectFits } from "./fixtures/layout";

// A new team's first day, from an EMPTY database (no seeded world; its own server, see
// playwright.config.ts): the first admin comes from the command line; everything else happens in
// the browser, as people would do it. The admin creates a researcher and two annotators (one with a
// password, one through an invite link); the researcher creates a study, imports NovelEval on the
// import page, adds the annotators, and starts a relevance campaign with two annotators per item;
// both label with the keyboard only (one goes back to an item with a comment and relabels it); the
// researcher reads the agreement of the annotators with NovelEval's assessors and downloads the
// campaign's annotations and the team's qrels; the admin registers the team's model server, and the
// researcher runs an LLM judge on the imported pairs and calibrates it against the assessors.
// Along the way, NovelEval's prose passages wrap at 1,280 and 390 px in the explorer and the
// workspace (passages.spec.ts walks the rest of their day: keyboard scrolling, keys while loading,
// the display setting and term marking).
const NOVELEVAL = path.resolve("../shared/data/noveleval");
const ADMIN = { email: "lena@team.example", password: "first admin passphrase" };
const RESEARCHER = { email: "rhea@team.example", name: "Rhea Research", password: "researcher passphrase" };
const ANNA = { email: "anna@team.example", name: "Anna Annotator", password: "annotator passphrase" };
const BEN = { email: "ben@team.example", name: "Ben Invited", password: "chosen through the link" };
const CAMPAIGN = "Relevance check";

function assayCli(args: string[], input: string) {
  const databaseUrl = process.env.E2E_FIRST_DAY_DATABASE_URL ?? "file:./data/test/first-day.db";
  return spawnSync("node", ["--conditions=react-server", "--import", "tsx", "lib/cli/main.ts", ...args], {
    encoding: "utf8",
    input,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

async function signInWithForm(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toContainText(who.email);
  return page;
}

async function importFile(page: Page, format: string, file: string, labels?: { judge: string; scale: string }) {
  const panel = page.getByRole("region", { name: "Import" });
  await panel.getByLabel("Format").selectOption({ label: format });
  if (labels) {
    await panel.getByLabel("Judge (required)").fill(labels.judge);
    await panel.getByLabel("Judge kind").selectOption({ label: "Human" });
    await panel.getByLabel("Scale (required)").selectOption({ label: labels.scale });
  }
  await panel.getByLabel("File").setInputFiles(path.resolve(NOVELEVAL, file));
  await panel.getByRole("button", { name: "Import", exact: true }).click();
  const result = panel.getByTestId("import-result");
  await expect(result).toContainText(`from ${path.basename(file)}`);
  return result;
}

/** Labels every item offered with the keyboard: a level key per item (and a comment on the last one), then Enter. */
async function labelAll(page: Page, keys: string[], lastComment?: string) {
  for (const [i, key] of keys.entries()) {
    await expect(page.getByTestId("item-position")).toHaveText(
      new RegExp(`^Item ${i + 1} of my ${i + 1} · not labelled yet`),
    );
    await page.keyboard.press(key);
    if (lastComment && i === keys.length - 1) {
      await page.keyboard.press("c");
      await page.keyboard.type(lastComment);
      await page.keyboard.press("Enter"); // keeps the comment, gives the keys back
    }
    await page.keyboard.press("Enter");
  }
  await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();
  await expect(page.getByText("All labels saved")).toBeVisible();
}

/** The open passage wraps at 1,280 and at 390 px: no sideways scrolling, in its box or the page. */
async function passagesFit(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectFits(page, page.locator(".prose-passage"), `the passage at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent("download");
  await click();
  return fs.readFileSync((await (await download).path())!, "utf8");
}

test("a new team's first day, from an empty database to an agreement report", async ({ browser }) => {
  test.setTimeout(540_000);

  // the first admin, from the command line
  const created = assayCli(
    ["user", "create", "--email", ADMIN.email, "--role", "admin", "--name", "Lena Lead"],
    `${ADMIN.password}\n`,
  );
  expect(created.status, created.stderr).toBe(0);

  // the admin creates the team's accounts
  const admin = await signInWithForm(browser, ADMIN);
  await expect(admin).toHaveURL(/\/studies$/);
  await expect(admin.getByText("No studies yet.")).toBeVisible();
  await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
  for (const person of [
    { ...RESEARCHER, role: "Researcher" },
    { ...ANNA, role: "Annotator" },
  ]) {
    await admin.getByRole("button", { name: "New account" }).click();
    const form = admin.getByRole("form", { name: "New account" });
    await form.getByLabel("Email").fill(person.email);
    await form.getByLabel("Name").fill(person.name);
    await form.getByLabel("Role").selectOption({ label: person.role });
    await form.getByLabel("Password").fill(person.password);
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(admin.getByTestId(`user-${person.email}`)).toContainText("Active");
  }
  await admin.getByRole("button", { name: "New account" }).click();
  const inviteForm = admin.getByRole("form", { name: "New account" });
  await inviteForm.getByLabel("Email").fill(BEN.email);
  await inviteForm.getByLabel("Name").fill(BEN.name);
  await inviteForm.getByLabel("Role").selectOption({ label: "Annotator" });
  await inviteForm.getByRole("button", { name: "Create account" }).click();
  await expect(admin.getByTestId(`user-${BEN.email}`)).toContainText("Invited (no password yet)");
  const invite = await admin.getByTestId("password-link").inputValue();
  expect(invite).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);

  // Ben sets his password through the link
  const benInvite = await (await browser.newContext()).newPage();
  await benInvite.goto(invite);
  await expect(benInvite.getByText(`Welcome! Choose a password for ${BEN.email}`)).toBeVisible();
  await benInvite.getByLabel("New password").fill(BEN.password);
  await benInvite.getByLabel("The same again").fill(BEN.password);
  await benInvite.getByRole("button", { name: "Set password" }).click();
  await expect(benInvite.getByText("Your password is set.")).toBeVisible();
  await expect(benInvite.getByText("Choose a password")).toHaveCount(0); // the invitation's words are done
  await benInvite.goto(invite);
  await expect(benInvite.getByRole("alert", { name: "Link error" })).toContainText("expired or was already used");
  await admin.reload();
  await expect(admin.getByTestId(`user-${BEN.email}`)).toContainText("Active");

  // the researcher creates the study and imports NovelEval on the import page
  const researcher = await signInWithForm(browser, RESEARCHER);
  await researcher.getByRole("button", { name: "New study" }).click();
  await researcher.getByLabel("Name").fill("NovelEval");
  await researcher
    .getByLabel("Description")
    .fill("21 questions about 2023 events, 420 chunks, graded relevance by assessors.");
  await researcher.getByRole("button", { name: "Create study" }).click();
  await expect(researcher.getByRole("heading", { name: "NovelEval" })).toBeVisible();
  const studyUrl = researcher.url();
  await researcher.getByRole("link", { name: "Import and export" }).click();
  await expect(await importFile(researcher, "BEIR / NovelEval queries (TSV or JSONL)", "queries.tsv")).toContainText(
    "Added 21 questions.",
  );
  await expect(await importFile(researcher, "BEIR / NovelEval corpus (TSV or JSONL)", "corpus.tsv")).toContainText(
    "Added 420 chunks.",
  );
  await expect(
    await importFile(researcher, "TREC qrels", "qrels.txt", { judge: "assessors", scale: "Graded 0 / 1 / 2" }),
  ).toContainText("Added 420 pooled pairs, 420 labels. Labels by assessors on the scale graded-0-2.");
  await expect(researcher.getByTestId("import-result")).not.toContainText("0.0 s");
  // two runs in one file (each tag a system), right after the qrels on the same page: the page sends
  // only what the run format takes
  const runs = fs
    .readFileSync(path.join(NOVELEVAL, "qrels.txt"), "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split(/\s+/))
    .flatMap(([q, , d], i) => [`${q} Q0 ${d} 1 ${i % 7} bm25`, `${q} Q0 ${d} 1 ${(i * 5) % 11} dense`]);
  const runFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "first-day-")), "team.run");
  fs.writeFileSync(runFile, `${runs.join("\n")}\n`);
  await expect(await importFile(researcher, "TREC run", runFile)).toContainText("840 run entries");

  // the questions are named by their text
  await researcher.goto(`${studyUrl}/explorer`);
  await expect(
    researcher
      .getByRole("table", { name: "Questions" })
      .getByRole("row", { name: /^1 What is the screen resolution of vision pro\?/ }),
  ).toBeVisible();
  // a question without nuggets has no empty Nuggets section
  await researcher.getByRole("table", { name: "Questions" }).getByRole("link", { name: "1", exact: true }).click();
  await expect(researcher.getByRole("heading", { level: 1 })).toContainText(
    "What is the screen resolution of vision pro?",
  );
  await expect(researcher.getByRole("table", { name: "Pool grid" }).getByRole("row")).toHaveCount(21); // the header and NovelEval's 20 candidates
  await expect(researcher.getByRole("heading", { name: "Nuggets" })).toHaveCount(0);
  // NovelEval's prose passages wrap in the explorer, at 1,280 and at 390 px
  await researcher.locator("a[href*='chunk=']").first().click();
  await passagesFit(researcher);
  // a passage NovelEval's TSV quotes the CSV way reads without the quotes
  await researcher.goto(`${studyUrl}/explorer`);
  await researcher.getByRole("table", { name: "Questions" }).getByRole("link", { name: "11", exact: true }).click();
  await researcher.getByRole("link", { name: "11-0", exact: true }).click();
  const viewer = researcher.getByRole("region", { name: "Chunk viewer" });
  await expect(viewer).toContainText('"Middle Ground" is a song by American pop rock band Maroon 5.');
  await expect(viewer).not.toContainText('""Middle Ground""');

  // the researcher adds the annotators
  await researcher.goto(studyUrl);
  await researcher.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Members (1)" }).click();
  for (const person of [ANNA, BEN]) {
    const form = researcher.getByRole("form", { name: "Add a member" });
    await form.getByLabel("Email").fill(person.email);
    await form.getByLabel("Role in the study").selectOption({ label: "Annotator" });
    await form.getByRole("button", { name: "Add to the study" }).click();
    await expect(researcher.getByTestId(`member-${person.email}`)).toContainText(person.name);
  }
  await expect(researcher.getByRole("table", { name: "Members" }).getByRole("row")).toHaveCount(4);
  // adding someone again says so, rather than nothing
  const again = researcher.getByRole("form", { name: "Add a member" });
  await again.getByLabel("Email").fill(ANNA.email);
  await again.getByRole("button", { name: "Add to the study" }).click();
  await expect(researcher.getByTestId("add-member-outcome")).toHaveText(
    `${ANNA.email} is already an annotator of this study: nothing changed.`,
  );
  // the study's navigation counts them at once
  await expect(
    researcher.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Members (3)" }),
  ).toHaveAttribute("aria-current", "page");

  // a relevance campaign, two annotators per item
  await researcher.goto(studyUrl);
  await researcher.getByRole("link", { name: "New campaign" }).click();
  await researcher.getByLabel("Name").fill(CAMPAIGN);
  await researcher.getByLabel("Task").selectOption("relevance");
  await researcher.getByLabel("Scale").selectOption({ label: "Graded 0 / 1 / 2" });
  await expect(researcher.getByLabel("Sample")).toHaveValue("random_questions"); // no LLM in this study
  await researcher.getByLabel("Questions (N)").fill("2");
  await researcher.getByLabel("Cap (items)").fill("3");
  await expect(researcher.getByLabel("Annotators per item (overlap)")).toHaveValue("2");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  await expect(researcher.getByRole("region", { name: "Sample preview" })).toContainText(
    /3 items from [12] questions?, 6 labels to collect/,
  );
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText("0 of 6 labels")).toBeVisible();
  const campaignUrl = researcher.url();

  // Anna labels with the keyboard, then goes back to her last item, which has a comment, and relabels it
  const anna = await signInWithForm(browser, ANNA);
  await expect(anna).toHaveURL(/\/annotate$/);
  await anna.getByRole("link", { name: CAMPAIGN }).click();
  await expect(anna.getByTestId("item-position")).toContainText("not labelled yet");
  await passagesFit(anna); // and in the workspace
  await labelAll(anna, ["2", "1", "0"], "not sure: the chunk is about the film's sequel");
  await anna.keyboard.press("ArrowLeft");
  await expect(anna.getByTestId("item-position")).toHaveText("Item 3 of my 3 · labelled (blind, version 1)");
  await expect(anna.getByRole("textbox", { name: "Comment (optional)" })).toHaveValue(
    "not sure: the chunk is about the film's sequel",
  );
  await anna.keyboard.press("2");
  await anna.keyboard.press("Enter");
  await expect(anna.getByText("Nothing is left for you in this campaign")).toBeVisible(); // saved, and nothing new to claim
  await expect(anna.getByText("All labels saved")).toBeVisible();
  await anna.keyboard.press("ArrowLeft");
  await expect(anna.getByTestId("item-position")).toHaveText("Item 3 of my 3 · labelled (blind, version 2)");
  await expect(anna.getByRole("radio", { name: /^2/ })).toHaveAttribute("aria-checked", "true");

  // Ben, signed in with the password he chose, labels the same items
  const ben = await signInWithForm(browser, BEN);
  await ben.getByRole("link", { name: CAMPAIGN }).click();
  await labelAll(ben, ["2", "1", "2"]);

  // the researcher sees the campaign complete and reads the agreement with NovelEval's assessors
  await researcher.goto(campaignUrl);
  await expect(researcher.getByText("6 of 6 labels")).toBeVisible();
  const annotations = await downloaded(researcher, () =>
    researcher.getByRole("button", { name: "Export annotations (JSONL)" }).click(),
  );
  const rows = annotations
    .trim()
    .split("\n")
    .map(
      (l) =>
        JSON.parse(l) as {
          campaign: string;
          annotator: string;
          query: string;
          doc: string;
          payload: { level: string };
          comment: string | null;
          version: number;
        },
    );
  expect(rows).toHaveLength(6);
  expect(rows.every((r) => r.campaign === CAMPAIGN)).toBe(true);
  expect(rows.find((r) => r.annotator === ANNA.email && r.version === 2)).toMatchObject({
    payload: { level: "2" },
    comment: "not sure: the chunk is about the film's sequel",
  });
  // what the report must say: both annotators agree on every item (2, 1, 2), compared with the assessors' grades
  const assessors = new Map(
    fs
      .readFileSync(path.join(NOVELEVAL, "qrels.txt"), "utf8")
      .trim()
      .split("\n")
      .map((l) => l.split(/\s+/))
      .map(([q, , d, rel]) => [`${q}::${d}`, rel!]),
  );
  const mine = rows.filter((r) => r.annotator === BEN.email);
  const agreed = mine.filter((r) => assessors.get(`${r.query}::${r.doc}`) === r.payload.level).length;

  await researcher.goto(studyUrl);
  await researcher
    .getByRole("navigation", { name: "Study" })
    .getByRole("link", { name: "Agreement", exact: true })
    .click();
  await researcher.getByLabel("Label set A").selectOption({ label: `Annotators of ${CAMPAIGN} (majority)` });
  await researcher.getByLabel("Label set B").selectOption({ label: "assessors (human)" });
  await researcher.getByRole("button", { name: "Compare", exact: true }).click();
  const report = researcher.getByTestId("agreement-report");
  await expect(report.getByRole("heading", { level: 2 })).toHaveText(
    `Annotators of ${CAMPAIGN} (majority) vs assessors`,
  );
  await expect(researcher.getByTestId("report-summary")).toContainText("3 targets labelled by both");
  await expect(researcher.getByTestId("statistic-percent-agreement")).toContainText((agreed / 3).toFixed(3));

  // the team's qrels: the campaign's majority label on each item, as trec_eval reads them
  await researcher.goto(`${studyUrl}/import-export`);
  const exportPanel = researcher.getByRole("region", { name: "Export" });
  await exportPanel.getByLabel("Format").selectOption("trec-qrels");
  await expect(exportPanel.getByLabel(/^Judge/).locator("option")).not.toContainText(["All human judges"]);
  await exportPanel.getByLabel(/^Judge/).selectOption({ label: `Annotators of ${CAMPAIGN} (majority)` });
  const qrels = await downloaded(researcher, () => exportPanel.getByRole("button", { name: "Download" }).click());
  expect(qrels.trim().split("\n").sort()).toEqual(mine.map((r) => `${r.query} 0 ${r.doc} ${r.payload.level}`).sort());

  // the team's first LLM judge: the admin registers the team's model server (here the tests' own);
  // the researcher runs UMBRELA's prompt on 20 random pairs of the imported pool and calibrates it
  // against the assessors
  const chat = await startFakeChatServer({ answer: (prompt) => `Reasoning.\n##final score: ${prompt.length % 4}` });
  try {
    await admin.goto("/admin/judging");
    await admin.getByRole("button", { name: "New endpoint" }).click();
    const register = admin.getByRole("form", { name: "New endpoint" });
    await register.getByLabel(/^Name/).fill("team-model");
    await register.getByLabel(/^Model/).fill("llama3.1:8b");
    await register.getByLabel(/^Base URL/).fill(chat.url);
    await register.getByLabel("None (a local server)").check();
    await register.getByRole("button", { name: "Register endpoint" }).click();
    await expect(admin.getByTestId("endpoint-team-model")).toBeVisible();

    await researcher.goto(studyUrl);
    await researcher.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "LLM judges" }).click();
    await researcher.getByRole("button", { name: "New judge run" }).click();
    const form = researcher.getByRole("form", { name: "New judge run" });
    const umbrela = form.getByLabel("Template").locator('option[value^="umbrela-relevance@"]');
    await form.getByLabel("Template").selectOption((await umbrela.getAttribute("value"))!);
    await form.getByLabel("Endpoint").selectOption("team-model");
    await form.getByLabel(/^Sample/).selectOption("random_pairs");
    await form.getByLabel(/^Pairs/).fill("20");
    await form.getByLabel(/^Seed/).fill("1");
    await form.getByRole("button", { name: "Start run" }).click();
    const started = researcher.getByRole("status").filter({ hasText: "Started" });
    await expect(started).toContainText("Started: 20 calls");
    const judge = (await started.textContent())!.match(/“(.*)”/)![1]!;
    const run = researcher.getByRole("table", { name: "Judge runs" }).getByRole("row").filter({ hasText: judge });
    await expect(run.getByTestId("run-status")).toHaveText("done", { timeout: 90_000 });
    expect(chat.calls).toHaveLength(20);
    const calibration = researcher.getByRole("region", { name: "Calibration" });
    await calibration.getByLabel("People's labels").selectOption({ label: "assessors (human)" });
    await expect(calibration.getByTestId(`calibration-${judge}`).getByRole("cell").nth(1)).toHaveText("20");

    // does the leaderboard change under the LLM's labels? Impact scores the team's two runs with
    // trec_eval's measures under both, on the questions the LLM judged
    await researcher.goto(`${studyUrl}/impact?${new URLSearchParams({ a: "assessors", b: judge })}`);
    const impact = researcher.getByTestId("impact-report");
    await expect(impact.getByTestId("impact-summary")).toContainText("2 systems over");
    await expect(impact.getByTestId("impact-summary")).toContainText(
      "trec_eval 9.0.8's measures over relevance labels",
    );
    await expect(impact.getByTestId("impact-coverage")).toBeVisible(); // 20 random pairs cover some questions only
    const scores = impact.getByRole("table", { name: "Scores under both label sets" });
    for (const system of ["bm25", "dense"])
      await expect(scores.getByRole("row").filter({ hasText: system }).getByRole("cell").nth(1)).toHaveText(
        /^\d\.\d{3}$/,
      );
    await expect(impact.getByTestId("tau-ndcg@10")).toBeVisible();
  } finally {
    await chat.close();
  }
});
