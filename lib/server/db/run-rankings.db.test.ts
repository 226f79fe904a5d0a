// Run rankings (issue 66): written with the run entries by every import, rewritten when a
// re-import changes scores, written on the first read for runs that have none (imported before
// rankings were kept), and never left by an import that fails. On the engine under test.
import { beforeAll, describe, expect, it } from "vitest";
import { rankRun, type RunEntry } from "@/lib/domain/runs/run-ranking";
import { getDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { documentExternalIds, namedRankedRunsOfStudy } from "./run-rankings";

let studyId: number;

/** Two runs; in bm25 d3 and d1 tie (d3 first: the larger id), d2 and d4 tie only as floats (d4 first for trec_eval). */
const RUNS = [
  "q1 Q0 d1 1 2.5 bm25",
  "q1 Q0 d2 2 1.0000000001 bm25",
  "q1 Q0 d3 3 2.5 bm25",
  "q1 Q0 d4 4 1 bm25",
  "q2 Q0 d5 1 0.3 bm25",
  "q1 Q0 d4 1 9 dense",
  "q1 Q0 d1 2 8 dense",
].join("\n");

/** The runs of a file as the domain ranks them: the reference. */
function ranked(text: string) {
  const runs = new Map<string, Map<string, RunEntry[]>>();
  for (const line of text.trim().split("\n")) {
    const [q, , docId, , score, system] = line.split(" ");
    const run = runs.get(system!) ?? runs.set(system!, new Map()).get(system!)!;
    run.set(q!, [...(run.get(q!) ?? []), { docId: docId!, score: Number(score) }]);
  }
  return new Map([...runs].map(([system, run]) => [system, rankRun(run)]));
}

async function read() {
  const db = await getDb();
  const questions = new Map(
    (await db.query.findMany({ where: { studyId } })).map((q) => [q.id, q.externalId] as const),
  );
  return namedRankedRunsOfStudy(studyId, await documentExternalIds(studyId), (id) => questions.get(id)!);
}

const importRuns = (text: string) =>
  importIntoStudy(studyId, { format: "trec-run", createMissing: true, files: [textInput("runs.txt", text)] });

beforeAll(async () => {
  const slug = `rankings-${unique()}`;
  studyId = (await f.upsertStudy(await getDb(), { slug, name: `Rankings ${slug}` })).id;
  await importRuns(RUNS);
});

describe("run rankings", () => {
  it("are written with the run entries, in both tools' orders", async () => {
    const runs = await read();
    expect(runs).toEqual(ranked(RUNS));
    expect(runs.get("bm25")!.get("q1")).toEqual({ exact: ["d3", "d1", "d2", "d4"], float32: ["d3", "d1", "d4", "d2"] });
  });

  it("follow a re-import that changes the scores", async () => {
    const changed = RUNS.replace("q1 Q0 d4 1 9 dense", "q1 Q0 d4 1 7 dense");
    await importRuns(changed);
    expect((await read()).get("dense")!.get("q1")!.exact).toEqual(["d1", "d4"]);
    expect(await read()).toEqual(ranked(changed));
    await importRuns(RUNS);
  });

  it("are written on the first read for runs that have none", async () => {
    const db = await getDb();
    await db.runRanking.deleteMany({ where: { system: { studyId } } });
    expect(await read()).toEqual(ranked(RUNS));
    expect(await db.runRanking.count({ where: { system: { studyId } } })).toBe(3);
  });

  it("are not left by an import that fails", async () => {
    await expect(importRuns(`${RUNS}\nq1 Q0 d9 1 1 third\nq1 Q0 d9 2 1 third`)).rejects.toThrow(/duplicate ranking/);
    const db = await getDb();
    expect(await db.system.findFirst({ where: { studyId, name: "third" } })).toBeNull();
    expect(await read()).toEqual(ranked(RUNS));
  });
});
