import { expect, test, type Response } from "@playwright/test";
import { signIn, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

type Report = {
  perCriterion: { criterion: string; pairs: { firstWins: number; secondWins: number; none: number }[] }[];
  verdict: { pairs: { firstWins: number; secondWins: number; none: number }[] };
};

// A researcher compares the demo study's two RAG systems on two random requests; the annotator
// judges both with the keyboard only, never seeing (in any page or API response) which system
// wrote which answer; the report counts the choices and the left answer's wins.
const CAMPAIGN = `E2E side by side ${Date.now()}`;
const SYSTEMS = ["rag-baseline", "rag-rerank"];

test("an annotator compares two answers blind with the keyboard and the preference report counts the choices", async ({
  browser,
}) => {
  const researcher = await browser.newPage();
  await signIn(researcher, USERS.researcher.email);
  const studyId = await studyIdByName(researcher.request, "Harbor job queue (demo)");
  await researcher.goto(`/studies/${studyId}/campaigns/new`);
  await researcher.getByLabel("Name").fill(CAMPAIGN);
  await researcher.getByLabel("Task").selectOption("preference");
  for (const system of SYSTEMS) await expect(researcher.getByRole("checkbox", { name: system })).toBeChecked();
  await expect(researcher.getByLabel("Criterion 4 name")).toHaveValue("Clarity");
  // the form says the keys the workspace has (J / K and 1, 2, 0), never "keys 1–4 pick a criterion"
  await expect(researcher.getByRole("group", { name: /^Criteria/ })).toContainText(
    "annotators move between them with J / K and choose with 1, 2 or 0",
  );
  await researcher.getByLabel("Questions (N)").fill("2");
  await researcher.getByLabel("Annotators per item (overlap)").fill("1");
  await researcher.getByLabel("Noor Annotator").uncheck();
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  await expect(researcher.getByRole("region", { name: "Sample preview" })).toContainText(
    "2 items from 2 questions, 2 labels to collect",
  );
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText("0 of 2 labels")).toBeVisible();

  const annotator = await browser.newPage();
  const bodies: Promise<string>[] = [];
  annotator.on("response", (r: Response) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) bodies.push(r.text().catch(() => ""));
  });
  await signIn(annotator, USERS.annotator.email);
  await annotator.goto("/annotate");
  await annotator.getByRole("link", { name: CAMPAIGN }).click();
  const criteria = annotator.getByRole("region", { name: "Criteria" });
  await expect(annotator.getByRole("region", { name: "Response 1" })).toBeVisible();
  await expect(annotator.getByRole("region", { name: "Response 2" })).toBeVisible();
  const pages = [await annotator.content()];
  // first request: coverage → 1, consistency → none, correctness → 2, clarity → none (each choice moves down a criterion)
  for (const key of ["1", "0", "2", "n"]) await annotator.keyboard.press(key);
  await expect(
    criteria.getByRole("radiogroup", { name: "Coverage" }).getByRole("radio", { name: /Response 1/ }),
  ).toHaveAttribute("aria-checked", "true");
  await expect(
    criteria.getByRole("radiogroup", { name: "Correctness" }).getByRole("radio", { name: /Response 2/ }),
  ).toHaveAttribute("aria-checked", "true");
  await annotator.keyboard.press("Enter");
  await expect(annotator.getByTestId("item-position")).toContainText("Item 2 of my 2");
  pages.push(await annotator.content());
  // second request: Response 2 on every criterion
  for (const key of ["2", "2", "2", "2"]) await annotator.keyboard.press(key);
  await annotator.keyboard.press("Enter");
  await expect(annotator.getByText("Nothing is left for you in this campaign")).toBeVisible();
  await expect(annotator.getByText("All labels saved")).toBeVisible();
  await annotator.goto("/annotate");
  pages.push(await annotator.content());
  // blind: no page and no API response the annotator got names a system
  const seen = [...pages, ...(await Promise.all(bodies))];
  expect(seen.length).toBeGreaterThan(5);
  for (const text of seen) for (const system of SYSTEMS) expect(text).not.toContain(system);

  await researcher.reload();
  await expect(researcher.getByText("2 of 2 labels")).toBeVisible();
  await researcher.getByRole("link", { name: "Preference report" }).click();
  await expect(researcher.getByTestId("preference-summary")).toContainText(
    "2 judgments of 2 comparisons by 1 judge; systems rag-baseline, rag-rerank",
  );
  // left chosen: coverage on the first request; right: correctness there and all four on the second
  await expect(researcher.getByTestId("position-bias")).toContainText("chosen in 1 of 6 choices for a side");
  const source = new URL(researcher.url()).searchParams.get("source")!;
  expect(source).toMatch(/^campaign:\d+$/);
  const report = (await (
    await researcher.request.get(`/api/studies/${studyId}/reports/preferences?${new URLSearchParams({ source })}`)
  ).json()) as Report;
  const tally = (criterion: string) => report.perCriterion.find((c) => c.criterion === criterion)!.pairs[0]!;
  expect(tally("coverage")).toMatchObject({ none: 0 });
  expect(tally("coverage").firstWins + tally("coverage").secondWins).toBe(2);
  expect(tally("consistency").none).toBe(1);
  expect(tally("clarity").none).toBe(1);
  // verdicts: a tie on the first request, Response 2's system on the second
  expect(report.verdict.pairs[0]!.none).toBe(1);
  expect(report.verdict.pairs[0]!.firstWins + report.verdict.pairs[0]!.secondWins).toBe(1);
  await expect(researcher.getByTestId("tally-Verdict")).toContainText("1 (50.0%)");
  await expect(
    researcher.locator('[aria-label^="Preferences per criterion:"] .recharts-bar-rectangle').first(),
  ).toBeVisible();
});
