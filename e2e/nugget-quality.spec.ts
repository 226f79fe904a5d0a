import { expect, test } from "@playwright/test";
import { signIn, studyIdByName } from "./fixtures/session";
import { NUGGET_STUDY, USERS } from "./fixtures/world";

type Report = { perQuestion: { question: string; nuggets: number }[] };

// A researcher starts a nugget-quality campaign of two random questions (of the three of a study of
// its own, since the spec adds a nugget); the annotator reviews
// both with the keyboard only (first question: nugget 1 hallucinated, nugget 2 minor or redundant,
// two nuggets missing; second question: nothing to mark); the report shows the numbers those
// marks give.
const CAMPAIGN = `E2E nugget review ${Date.now()}`;

test("an annotator reviews nuggets with the keyboard and the report shows precision, recall and groundedness from the marks", async ({
  browser,
}) => {
  const researcher = await browser.newPage();
  await signIn(researcher, USERS.researcher.email);
  const studyId = await studyIdByName(researcher.request, NUGGET_STUDY.name);
  await researcher.goto(`/studies/${studyId}/campaigns/new`);
  await researcher.getByLabel("Name").fill(CAMPAIGN);
  await researcher.getByLabel("Task").selectOption("nugget_quality");
  await expect(researcher.getByLabel("Protocol")).toHaveCount(0); // blind by design
  await researcher.getByLabel("Sample").selectOption("random_questions");
  await researcher.getByLabel("Questions (N)").fill("2");
  await researcher.getByLabel("Annotators per item (overlap)").fill("1");
  await researcher.getByRole("button", { name: "Preview sample" }).click();
  await expect(researcher.getByRole("region", { name: "Sample preview" })).toContainText(
    "2 items from 2 questions, 2 labels to collect",
  );
  await researcher.getByRole("button", { name: "Create and start" }).click();
  await expect(researcher.getByText("0 of 2 labels")).toBeVisible();
  const campaignId = Number(/\/campaigns\/(\d+)/.exec(researcher.url())![1]);

  const annotator = await browser.newPage();
  await signIn(annotator, USERS.annotator.email);
  await annotator.goto("/annotate");
  await annotator.getByRole("link", { name: CAMPAIGN }).click();
  const nuggets = annotator.getByRole("list", { name: "The LLM's nuggets" });
  await expect(nuggets.getByRole("listitem").first()).toHaveAttribute("aria-current", "true");
  await expect(annotator.getByRole("region", { name: "Question and answer" })).toContainText("Gold answer");
  const firstQuestion = (await annotator.getByTestId("review-question").textContent())!.replace("Question ", "");
  await annotator.keyboard.press("a"); // nugget 1: hallucinated
  await annotator.keyboard.press("j");
  await annotator.keyboard.press("b"); // nugget 2: minor or redundant
  await annotator.keyboard.press("2"); // C = 2
  await expect(annotator.getByRole("button", { name: "Hallucinated: nugget 1" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(annotator.getByRole("button", { name: "Minor or redundant: nugget 2" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(annotator.getByRole("button", { name: "Minor or redundant: nugget 1" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(annotator.getByLabel("Nuggets missing to cover every key idea")).toHaveValue("2");
  await annotator.keyboard.press("m"); // write one of the missing nuggets out
  await annotator.keyboard.type("Mention how long dead jobs are kept");
  await annotator.keyboard.press("Escape");
  await annotator.keyboard.press("Enter");
  await expect(annotator.getByTestId("item-position")).toContainText("Item 2 of my 2");
  await expect(annotator.getByLabel("Nuggets missing to cover every key idea")).toHaveValue("0");
  await annotator.keyboard.press("Enter"); // the second question: nothing to mark
  await expect(annotator.getByText("Nothing is left for you in this campaign")).toBeVisible();
  await expect(annotator.getByText("All labels saved")).toBeVisible();
  // annotators never reach the report (their role is refused before anything is read)
  expect(
    (await annotator.request.get(`/api/studies/${studyId}/reports/nugget-quality?campaign=${campaignId}`)).status(),
  ).toBe(403);

  await researcher.reload();
  await expect(researcher.getByText("2 of 2 labels")).toBeVisible();
  await researcher.getByRole("link", { name: "Nugget quality report" }).click();
  await expect(researcher.getByTestId("nugget-quality-summary")).toContainText(
    "2 reviews of 2 questions by 1 annotator",
  );
  const report = (await (
    await researcher.request.get(`/api/studies/${studyId}/reports/nugget-quality?campaign=${campaignId}`)
  ).json()) as Report;
  const n = report.perQuestion.reduce((s, q) => s + q.nuggets, 0);
  // ΣA = 1, ΣB = 1, ΣC = 2 over n nuggets
  const micro = researcher.getByTestId("overall-micro");
  await expect(micro).toContainText(((n - 1) / n).toFixed(3)); // precision and groundedness
  await expect(micro).toContainText(((n - 1) / (n - 1 + 2)).toFixed(3)); // recall
  // the one redundant mark is on nugget 2: its question's last exactly when that question has two nuggets
  const lastShare = report.perQuestion.find((q) => q.question === firstQuestion)!.nuggets === 2 ? "100.0%" : "0.0%";
  await expect(researcher.getByTestId("last-nugget-share")).toContainText(
    `${lastShare} of the nuggets marked minor or redundant`,
  );
  await expect(
    researcher.getByRole("table", { name: "Nugget quality by position" }).getByRole("row").nth(1),
  ).toContainText("0.500"); // groundedness at position 1: one of two hallucinated
  // the written-out missing nugget can join its question's nuggets
  const missing = researcher.getByRole("list", { name: "Missing nuggets" }).getByRole("listitem");
  await expect(missing).toContainText(`${firstQuestion} Mention how long dead jobs are kept`);
  await missing.getByRole("button", { name: "Add to the question's nuggets" }).click();
  await expect(missing).toContainText(new RegExp(`nugget ${firstQuestion}_\\d+`));
});
