// LLMJudge (../shared/data/llmjudge) as a researcher meets it: human qrels and 33 LLM label files
// with no query or passage text. Imported as a qrels-only study, every judge against the NIST
// assessors reproduces the 165 published values (Rahmani et al. 2025, Tables 3 and 4).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluateTrecRun, parseTrecMeasure } from "@/lib/domain/impact/trec-measures";
import { kendallTauB, spearmanRho } from "@/lib/domain/impact/rank-correlation";
import { getDb } from "@/lib/server/db/client";
import { AppError } from "@/lib/server/errors";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import { buildWorld } from "@/test/db-world";
import { unique } from "@/test/db-tier";
import { fileInput, textInput } from "@/test/import-inputs";
import { clippedQrels, LLMJUDGE, published, submissions } from "@/test/llmjudge-data";
import { getJudgeAgreement } from "./get-judge-agreement";

let studyId: number;
let world: Awaited<ReturnType<typeof buildWorld>>;
const measure = parseTrecMeasure("ndcg@10")!;
beforeAll(async () => {
  world = await buildWorld(await getDb());
  studyId = (await findOrCreateStudy(`LLMJudge ${unique()}`)).id;
}, 60_000);

const qrels = (judge: string, kind: "model" | "human", name: string, text: string, createMissing = false) =>
  importIntoStudy(studyId, {
    format: "trec-qrels",
    judge,
    judgeKind: kind,
    scale: "trec-dl-0-3",
    createMissing,
    files: [textInput(name, text)],
  });

