import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { firstDayCli } from "./fixtures/first-day-cli";
import { newResearcherStudy } from "./fixtures/first-day-study";
import { expect, test } from "@playwright/test";
import { LLMJUDGE, published, qrelsRows, submissions } from "../test/llmjudge-data";

// LLMJudge (../shared/data/llmjudge) as a researcher meets it, on the first-day server (a database
// that starts empty): qrels and LLM label files with no query or passage text. The researcher
// creates a study, imports the NIST qrels as a qrels-only study (creating the missing ids), sees an
// LLM file with labels above 3 refused with its line and takes it clipped, imports the other 32 with
// the command line, and reads every judge against NIST, which reproduces the 165 published values
// (Rahmani et al. 2025, Tables 3 and 4).
const RESEARCHER = { email: "judith@llmjudge.example", password: "judging the judges" };

test("LLMJudge as a qrels-only study: every judge against NIST reproduces the published table", async ({ page }) => {
  test.setTimeout(360_000); // 33 label files, 146,000 labels
  const studyUrl = await newResearcherStudy(page, RESEARCHER, "LLMJudge");
  await page.getByRole("link", { name: "Import and export" }).click();

  const panel = page.getByRole("region", { name: "Import" });
  const importQrels = async (judge: string, kind: "LLM" | "Human", file: string | { name: string; buffer: Buffer }) => {
    await panel.getByLabel("Format").selectOption({ label: "TREC qrels" });
    await panel.getByLabel("Judge (required)").fill(judge);
    await panel.getByLabel("Judge kind").selectOption({ label: kind });
    await panel
      .getByLabel("Scale (required)")
      .selectOption({ label: "Perfectly / highly relevant / related / irrelevant" });
    await panel.getByLabel("File").setInputFiles(typeof file === "string" ? file : { ...file, mimeType: "text/plain" });
    await panel.getByRole("button", { name: "Import", exact: true }).click();
  };

  // without the option, the unknown ids are refused, with the line and a hint
  await importQrels("nist", "Human", path.join(LLMJUDGE, "human_qrels.txt"));
  await expect(panel.getByRole("alert")).toContainText(
    'human_qrels.txt line 1, field qid: unknown query "q49" (import the queries first)',
  );
  await expect(panel.getByRole("alert")).toContainText("tick “Create missing queries and documents” and import again.");
  await expect(panel.getByRole("alert")).not.toContainText("--create-missing");
  await panel.getByLabel("Create missing queries and documents").check();
  await panel.getByRole("button", { name: "Import", exact: true }).click();
  await expect(panel.getByTestId("import-result")).toContainText("from human_qrels.txt");
  await expect(panel.getByTestId("import-result")).toContainText("Added 25 questions");

  // RMITIR-llama70B said 5 twice: refused with the line until clipped, as the organisers clipped it
  const raw = fs.readFileSync(path.join(LLMJUDGE, "llm_labels", "RMITIR-llama70B.txt"), "utf8");
  const five = raw.split("\n").findIndex((l) => /\s5\s*$/.test(l)) + 1;
  await importQrels("RMITIR-llama70B", "LLM", path.join(LLMJUDGE, "llm_labels", "RMITIR-llama70B.txt"));
  await expect(panel.getByRole("alert")).toContainText(
    `RMITIR-llama70B.txt line ${five}, field rel: "5" is not a level of the scale trec-dl-0-3 (0, 1, 2, 3)`,
  );
  const clipped = qrelsRows("llm_labels/RMITIR-llama70B.txt", true).map(([q, d, rel]) => `${q} 0 ${d} ${rel}`);
  await importQrels("RMITIR-llama70B", "LLM", {
    name: "RMITIR-llama70B.txt",
    buffer: Buffer.from(`${clipped.join("\n")}\n`),
  });
  await expect(panel.getByTestId("import-result")).toContainText("from RMITIR-llama70B.txt");

  // the other 32 with the command line, as one labels CSV (every judge in the file)
  const others = submissions.filter((s) => s !== "RMITIR-llama70B");
  const csv = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "llmjudge-")), "llm-labels.csv");
  const rows = others.flatMap((s) =>
    qrelsRows(`llm_labels/${s}.txt`, true).map(([q, d, rel]) => `${q}::${d},${s},${rel}`),
  );
  fs.writeFileSync(csv, `item,judge,label\n${rows.join("\n")}\n`);
  const summary = JSON.parse(
    firstDayCli(["import", "--study", "LLMJudge", "--format", "labels-csv", "--scale", "trec-dl-0-3", csv]),
  );
  expect(summary.added.labels).toBe(32 * 4423);

  // the explorer says the questions have no text yet
  await page.goto(`${studyUrl}/explorer`);
  await expect(page.getByTestId("no-text").first()).toContainText("no text yet");

  // every judge against nist, in the browser
  await page.goto(`${studyUrl}/agreement`);
  const form = page.getByRole("form", { name: "All judges against a reference" });
  await form.getByLabel("Or all judges against").selectOption({ label: "nist (human)" });
  await form.getByRole("button", { name: "Compare all" }).click();
  const table = page.getByRole("table", { name: "All judges against nist" });
  await expect(table.getByRole("row")).toHaveCount(1 + 33);
  // willia-umbrela1 (GPT-4o, UMBRELA's prompt): kappa 0.2863, alpha 0.4918 -> shown to three decimals
  const umbrela = page.getByTestId("judge-row-willia-umbrela1");
  await expect(umbrela).toContainText("0.286");
  await expect(umbrela).toContainText("0.492");
  // sorted by kappa, best first; a click on the heading sorts by alpha instead
  const firstJudge = async () => (await table.getByRole("row").nth(1).getByRole("cell").first().textContent())!;
  const byKappa = published.toSorted((a, b) => Number(b[1]) - Number(a[1]))[0]![0]!;
  expect(await firstJudge()).toBe(byKappa);
  await table.getByRole("button", { name: "α (ordinal)" }).click();
  const byAlpha = published.toSorted((a, b) => Number(b[2]) - Number(a[2]))[0]![0]!;
  await expect(table.getByRole("columnheader", { name: /α \(ordinal\)/ })).toHaveAttribute("aria-sort", "descending");
  expect(await firstJudge()).toBe(byAlpha);
  await expect(page.getByRole("img", { name: /Dot chart: .*33 judges/ })).toBeVisible();

  // the JSON export holds all 165 published values to their 4 decimals
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export JSON" }).click();
  const report = JSON.parse(fs.readFileSync((await (await download).path())!, "utf8")) as {
    judges: {
      judge: string;
      statistics: { metric: string; value: number }[];
      binarized: { kappa: { value: number } }[];
    }[];
  };
  for (const [run, ...values] of published) {
    const judge = report.judges.find((j) => j.judge === run)!;
    const value = (metric: string) => judge.statistics.find((s) => s.metric === metric)!.value;
    expect(
      [value("cohen-kappa"), value("krippendorff-alpha-ordinal"), ...judge.binarized.map((b) => b.kappa.value)].map(
        (v) => v.toFixed(4),
      ),
      run,
    ).toEqual(values.map((v) => Number(v).toFixed(4)));
  }
});
