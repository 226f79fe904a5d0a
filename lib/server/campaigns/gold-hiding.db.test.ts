// Gold items nobody can spot (issue 56): the detectors a security review ran as an annotator
// walking campaigns in order (order breaks, one-off questions, runs of one or two among longer
// runs, the LLM's labels a reveal shows), over 20 seeds of every sampling design that can hide gold.
// For each detector the share of gold items it flags must not exceed the share of ordinary items it
// flags by more than chance allows (one-sided two-proportion z-test at the 1% level). On the engine
// under test; the figures are printed.
import { beforeAll, describe, expect, it } from "vitest";
import type { CampaignDraft } from "@/lib/schemas/campaigns";
import { getDb } from "@/lib/server/db/client";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { textInput } from "@/test/import-inputs";
import { seededRandom } from "@/lib/domain/random";
import { createCampaign } from "./create-campaign";
import { planCampaign, type PlannedItem } from "./plan-campaign";

const QUESTIONS = 30;
const PER_GROUP = 6; // chunks per question in each of two collections
const SEEDS = 20;
let studyId: number;
let researcher: UserDto;
let annotatorIds: number[];
let docKeys: Map<number, string>; // document id -> the chunk id an annotator sees

beforeAll(async () => {
  const db = await getDb();
  const id = unique();
  const study = await f.upsertStudy(db, { slug: `gold-hiding-${id}`, name: `Gold hiding ${id}` });
  studyId = study.id;
  researcher = toUserDto(
    await f.upsertUser(db, { email: `gold-hiding-r-${id}@test.local`, role: "researcher", password: "x" }),
  );
  await f.upsertMember(db, studyId, researcher.id, "researcher");
  annotatorIds = [];
  for (const n of [1, 2]) {
    const a = await f.upsertUser(db, { email: `gold-hiding-a${n}-${id}@test.local`, role: "annotator", password: "x" });
    await f.upsertMember(db, studyId, a.id, "annotator");
    annotatorIds.push(a.id);
  }
  const random = seededRandom(2026);
  const q = (i: number) => `q${String(i).padStart(2, "0")}`;
  const docs: { q: string; doc: string; group: string }[] = [];
  for (let i = 1; i <= QUESTIONS; i++)
    for (const group of ["web", "news"])
      for (let d = 1; d <= PER_GROUP; d++) docs.push({ q: q(i), doc: `${q(i)}-${group}-${d}`, group });
  const file = (name: string, lines: string[]) => textInput(name, `${lines.join("\n")}\n`);
  await importIntoStudy(studyId, {
    format: "beir-queries",
    files: [
      file(
        "queries.tsv",
        Array.from({ length: QUESTIONS }, (_, i) => `${q(i + 1)}\tQuestion ${i + 1}?`),
      ),
    ],
  });
  await importIntoStudy(studyId, {
    format: "beir-corpus",
    files: [
      file(
        "corpus.jsonl",
        docs.map((d) => JSON.stringify({ _id: d.doc, text: `Passage ${d.doc}`, metadata: { collection: d.group } })),
      ),
    ],
  });
  // the LLM labels every pair (0, 1 or 2); the reference ("nist") about 60% of them
  const llm = docs.map((d) => `${d.q} 0 ${d.doc} ${Math.floor(random() * 3)}`);
  const nist = docs.filter(() => random() < 0.6).map((d) => `${d.q} 0 ${d.doc} ${Math.floor(random() * 3)}`);
  await importIntoStudy(studyId, {
    format: "trec-qrels",
    judge: "llm",
    scale: "relevance-3",
    files: [file("llm.qrels", llm)],
  });
  await importIntoStudy(studyId, {
    format: "trec-qrels",
    judge: "nist",
    scale: "relevance-3",
    files: [file("nist.qrels", nist)],
  });
  docKeys = new Map((await db.document.findMany({ where: { studyId } })).map((d) => [d.id, d.externalId]));
}, 120_000);

const draft = (sample: CampaignDraft["sample"], seed: number, goldCount: number): CampaignDraft => ({
  name: `Gold hiding ${unique()}`,
  taskType: "relevance",
  scale: { kind: "builtin", id: "relevance-3" },
  guidelines: "",
  protocol: "blind_then_reveal",
  llmJudge: "llm",
  overlap: 1,
  annotatorIds,
  sample,
  gold: { labelSet: "nist", count: goldCount },
  seed,
});

/** What an annotator walking the campaign in order sees of each item. */
type Seen = { question: number; chunk: string; llm: boolean | null; gold: boolean };
const seen = (items: readonly PlannedItem[]): Seen[] =>
  items.map((i) => ({
    question: i.queryId,
    chunk: docKeys.get(i.documentId!)!,
    llm: i.llm,
    gold: i.goldLevel !== undefined,
  }));

/** Runs of consecutive items of one question. */
function runsOf(items: readonly Seen[]): Seen[][] {
  const runs: Seen[][] = [];
  for (const item of items) {
    const last = runs.at(-1);
    if (last && last[0]!.question === item.question) last.push(item);
    else runs.push([item]);
  }
  return runs;
}