describe("a qrels-only study: LLMJudge", () => {
  it("refuses qrels with unknown ids without --create-missing, then creates them with no text", async () => {
    const human = fs.readFileSync(path.join(LLMJUDGE, "human_qrels.txt"), "utf8");
    await expect(qrels("nist", "human", "human_qrels.txt", human)).rejects.toThrow(
      /human_qrels.txt line 1, field qid: unknown query "q49" \(import the queries first\)\. To create the queries and documents the file names but the study lacks, import again with --create-missing\.$/,
    );
    const summary = await qrels("nist", "human", "human_qrels.txt", human, true);
    expect(summary.added).toMatchObject({ queries: 25, documents: 4414, labels: 4423, poolEntries: 4423 });
    const db = await getDb();
    const query = await db.query.findFirstOrThrow({ where: { studyId, externalId: "q49" } });
    expect(query.body).toBe(""); // no text yet: the explorer says so
    // a later import of the texts fills them in
    await importIntoStudy(studyId, {
      format: "beir-queries",
      files: [textInput("queries.tsv", "q49\tWhat is q49?\n")],
    });
    expect((await db.query.findFirstOrThrow({ where: { id: query.id } })).body).toBe("What is q49?");
    // only qrels, runs, RAG answers and assignments create missing ids
    await expect(
      importIntoStudy(studyId, {
        format: "beir-corpus",
        createMissing: true,
        files: [textInput("corpus.tsv", "p1\ttext\n")],
      }),
    ).rejects.toThrow(
      "only trec-qrels, nuggetizer-assignments, trec-run and trec-rag-answers imports create what a file names but the study lacks",
    );
  });

  it("refuses LLM labels above 3 with their line, changing nothing, and takes them clipped", async () => {
    const db = await getDb();
    const before = await db.label.count({ where: { studyId } });
    const raw = fs.readFileSync(path.join(LLMJUDGE, "llm_labels", "RMITIR-llama70B.txt"), "utf8");
    const line = raw.split("\n").findIndex((l) => /\s5\s*$/.test(l)) + 1;
    const error = await qrels("RMITIR-llama70B", "model", "RMITIR-llama70B.txt", raw).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toContain(
      `RMITIR-llama70B.txt line ${line}, field rel: "5" is not a level of the scale trec-dl-0-3 (0, 1, 2, 3)`,
    );
    expect(await db.label.count({ where: { studyId } })).toBe(before);
    for (const s of submissions) await qrels(s, "model", `${s}.txt`, clippedQrels(s));
    expect(await db.label.count({ where: { studyId } })).toBe(4423 * 34);
  }, 120_000);

  it("reproduces every published kappa and alpha: all judges against nist", async () => {
    const report = await getJudgeAgreement(world.admin, studyId, { reference: "nist", measure: "ndcg@10" });
    expect(report.judges.map((j) => j.judge)).toEqual(submissions);
    expect(report.levels).toEqual(["Irrelevant", "Related", "Highly relevant", "Perfectly relevant"]);
    expect(report.systems).toBeNull(); // LLMJudge's files have no runs
    expect(published).toHaveLength(33);
    for (const [run, kappa4, alpha, k1, k2, k3] of published) {
      const judge = report.judges.find((j) => j.judge === run)!;
      expect(judge.items).toBe(4423);
      const value = (metric: string) => judge.statistics.find((s) => s.metric === metric)!.value!;
      const computed = [
        value("cohen-kappa"),
        value("krippendorff-alpha-ordinal"),
        ...judge.binarized.map((b) => b.kappa.value!),
      ];
      expect(
        computed.map((v) => v.toFixed(4)),
        run,
      ).toEqual([kappa4, alpha, k1, k2, k3].map((v) => Number(v).toFixed(4)));
      const kappa = judge.statistics.find((s) => s.metric === "cohen-kappa")!;
      expect(kappa.low!).toBeLessThanOrEqual(kappa.value!);
      expect(kappa.high!).toBeGreaterThanOrEqual(kappa.value!);
    }
  }, 60_000);

  it("ranks generated runs under each judge's labels, with tau and rho against nist's ranking", async () => {
    // Five systems over the judged passages: each scores a passage by the NIST label plus noise of its own size.
    const human = fs.readFileSync(path.join(LLMJUDGE, "human_qrels.txt"), "utf8").trim().split("\n");
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "llmjudge-runs-"));
    const files = [0.5, 1, 2, 4, 8].map((noise, s) => {
      const lines = human.map((l) => {
        const [q, , d, rel] = l.trim().split(/\s+/);
        return `${q} Q0 ${d} 0 ${(Number(rel) + noise * random()).toFixed(6)} sys${s}`;
      });
      const file = path.join(dir, `sys${s}.run`);
      fs.writeFileSync(file, `${lines.join("\n")}\n`);
      return file;
    });
    for (const file of files) await importIntoStudy(studyId, { format: "trec-run", files: [fileInput(file)] });
    await qrels("nist-copy", "human", "copy.txt", human.join("\n"));

    const report = await getJudgeAgreement(world.admin, studyId, { reference: "nist", measure: "ndcg@10" });
    expect(report.systems!.map((s) => s.system)).toEqual(["sys0", "sys1", "sys2", "sys3", "sys4"]);
    const copy = report.judges.find((j) => j.judge === "nist-copy")!;
    expect(copy.ranking).toMatchObject({ systems: 5, tau: 1, rho: 1 });

    // Expected from the files themselves: trec_eval's nDCG@10 under each qrels file, then the correlations.
    const qrelsOf = (text: string) => {
      const map = new Map<string, Map<string, number>>();
      for (const l of text.trim().split("\n")) {
        const [q, , d, rel] = l.trim().split(/\s+/);
        (map.get(q!) ?? map.set(q!, new Map()).get(q!)!).set(d!, Number(rel));
      }
      return map;
    };
    const runs = files.map((file) => {
      const run = new Map<string, { docId: string; score: number }[]>();
      for (const l of fs.readFileSync(file, "utf8").trim().split("\n")) {
        const [q, , d, , score] = l.split(" ");
        (run.get(q!) ?? run.set(q!, []).get(q!)!).push({ docId: d!, score: Number(score) });
      }
      return run;
    });
    const scores = (text: string) => runs.map((run) => evaluateTrecRun(qrelsOf(text), run, [measure])["ndcg@10"]!);
    const nist = scores(human.join("\n"));
    expect(report.systems!.map((s) => s.reference)).toEqual(nist);
    for (const s of ["h2oloo-fewself", "TREMA-nuggets", "NISTRetrieval-instruct0"]) {
      const llm = scores(clippedQrels(s));
      const judge = report.judges.find((j) => j.judge === s)!;
      expect(Object.values(judge.ranking!.scores)).toEqual(llm);
      expect(judge.ranking!.tau).toBe(kendallTauB(nist, llm));
      expect(judge.ranking!.rho).toBe(spearmanRho(nist, llm));
    }
  }, 60_000);
});
