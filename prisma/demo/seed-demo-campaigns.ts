// The demo's finished campaigns: two experts checked gpt-4o's support labels, reviewed the LLM's
// nuggets and compared the two RAG systems' answers, so every report has something to say at first
// sight. Their judgments are simulated from the demo's ground truth, with reproducible mistakes.
import { DEFAULT_CRITERIA } from "@/lib/domain/preferences/criteria";
import { BUILTIN_SCALES } from "@/lib/domain/scales";
import { questionKey, responsePairKey } from "@/lib/domain/targets";
import type { Db } from "@/lib/server/db/client";
import * as f from "../factories";
import type { DemoChunk } from "./chunk";
import { DEMO_QUESTIONS } from "./questions";

export const DEMO_EXPERTS = [
  { email: "expert@assay.local", role: "annotator", name: "Eve Expert" },
  { email: "expert2@assay.local", role: "annotator", name: "Max Expert" },
] as const;

type Context = {
  studyId: number;
  experts: { id: number; email: string }[];
  gptId: number;
  chunks: Map<number, DemoChunk>; // by document id
  hash: (text: string) => number;
};

const START = new Date("2026-11-02T09:00:00.000Z");

/** The fact an expert found missing from a question's nuggets, written out (the report offers to add it). */
const MISSING: Record<string, string> = {
  "hq-106": "A cancelled job is marked cancelled only once its worker checks the cancellation token.",
  "hq-107": "A requeued dead job keeps its original id and attempt history.",
  "hq-108": "Workers can read secrets from their own environment variables instead.",
  "hq-109": "The deduplication key expires after the configured window.",
  "hq-110": "The metrics endpoint listens on its own port.",
};
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

/** The support check: every (nugget, chunk) pair gpt-4o called supported, judged by both experts (FreshStack's calibration of LLM positives). */
export async function seedSupportCheck(db: Db, c: Context): Promise<void> {
  const questions = DEMO_QUESTIONS.map((q) => q.id);
  const positives = await db.label.findMany({
    where: { judgeId: c.gptId, value: "1", query: { externalId: { in: questions } } },
    include: { nugget: true, query: true },
    orderBy: [{ queryId: "asc" }, { nuggetId: "asc" }, { documentId: "asc" }],
  });
  const campaign = await f.upsertCampaign(db, c.studyId, {
    name: "Expert check of gpt-4o (demo, finished)",
    taskType: "support",
    protocol: "blind",
    scale: BUILTIN_SCALES.binary,
    overlap: 2,
    seed: 1,
    status: "closed",
    sample: { kind: "targets", targetKeys: positives.map((l) => l.targetKey) },
    guidelines:
      "Does the chunk **support** the nugget? *Supported* only when the chunk states the fact, not when it is merely about the same topic.",
  });
  for (const e of c.experts) await f.upsertCampaignAnnotator(db, campaign.id, e.id);
  for (const [i, l] of positives.entries()) {
    const item = await f.upsertItem(db, campaign.id, {
      position: i + 1,
      targetKey: l.targetKey,
      queryId: l.queryId!,
      nuggetId: l.nuggetId!,
      documentId: l.documentId!,
    });
    const chunk = c.chunks.get(l.documentId!)!;
    const truth = chunk.question === l.query!.externalId && chunk.supports.includes(l.nugget!.position);
    for (const [k, e] of c.experts.entries()) {
      // Eve follows the ground truth; Max lets a third of the topical-but-silent chunks pass
      const lenient =
        k === 1 && !truth && chunk.question === l.query!.externalId && c.hash(`${e.email}|${l.targetKey}`) % 3 === 0;
      const value = truth || lenient ? "1" : "0";
      await f.upsertHumanJudgment(db, {
        studyId: c.studyId,
        campaignId: campaign.id,
        itemId: item.id,
        userId: e.id,
        email: e.email,
        payload: { level: value },
        level: { scale: "binary", value },
        startedAt: at(i * 2 + k),
        durationMs: 15_000 + (c.hash(`${e.email}|${i}`) % 40) * 1000,
        ...(value === "0" && k === 0
          ? { comment: "About the question's topic, but it does not state this fact." }
          : {}),
      });
    }
  }
}