/** The review's detectors: each flags the items it takes for gold. */
const DETECTORS: Record<string, (items: readonly Seen[]) => Set<Seen>> = {
  // within a question's run, the items outside its longest run in chunk order
  "order breaks": (items) => new Set(runsOf(items).flatMap((run) => outOfOrder(run))),
  // the only item of a question seen nowhere else
  "one-off questions": (items) => {
    const count = new Map<number, number>();
    for (const i of items) count.set(i.question, (count.get(i.question) ?? 0) + 1);
    return new Set(items.filter((i) => count.get(i.question) === 1));
  },
  // runs of one or two items where most runs are longer
  "short runs among longer": (items) => {
    const runs = runsOf(items);
    const lengths = runs.map((r) => r.length).sort((a, b) => a - b);
    const median = lengths[Math.floor(lengths.length / 2)]!;
    return new Set(median > 2 ? runs.filter((r) => r.length <= 2).flat() : []);
  },
  // after the reveal: the items whose LLM label is the campaign's rarer one
  "labels the reveal shows": (items) => {
    const positive = items.filter((i) => i.llm === true).length;
    const rare = positive * 2 < items.length ? true : false;
    return new Set(positive * 2 === items.length ? [] : items.filter((i) => i.llm === rare));
  },
};

function outOfOrder(run: readonly Seen[]): Seen[] {
  // longest non-decreasing subsequence by chunk id (O(n^2): runs are short)
  const best = run.map(() => 1);
  const previous = run.map(() => -1);
  for (let i = 0; i < run.length; i++)
    for (let j = 0; j < i; j++)
      if (run[j]!.chunk <= run[i]!.chunk && best[j]! + 1 > best[i]!) {
        best[i] = best[j]! + 1;
        previous[i] = j;
      }
  const kept = new Set<number>();
  for (let i = best.indexOf(Math.max(...best)); i !== -1; i = previous[i]!) kept.add(i);
  return run.filter((_, i) => !kept.has(i));
}

/** One-sided two-proportion z statistic: how far the gold share flagged is above the ordinary share. */
function z(goldFlagged: number, gold: number, ordinaryFlagged: number, ordinary: number): number {
  const pooled = (goldFlagged + ordinaryFlagged) / (gold + ordinary);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / gold + 1 / ordinary));
  return se === 0 ? 0 : (goldFlagged / gold - ordinaryFlagged / ordinary) / se;
}

const DESIGNS: { name: string; sample: CampaignDraft["sample"]; gold: number }[] = [
  { name: "random pairs", sample: { kind: "random_pairs", pairs: 40 }, gold: 6 },
  {
    name: "one LLM-positive pair per question",
    sample: { kind: "llm_positive_per_question", questions: 12, judge: "llm" },
    gold: 4,
  },
  { name: "FeB4RAG", sample: { kind: "feb4rag", judge: "llm" }, gold: 8 },
  { name: "random questions, some pairs", sample: { kind: "random_questions", questions: 8, cap: 40 }, gold: 6 },
];

describe("gold items an annotator walking a campaign in order cannot spot", () => {
  it("are flagged by no detector more often than ordinary items, beyond chance, on every design that can hide them", async () => {
    const db = await getDb();
    // the chosen-pairs design: 40 pairs a researcher picked (as from the disagreement queue)
    const pool = await db.poolEntry.findMany({ where: { studyId }, orderBy: { id: "asc" } });
    const pick = seededRandom(7);
    const targets = pool.filter(() => pick() < 0.12).map((p) => `qd:${p.queryId}:${p.documentId}`);
    const designs = [
      ...DESIGNS,
      { name: "chosen pairs", sample: { kind: "targets" as const, targetKeys: targets }, gold: 6 },
    ];
    const lines: string[] = [];
    const failures: string[] = [];
    for (const design of designs) {
      const totals = new Map<string, [number, number, number, number]>(); // gold flagged, gold, ordinary flagged, ordinary
      for (let seed = 1; seed <= SEEDS; seed++) {
        const plan = await planCampaign(db, studyId, draft(design.sample, seed, design.gold));
        const items = seen(plan.items);
        expect(items.filter((i) => i.gold).length, `${design.name}, seed ${seed}`).toBeGreaterThanOrEqual(design.gold);
        for (const [name, detect] of Object.entries(DETECTORS)) {
          const flagged = detect(items);
          const t = totals.get(name) ?? [0, 0, 0, 0];
          for (const i of items)
            if (i.gold) {
              t[1] += 1;
              if (flagged.has(i)) t[0] += 1;
            } else {
              t[3] += 1;
              if (flagged.has(i)) t[2] += 1;
            }
          totals.set(name, t);
        }
      }
      for (const [name, [gf, g, of, o]] of totals) {
        const score = z(gf, g, of, o);
        lines.push(
          `${design.name.padEnd(36)} ${name.padEnd(24)} gold ${gf}/${g} (${((100 * gf) / g).toFixed(1)}%)  ordinary ${of}/${o} (${((100 * of) / o).toFixed(1)}%)  z ${score.toFixed(2)}`,
        );
        if (score > 2.33) failures.push(`${design.name}: ${name} (z ${score.toFixed(2)})`);
      }
    }
    console.log(`Gold items against the review's detectors, ${SEEDS} seeds per design:\n${lines.join("\n")}`);
    expect(failures).toEqual([]);
  });

  it("are placed in a campaign exactly as planned: the order annotators get", async () => {
    const db = await getDb();
    const plan = await planCampaign(db, studyId, draft({ kind: "random_pairs", pairs: 40 }, 3, 6));
    const { id } = await createCampaign(researcher, studyId, draft({ kind: "random_pairs", pairs: 40 }, 3, 6));
    const rows = await db.item.findMany({ where: { campaignId: id }, orderBy: { position: "asc" } });
    expect(rows.map((r) => [r.targetKey, r.goldLevel ?? undefined])).toEqual(
      plan.items.map((i) => [i.targetKey, i.goldLevel]),
    );
  });
});
