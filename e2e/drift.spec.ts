import { expect, test } from "@playwright/test";
import { signIn, signInViaApi, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

const DEMO = "Harbor job queue (demo)";
const LATER = "Harbor job queue, 2025 snapshot (demo)";

// The demo study and its 2025 snapshot: a researcher opens the Drift page, which compares the two
// without a choice (the later study shares all ten questions), and reads the drift study's answers.
test("a researcher compares the demo study with its later snapshot on the Drift page", async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await signInViaApi(admin, USERS.admin.email);
  const [demo, later] = [await studyIdByName(admin, DEMO), await studyIdByName(admin, LATER)];
  await admin.dispose();

  await signIn(page, USERS.researcher.email);
  await page.goto(`/studies/${demo}`);
  await page.getByRole("navigation", { name: "Study" }).getByRole("link", { name: "Drift", exact: true }).click();
  await expect(page.getByLabel("Snapshot B (another study)")).toHaveValue(String(later));
  await expect(page.getByTestId("drift-summary")).toContainText(`A = ${DEMO} (gpt-4o), B = ${LATER} (gpt-4o)`);
  await expect(page.getByTestId("drift-summary")).toContainText("10 questions in both");

  // what the page shows is what the API answers for the same choice
  const report = (await (await page.request.get(`/api/studies/${demo}/reports/drift?snapshot=${later}`)).json()) as {
    grounding: { lostSupport: { nugget: string; text: string }[]; lostFullSupport: string[] };
    sources: { bySource: { source: string; a: { share: number }; b: { share: number } }[] };
    leaderboards: { kendallTauB: Record<string, number | null>; unmatched: { b: string[] } };
  };
  // grounding: the nugget that lost its support, and its question
  const lost = page.getByTestId("lost-support");
  expect(report.grounding.lostSupport).toHaveLength(1);
  await expect(lost.getByRole("row", { name: /hq-104_3/ })).toContainText(report.grounding.lostSupport[0]!.text);
  await expect(page.getByTestId("lost-full-support")).toContainText("hq-104");
  await expect(page.getByTestId("unsupported-b")).toContainText("hq-104_3");
  // where support moved: two bars, harbor-dev/harbor's share falling
  const harbor = report.sources.bySource.find((s) => s.source === "harbor-dev/harbor")!;
  const bars = page.getByTestId("source-shift").getByRole("img");
  await expect(bars).toHaveCount(2);
  await expect(bars.first()).toHaveAttribute(
    "aria-label",
    new RegExp(`harbor-dev/harbor ${(harbor.a.share * 100).toFixed(1)}%`),
  );
  await expect(bars.last()).toHaveAttribute(
    "aria-label",
    new RegExp(`harbor-dev/harbor ${(harbor.b.share * 100).toFixed(1)}%`),
  );
  await expect(page.getByTestId("moved-questions").getByRole("listitem")).toHaveCount(8);
  // leaderboards: tau per metric, the run in one snapshot only
  for (const [metric, tau] of Object.entries(report.leaderboards.kendallTauB))
    await expect(page.getByTestId(`drift-tau-${metric}`)).toContainText(tau === null ? "—" : tau.toFixed(3));
  await expect(page.getByTestId("unmatched-runs")).toContainText("dense-e5-v2 (B only)");
  await expect(page.locator('[aria-label^="Slopegraph of alpha-ndcg@10"] .recharts-line')).toHaveCount(3);

  // the CSV export downloads the same report
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await (await download).createReadStream().then(async (stream) => {
    let text = "";
    for await (const chunk of stream) text += chunk;
    return text;
  });
  expect(csv.split("\n")[0]).toBe("part,question,item,measure,a,b");
  expect(csv).toContain("nugget,hq-104,hq-104_3,supported,1,0");
  expect(csv).toContain("run,,dense-e5-v2,present,0,1");

  // a delimiter instead of the repository: ids up to their first "/" are the organisations
  await page.getByLabel("Source of a document").selectOption("prefix");
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page.getByTestId("drift-summary")).toContainText('id up to "/"');
  await expect(page.getByRole("table", { name: "Supporting documents by source" })).toContainText("harbor-community");
});