/** The nugget review: the experts marked the LLM's nuggets of the last five questions (A hallucinated, B minor or redundant, C missing). */
export async function seedNuggetReview(db: Db, c: Context): Promise<void> {
  const reviewed = DEMO_QUESTIONS.slice(5);
  const campaign = await f.upsertCampaign(db, c.studyId, {
    name: "Nugget review (demo, finished)",
    taskType: "nugget_quality",
    protocol: "blind",
    scale: BUILTIN_SCALES.binary,
    overlap: 2,
    seed: 2,
    status: "closed",
    sample: { kind: "all_pairs" },
    guidelines:
      "Mark each nugget **A** when the question and its answer do not support it, **B** when it is minor or repeats another; count what is missing.",
  });
  for (const e of c.experts) await f.upsertCampaignAnnotator(db, campaign.id, e.id);
  for (const [i, q] of reviewed.entries()) {
    const query = await db.query.findFirstOrThrow({
      where: { studyId: c.studyId, externalId: q.id },
      include: { nuggets: { orderBy: { position: "asc" } } },
    });
    const list = {
      version: query.nuggetVersion,
      nuggets: query.nuggets.map((n) => ({ id: n.externalId, position: n.position, text: n.text })),
    };
    const item = await f.upsertItem(db, campaign.id, {
      position: i + 1,
      targetKey: questionKey(query.id),
      queryId: query.id,
      nuggets: JSON.stringify(list),
    });
    for (const [k, e] of c.experts.entries()) {
      const mark = (n: number, what: string) =>
        c.hash(`${e.email}|${q.id}|${n}|${what}`) % (what === "a" ? 9 : 4) === 0;
      const nuggets = query.nuggets.map((n) => ({
        nugget: n.externalId,
        hallucinated: mark(n.position, "a"),
        redundant: n.position === query.nuggets.length ? k === 0 || mark(n.position, "b") : mark(n.position, "b"),
      }));
      const missing = c.hash(`${e.email}|${q.id}|c`) % 3;
      const missingNuggets = missing > 0 && k === 0 && MISSING[q.id] ? [MISSING[q.id]!] : [];
      await f.upsertHumanJudgment(db, {
        studyId: c.studyId,
        campaignId: campaign.id,
        itemId: item.id,
        userId: e.id,
        email: e.email,
        payload: { nuggets, missing, missingNuggets },
        startedAt: at(200 + i * 5 + k),
        durationMs: 60_000 + (c.hash(`${e.email}|review|${i}`) % 60) * 1000,
      });
    }
  }
}

/** The side-by-side comparison: the experts chose between the two RAG systems' answers on FeB4RAG's four criteria. */
export async function seedAnswerComparison(db: Db, c: Context, systems: { a: number; b: number }): Promise<void> {
  const campaign = await f.upsertCampaign(db, c.studyId, {
    name: "Answer comparison (demo, finished)",
    taskType: "preference",
    protocol: "blind",
    scale: BUILTIN_SCALES.binary,
    criteria: DEFAULT_CRITERIA,
    overlap: 2,
    seed: 3,
    status: "closed",
    sample: { kind: "all_pairs" },
    guidelines: "Read both answers and the passages they cite; choose per criterion, or no preference.",
  });
  for (const e of c.experts) await f.upsertCampaignAnnotator(db, campaign.id, e.id);
  const pairs = await db.response.findMany({
    where: { studyId: c.studyId, systemId: systems.a },
    orderBy: { queryId: "asc" },
  });
  for (const [i, a] of pairs.entries()) {
    const b = await db.response.findUnique({
      where: { systemId_queryId: { systemId: systems.b, queryId: a.queryId } },
    });
    if (!b) continue;
    const item = await f.upsertItem(db, campaign.id, {
      position: i + 1,
      targetKey: responsePairKey(a.queryId, systems.a, systems.b),
      queryId: a.queryId,
      responseAId: a.id,
      responseBId: b.id,
    });
    for (const [k, e] of c.experts.entries()) {
      // the reranked system's answers cover more and cite better; clarity is often a draw
      const choices = Object.fromEntries(
        DEFAULT_CRITERIA.map((cr) => {
          const h = c.hash(`${e.email}|${a.queryId}|${cr.id}`) % 10;
          return [
            cr.id,
            cr.id === "clarity" ? (h < 5 ? "none" : h < 8 ? "b" : "a") : h < 7 ? "b" : h < 9 ? "none" : "a",
          ];
        }),
      );
      const left = (i + k) % 2 === 0 ? "a" : "b";
      await f.upsertHumanJudgment(db, {
        studyId: c.studyId,
        campaignId: campaign.id,
        itemId: item.id,
        userId: e.id,
        email: e.email,
        swapSides: left === "b",
        payload: {
          choices,
          left,
          justifications: k === 0 && i === 0 ? { coverage: "The second answer also names retry_on." } : {},
        },
        startedAt: at(400 + i * 6 + k),
        durationMs: 90_000 + (c.hash(`${e.email}|pair|${i}`) % 60) * 1000,
      });
    }
  }
}
