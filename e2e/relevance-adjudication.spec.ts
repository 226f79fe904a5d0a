import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { violations } from "./fixtures/axe";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";
import { expectFits } from "./fixtures/layout";
import { addAnnotators, fillRelevanceDraft, importNovelEval, NOVELEVAL, signedIn } from "./fixtures/noveleval-study";

// Adjudication on the first-day server (a database that starts empty): a researcher brings
// NovelEval's questions and passages and an LLM's graded qrels, starts a blind relevance campaign
// with two annotators per item; they disagree on some items; a member named adjudicator (not one of
// its annotators) decides the queue by keyboard without the LLM's label, which shows only once the
// researcher allows it; Agreement of the LLM against adjudicated:<id> is the hand count. An
// annotator of the campaign never reaches the queue.
const STUDY = "Adjudicated relevance";
const CAMPAIGN = "Relevance, adjudicated";
const RESEARCHER = { email: "rosa@adjudication.example", password: "researcher passphrase" };
const ANA = { email: "ana@adjudication.example", password: "annotator passphrase one" };
const BEN = { email: "ben@adjudication.example", password: "annotator passphrase two" };
const JO = { email: "jo@adjudication.example", name: "Jo Adjudicator", password: "the adjudicator's passphrase" };
const JO_OPTION = `${JO.name} (${JO.email}, annotator)`;
// Ana grades every item 2; Ben 0, 2, 1, 2: items 1 and 3 differ (the whole scale, half of it), 2 and 4 agree
const ANA_KEYS = ["2", "2", "2", "2"];
const BEN_KEYS = ["0", "2", "1", "2"];
// the adjudicator's decisions, in queue order (farthest apart first): item 1 gets 1, item 3 gets 2
const DECISIONS = ["1", "2"];

/** The LLM's grades: NovelEval's assessors' grade, one up (mod 3) on every third pair. */
function llmQrels(): { file: string; grade: Map<string, string> } {
  const lines = fs
    .readFileSync(path.join(NOVELEVAL, "qrels.txt"), "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split(/\s+/));
  const grade = new Map<string, string>();
  const out = lines.map(([q, , d, rel], i) => {
    const g = String(i % 3 === 0 ? (Number(rel) + 1) % 3 : Number(rel));
    grade.set(`${q}::${d}`, g);
    return `${q} 0 ${d} ${g}`;
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "adjudication-")), "llm.qrels");
  fs.writeFileSync(file, `${out.join("\n")}\n`);
  return { file, grade };
}

/** An annotator labels the campaign's items in order with the keyboard. */
async function labelAll(page: Page, keys: string[]) {
  await page.goto("/annotate");
  await page.getByRole("link", { name: CAMPAIGN }).click();
  for (const [i, key] of keys.entries()) {
    await expect(page.getByTestId("item-position")).toHaveText(
      new RegExp(`^Item ${i + 1} of my ${i + 1} · not labelled`),
    );
    await page.keyboard.press(key);
    await page.keyboard.press("Enter");
  }
  await expect(page.getByText("Nothing is left for you in this campaign")).toBeVisible();
  await expect(page.getByText("All labels saved")).toBeVisible();
}

