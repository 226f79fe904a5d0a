import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";
import { expectFits } from "./fixtures/layout";
import { importNovelEval, NOVELEVAL } from "./fixtures/noveleval-study";

// Paired significance on NovelEval from an empty database: the assessors' grades and an LLM's,
// three runs of every question's twenty passages; 21 questions, so the randomization test draws
// 100,000 sign assignments (seed 1). Impact's CSV gives, for every pair of runs under each set,
// the p-values `assay significance` prints on the qrels the study exports and the same run file.
const STUDY = "NovelEval, tested";
const RESEARCHER = { email: "sig@noveleval.example", password: "researcher passphrase" };
const SYSTEMS = ["bm25", "dense", "rerank"];

/** The assessors' grade of each (query, passage). */
const GRADES = fs
  .readFileSync(path.join(NOVELEVAL, "qrels.txt"), "utf8")
  .trim()
  .split("\n")
  .map((l) => l.split(/\s+/))
  .map(([q, , d, rel]) => ({ q: q!, d: d!, grade: Number(rel) }));
/** A deterministic number in [0, 1) from a text. */
const noise = (text: string) => {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) / 4294967296;
};

type CliPair = {
  a: string;
  b: string;
  t_p: number | null;
  randomization_p: number | null;
  randomization_exact: boolean;
};

test("paired significance on NovelEval: Impact's p-values are the command line's", async ({ page }) => {
  test.setTimeout(450_000);
  const studyUrl = await newResearcherStudy(page, RESEARCHER, STUDY);
  const studyId = studyUrl.split("/").pop();
  importNovelEval(STUDY, { file: path.join(NOVELEVAL, "qrels.txt"), judge: "assessors", kind: "human" });
  const dir = test.info().outputPath("files");
  fs.mkdirSync(dir, { recursive: true });
  // an LLM that grades one level up on a third of the passages
  const llm = path.join(dir, "llm.qrels");
  fs.writeFileSync(
    llm,
    GRADES.map(
      ({ q, d, grade }) => `${q} 0 ${d} ${noise(`llm ${q} ${d}`) < 0.33 ? Math.min(2, grade + 1) : grade}`,
    ).join("\n") + "\n",
  );
  firstDayCli([
    "import",
    "--study",
    STUDY,
    "--format",
    "trec-qrels",
    "--judge",
    "llm",
    "--judge-kind",
    "model",
    "--scale",
    "graded-0-2",
    llm,
  ]);
  // three runs: each scores a passage by its grade, more or less, with noise of its own
  const weight = { bm25: 0.6, dense: 1, rerank: 1.6 } as const;
  const runs = path.join(dir, "runs.txt");
  const lines = SYSTEMS.flatMap((system) => {
    const byQuestion = new Map<string, { d: string; score: number }[]>();
    for (const { q, d, grade } of GRADES)
      byQuestion.set(q, [
        ...(byQuestion.get(q) ?? []),
        { d, score: weight[system as keyof typeof weight] * grade + 2 * noise(`${system} ${q} ${d}`) },
      ]);
    return [...byQuestion].flatMap(([q, docs]) =>
      docs.sort((x, y) => y.score - x.score).map((e, i) => `${q} Q0 ${e.d} ${i + 1} ${e.score.toFixed(4)} ${system}`),
    );
  });
  fs.writeFileSync(runs, lines.join("\n") + "\n");
  firstDayCli(["import", "--study", STUDY, "--format", "trec-run", runs]);

  const query = new URLSearchParams({ a: "llm", b: "assessors", family: "relevance" });
  await page.goto(`${studyUrl}/impact?${query}`);
  await expect(page.getByTestId("significance-summary")).toContainText(
    "each pair of 3 runs over the 21 questions both sets judged (100,000 draws, seed 1)",
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const set of ["a", "b"])
      await expect(page.getByTestId(`significance-matrix-${set}`).locator("td[data-differs]")).toHaveCount(6);
    await expectFits(page, page.getByRole("main"), `Impact at ${width} px`);
    await page
      .getByTestId("significance")
      .screenshot({ path: test.info().outputPath(`noveleval-significance-${width}.png`) });
  }

  // the command line on the exported qrels of each set and the run file
  const csv = await (await page.request.get(`/api/studies/${studyId}/reports/impact?${query}&format=csv`)).text();
  const rows = new Map(
    csv
      .trim()
      .split("\n")
      .map((l) => l.split(","))
      .map((cells) => [`${cells[0]},${cells[1]}`, { a: cells[2]!, b: cells[3]! }]),
  );
  for (const [column, judge] of [
    ["a", "llm"],
    ["b", "assessors"],
  ] as const) {
    const qrels = path.join(dir, `${judge}.exported.qrels`);
    fs.writeFileSync(
      qrels,
      firstDayCli(["export", "--study", STUDY, "--what", "labels", "--format", "trec-qrels", "--judge", judge]),
    );
    const pairs = firstDayCli(["significance", "--qrels", qrels, "--run", runs, "--metric", "ndcg@10"])
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as CliPair);
    expect(pairs.map((p) => `${p.a} | ${p.b}`)).toEqual(["bm25 | dense", "bm25 | rerank", "dense | rerank"]);
    for (const p of pairs) {
      expect(p.randomization_exact).toBe(false);
      const cell = (metric: string) => rows.get(`${p.a} | ${p.b},${metric}:ndcg@10`)![column];
      expect(cell("t_p"), `${judge} ${p.a} | ${p.b}`).toBe(p.t_p === null ? "" : String(p.t_p));
      expect(cell("randomization_p"), `${judge} ${p.a} | ${p.b}`).toBe(String(p.randomization_p));
    }
  }
});
