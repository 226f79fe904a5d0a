import { expect, test } from "@playwright/test";
import { violations } from "./fixtures/axe";
import { expectFits } from "./fixtures/layout";
import { signIn, studyIdByName } from "./fixtures/session";
import { USERS } from "./fixtures/world";

type Pair = {
  a: string;
  b: string;
  tP: number | null;
  randomizationP: number | null;
  randomizationPHolm: number | null;
};
type Significance = {
  measure: string;
  questions: number;
  exact: boolean;
  order: { a: string[]; b: string[] };
  pairs: { a: Pair[]; b: Pair[] };
  swaps: { x: string; y: string; a: boolean | null; b: boolean | null }[];
};

// The demo's prose relevance study (six questions, three runs): Impact opens on gpt-4o against the
// assessors, where dense and hybrid swap on nDCG@10. Each swap says whether its runs differ under
// each set (six questions: the randomization test is exact), a matrix per set reads at 1,280 and
// 390 px, and the CSV carries the JSON's p-values.
test("Impact labels each swap with its significance, on the trams demo", async ({ page }) => {
  await signIn(page, USERS.researcher.email);
  const studyId = await studyIdByName(page.request, "Lindenfeld trams (demo, relevance)");
  await page.goto(`/studies/${studyId}/impact`);
  const section = page.getByTestId("significance");
  await expect(page.getByTestId("significance-summary")).toContainText(
    "Randomization (sign-flip) test on ndcg@10, each pair of 3 runs over the 6 questions both sets judged (exact: every sign assignment)",
  );
  const query = "a=gpt-4o&b=assessors&family=relevance";
  const { significance: s } = (await (
    await page.request.get(`/api/studies/${studyId}/reports/impact?${query}`)
  ).json()) as { significance: Significance };
  expect(s).toMatchObject({ measure: "ndcg@10", questions: 6, exact: true });
  expect(s.swaps.map((w) => `${w.x} ↔ ${w.y}`)).toContain("dense ↔ hybrid");
  for (const w of s.swaps) {
    const verdict =
      w.a && w.b ? "a finding" : !w.a && !w.b ? "noise" : w.a ? "they differ under A only" : "they differ under B only";
    await expect(section.getByTestId(`swap-${w.x}-${w.y}`)).toContainText(verdict);
  }
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const set of ["a", "b"] as const) {
      const matrix = page.getByTestId(`significance-matrix-${set}`);
      await expect(matrix.getByRole("rowheader")).toHaveText(s.order[set].map((r, i) => `${i + 1}. ${r}`));
      await expect(matrix.locator("td[data-differs]")).toHaveCount(3 * 2);
      await expectFits(page, matrix, `the matrix under ${set.toUpperCase()} at ${width} px`);
    }
    await expect(page.getByTestId("differences-chart")).toBeVisible();
    await expectFits(page, page.getByRole("main"), `Impact at ${width} px`);
    await section.screenshot({ path: test.info().outputPath(`impact-significance-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await violations(page), "axe on Impact with its significance").toEqual([]);

  // the CSV carries every p-value of the JSON, under A and B
  const csv = await (await page.request.get(`/api/studies/${studyId}/reports/impact?${query}&format=csv`)).text();
  s.pairs.a.forEach((pa, i) => {
    const pb = s.pairs.b[i]!;
    const cell = (v: number | null) => (v === null ? "" : String(v));
    expect(csv).toContain(
      `${pa.a} | ${pa.b},randomization_p:ndcg@10,${cell(pa.randomizationP)},${cell(pb.randomizationP)}`,
    );
    expect(csv).toContain(`${pa.a} | ${pa.b},t_p:ndcg@10,${cell(pa.tP)},${cell(pb.tP)}`);
  });

  // the paired t-test instead, on MAP, and another pair's differences
  await section.getByLabel("Measure tested").selectOption("map");
  await section.getByLabel(/^Test/).selectOption("t");
  await section.getByLabel("Differences of run").selectOption("bm25");
  await section.getByLabel("minus run").selectOption("hybrid");
  await section.getByRole("button", { name: "Test" }).click();
  await expect(page.getByTestId("significance-summary")).toContainText("Paired t-test on map");
  await expect(page.getByRole("heading", { name: "bm25 minus hybrid, question by question" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("a")).toBe("gpt-4o");
});