test("two annotators disagree; the member named adjudicator decides by keyboard, blind to the LLM until allowed; Agreement against adjudicated:<id> is the hand count", async ({
  browser,
  page: researcher,
}) => {
  test.setTimeout(450_000);
  const studyUrl = await newResearcherStudy(researcher, RESEARCHER, STUDY);
  const llm = llmQrels();
  importNovelEval(STUDY, { file: llm.file, judge: "llm-grader", kind: "model" });
  addAnnotators(STUDY, [ANA, BEN]);
  firstDayCli(["user", "create", "--email", JO.email, "--role", "annotator", "--name", JO.name], `${JO.password}\n`);

  // a blind relevance campaign, two annotators per item, four items
  await fillRelevanceDraft(researcher, studyUrl, CAMPAIGN);
  await expect(researcher.getByLabel("Annotators per item (overlap)")).toHaveValue("2");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  await expect(researcher.getByRole("region", { name: "Sample preview" })).toContainText(
    "4 items from 1 question, 8 labels",
  );
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText("0 of 8 labels")).toBeVisible();
  const campaignUrl = researcher.url();
  const campaignId = Number(/campaigns\/(\d+)/.exec(campaignUrl)![1]);

  const ana = await signedIn(browser, ANA);
  await labelAll(ana, ANA_KEYS);
  // before the annotators are done, the adjudicator may not see an LLM's label
  await researcher.reload();
  const panel = researcher.getByRole("region", { name: "Adjudication" });
  await expect(panel.getByRole("combobox", { name: /^The LLM’s label/ })).toBeDisabled();
  const ben = await signedIn(browser, BEN);
  await labelAll(ben, BEN_KEYS);

  // Jo joins the study and is named adjudicator on the campaign page
  firstDayCli(["members", "add", "--study", STUDY, "--email", JO.email, "--role", "annotator"]);
  await researcher.reload();
  await expect(researcher.getByText("8 of 8 labels")).toBeVisible();
  await expect(panel.getByTestId("adjudication-progress")).toContainText("0 of 2 decided · 2 disagreements · 2 agreed");
  // an annotator of the campaign is not offered
  const offered = await panel
    .getByRole("combobox", { name: /^Adjudicator/ })
    .locator("option")
    .allInnerTexts();
  expect(offered).toContain(JO_OPTION);
  expect(offered.join("\n")).not.toMatch(/ana@|ben@/);
  await panel.getByRole("combobox", { name: /^Adjudicator/ }).selectOption({ label: JO_OPTION });
  await panel.getByRole("button", { name: "Save adjudication settings" }).click();
  await expect(panel.getByRole("button", { name: "Save adjudication settings" })).toBeEnabled();
  await researcher.reload();
  await expect(panel.getByRole("combobox", { name: /^Adjudicator/ })).toHaveValue(/\d+/);
  await expectFits(researcher, panel, "the campaign page's Adjudication panel");
  await researcher.screenshot({ path: test.info().outputPath("campaign-adjudication-1280.png"), fullPage: true });

  // an annotator of the campaign never reaches its queue, in the browser or the API
  const anaQueue = await ana.goto(`/adjudicate/${campaignId}`);
  expect(anaQueue?.status()).toBe(404);
  expect((await ana.request.get(`/api/campaigns/${campaignId}/adjudication`)).status()).toBe(404);

  // Jo finds the queue on his page and decides it by keyboard, the farthest apart first, without the LLM
  const jo = await signedIn(browser, JO);
  await jo.goto("/annotate");
  await jo.getByRole("list", { name: "Campaigns you adjudicate" }).getByRole("link", { name: CAMPAIGN }).click();
  await expect(jo.getByTestId("adjudication-counts")).toContainText("0 of 2 decided");
  await expect(jo.getByTestId("queue-position")).toContainText("Item 1 of 2 in the queue");
  const labels = jo.getByTestId("annotator-label");
  await expect(labels).toHaveText(["Annotator 1: Relevant", "Annotator 2: Not relevant"]);
  expect(await jo.getByRole("main").innerText()).not.toContain("llm-grader");
  await expect(jo.getByTestId("llm-label")).toHaveCount(0);
  expect(
    JSON.stringify(await (await jo.request.get(`/api/campaigns/${campaignId}/adjudication`)).json()),
  ).not.toContain("llm-grader");
  for (const width of [1280, 390]) {
    await jo.setViewportSize({ width, height: 900 });
    await expectFits(jo, jo.getByRole("main"), `the adjudication screen at ${width} px`);
    await jo.screenshot({ path: test.info().outputPath(`adjudication-${width}.png`), fullPage: true });
  }
  await jo.setViewportSize({ width: 1280, height: 900 });
  expect(await violations(jo), "axe on the adjudication screen").toEqual([]);
  await jo.keyboard.press(DECISIONS[0]!);
  await jo.keyboard.press("c");
  await jo.keyboard.type("the passage names the device but not its resolution");
  await jo.keyboard.press("Enter"); // keeps the reason, gives the keys back
  await jo.keyboard.press("Enter"); // decides, and moves on
  await expect(jo.getByTestId("queue-position")).toContainText("Item 2 of 2 in the queue · item 3 of the campaign");
  await expect(labels).toHaveText(["Annotator 1: Relevant", "Annotator 2: Partially relevant"]);
  await jo.keyboard.press(DECISIONS[1]!);
  await jo.keyboard.press("Enter");
  await expect(jo.getByRole("status")).toContainText("Every item of the queue is decided");
  await expect(jo.getByTestId("adjudication-counts")).toContainText("2 of 2 decided");

  // the researcher allows the LLM now that the annotators are done; Jo sees its label beside theirs
  await researcher.reload();
  await expect(panel.getByTestId("adjudication-progress")).toContainText("2 of 2 decided");
  await panel.getByRole("combobox", { name: /^The LLM’s label/ }).selectOption("llm-grader");
  await panel.getByRole("button", { name: "Save adjudication settings" }).click();
  await expect(panel.getByRole("button", { name: "Save adjudication settings" })).toBeEnabled();
  await jo.reload();
  await expect(jo.getByRole("status")).toContainText("Every item of the queue is decided");
  // a key pressed before the page has its key handler is lost: press again until it answers
  await expect(async () => {
    await jo.keyboard.press("ArrowRight");
    await expect(jo.getByTestId("queue-position")).toContainText("Item 1 of 2 in the queue", { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await expect(jo.getByTestId("llm-label")).toBeVisible();
  await expect(jo.getByTestId("decision")).toContainText("the passage names the device but not its resolution");

  // the hand count: the campaign's items from its annotations export, each agreed level or decision against the LLM's
  const download = researcher.waitForEvent("download");
  await researcher.goto(campaignUrl);
  await researcher.getByRole("button", { name: "Export annotations (JSONL)" }).click();
  const rows = fs
    .readFileSync((await (await download).path())!, "utf8")
    .trim()
    .split("\n")
    .map(
      (l) =>
        JSON.parse(l) as { item: number; annotator: string; query: string; doc: string; payload: { level: string } },
    );
  const items = [...new Set(rows.map((r) => r.item))].sort((x, y) => x - y);
  expect(items).toHaveLength(4);
  const adjudicated = items.map((item) => {
    const [a, b] = [ANA, BEN].map((p) => rows.find((r) => r.item === item && r.annotator === p.email)!);
    const level =
      a!.payload.level === b!.payload.level
        ? a!.payload.level
        : DECISIONS[a!.payload.level === "2" && b!.payload.level === "0" ? 0 : 1]!;
    return { key: `${a!.query}::${a!.doc}`, level };
  });
  const agreed = adjudicated.filter((x) => llm.grade.get(x.key) === x.level).length;

  await researcher.goto(`${studyUrl}/agreement`);
  await researcher.getByLabel("Label set A").selectOption({ label: "llm-grader (LLM)" });
  await researcher.getByLabel("Label set B").selectOption({ label: `Adjudicated labels of ${CAMPAIGN}` });
  await researcher.getByRole("button", { name: "Compare", exact: true }).click();
  await expect(researcher.getByTestId("agreement-report").getByRole("heading", { level: 2 })).toHaveText(
    `llm-grader vs Adjudicated labels of ${CAMPAIGN}`,
  );
  await expect(researcher.getByTestId("report-summary")).toContainText("4 targets labelled by both");
  await expect(researcher.getByTestId("statistic-percent-agreement")).toContainText((agreed / 4).toFixed(3));
});
