// The demo's finished campaigns: two experts checked gpt-4o's support labels, one judged a uniform
// random sample of pairs, and they reviewed the LLM's nuggets and compared the two RAG systems'
// answers, so every report has something to say at first sight. Each goes the way a team's
// campaign goes: created as a researcher creates one (the same sampler, items and seats), labelled
// by the experts through the workspace's own claim and save, then closed. Only the experts' minds
// are simulated: from the demo's ground truth, with reproducible mistakes.
import { randomUUID } from "node:crypto";
import { DEFAULT_CRITERIA } from "@/lib/domain/preferences/criteria";
import type { CampaignDraft, SaveAnnotation, WorkspaceItem } from "@/lib/schemas/campaigns";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { getWorkspaceItem } from "@/lib/server/campaigns/get-workspace-item";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { updateCampaign } from "@/lib/server/campaigns/update-campaign";
import type { Db } from "@/lib/server/db/client";
import { getAdjudicationItem } from "@/lib/server/adjudication/get-adjudication-item";
import { getAdjudicationQueue } from "@/lib/server/adjudication/get-adjudication-queue";
import { saveDecision } from "@/lib/server/adjudication/save-decision";
import type { UserDto } from "@/lib/server/users/user-dto";
import type { DemoChunk } from "./chunk";
import { DEMO_RESPONSES } from "./responses";

export const DEMO_EXPERTS = [
  { email: "expert@assay.local", role: "annotator", name: "Eve Expert" },
  { email: "expert2@assay.local", role: "annotator", name: "Max Expert" },
] as const;

type Context = {
  studyId: number;
  experts: UserDto[];
  gptId: number;
  chunks: Map<string, DemoChunk>; // by the chunk's external id
  hash: (text: string) => number;
};

/** Who the seed acts as when it creates and closes campaigns: an admin. */
export const SEED_OPERATOR: UserDto = { id: 0, email: "seed", name: "demo seed", role: "admin" };

const START = new Date("2026-11-02T09:00:00.000Z");

/** The fact an expert found missing from a question's nuggets, written out (the report offers to add it). */
const MISSING: Record<string, string> = {
  "hq-101": "Only the exceptions listed in retry_on are retried; any other fails the job at once.",
  "hq-102": "The server refuses payloads above max_payload_bytes, whatever the client's timeout.",
  "hq-103": "A schedule's cron expression is read in UTC unless a timezone is given.",
  "hq-104": "The concurrency limit counts running jobs across all workers of the queue.",
  "hq-105": "Eager mode runs a job inline, so its retries happen inside the test.",
  "hq-106": "A cancelled job is marked cancelled only once its worker checks the cancellation token.",
  "hq-107": "A requeued dead job keeps its original id and attempt history.",
  "hq-108": "Workers can read secrets from their own environment variables instead.",
  "hq-109": "The deduplication key expires after the configured window.",
  "hq-110": "The metrics endpoint listens on its own port.",
};
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

/** An expert's judgment of one item: what their browser would send, and when they started and for how long. */
type Judged = { payload: SaveAnnotation["payload"]; comment?: string; startedAt: Date; durationMs: number };

/**
 * Creates a campaign as a researcher does, has each expert claim and label every item through the
 * workspace's operations (`judge` is the expert's mind: item in, label out), then closes it. A study
 * that already has the campaign keeps it.
 */
async function runFinishedCampaign(
  db: Db,
  c: Context,
  draft: Omit<CampaignDraft, "annotatorIds" | "overlap" | "protocol" | "llmJudge">,
  judge: (expert: UserDto, k: number, item: WorkspaceItem, index: number) => Judged,
  experts: UserDto[] = c.experts,
): Promise<number> {
  const existing = await db.campaign.findUnique({ where: { studyId_name: { studyId: c.studyId, name: draft.name } } });
  if (existing) return existing.id;
  const { id } = await createCampaign(
    SEED_OPERATOR,
    c.studyId,
    {
      ...draft,
      protocol: "blind",
      llmJudge: null,
      overlap: experts.length,
      annotatorIds: experts.map((e) => e.id),
    },
    START,
  );
  for (const [k, expert] of experts.entries()) {
    for (let index = 0; ; index++) {
      const { itemId } = await claimNextItem(expert, id, START);
      if (itemId === null) break;
      const judged = judge(expert, k, await getWorkspaceItem(expert, id, itemId, START), index);
      await saveAnnotation(
        expert,
        id,
        itemId,
        {
          clientId: randomUUID(),
          phase: "blind",
          version: 1,
          payload: judged.payload,
          comment: judged.comment ?? null,
          startedAt: judged.startedAt.toISOString(),
          durationMs: judged.durationMs,
        },
        new Date(judged.startedAt.getTime() + judged.durationMs),
      );
    }
  }
  await updateCampaign(SEED_OPERATOR, id, { status: "closed" });
  return id;
}

/**
 * The support check: every (nugget, chunk) pair gpt-4o called supported, judged by both experts
 * (FreshStack's calibration of LLM positives); then the researcher adjudicates the pairs they
 * disagree on, by the ground truth, so `adjudicated:<id>` is there on day one.
 */
export async function seedSupportCheck(db: Db, c: Context, researcher: UserDto): Promise<void> {
  const positives = await db.label.findMany({
    where: { judgeId: c.gptId, value: "1", nuggetId: { not: null } },
    select: { targetKey: true },
  });
  const id = await runFinishedCampaign(
    db,
    c,
    {
      name: "Expert check of gpt-4o (demo, finished)",
      taskType: "support",
      scale: { kind: "builtin", id: "binary" },
      seed: 1,
      sample: { kind: "targets", targetKeys: positives.map((l) => l.targetKey) },
      guidelines:
        "Does the chunk **support** the nugget? *Supported* only when the chunk states the fact, not when it is merely about the same topic.",
    },
    supportMind(c, 0),
  );
  await adjudicateByTruth(db, c, id, researcher);
}

/** The researcher decides every disagreement of a finished support campaign by the ground truth, with a reason. */
async function adjudicateByTruth(db: Db, c: Context, campaignId: number, researcher: UserDto): Promise<void> {
  if ((await db.decision.count({ where: { item: { campaignId } } })) > 0) return;
  const { queue } = await getAdjudicationQueue(researcher, campaignId);
  for (const [i, q] of queue.entries()) {
    const seen = await getAdjudicationItem(researcher, campaignId, q.itemId);
    const chunk = c.chunks.get(seen.item.document!.id)!;
    const truth = chunk.question === seen.item.question.id && chunk.supports.includes(seen.item.nugget!.position);
    await saveDecision(
      researcher,
      campaignId,
      q.itemId,
      {
        levels: Object.fromEntries(seen.targets.filter((t) => t.queued).map((t) => [t.key, truth ? "1" : "0"])),
        reason: truth
          ? "The chunk states the fact."
          : "On the question's topic, but the chunk does not state this fact.",
        labelsToken: seen.labelsToken,
      },
      at(300 + i),
    );
  }
}

/**
 * A uniform random sample of the study's (nugget, chunk) pairs, judged by one expert: the sample
 * Corrected estimates needs for its PPI interval, and on which agreement with an LLM estimates the
 * whole study (the check above sees only gpt-4o's positives).
 */
export async function seedUniformSample(db: Db, c: Context): Promise<void> {
  await runFinishedCampaign(
    db,
    c,
    {
      name: "Uniform sample (demo, finished)",
      taskType: "support",
      scale: { kind: "builtin", id: "binary" },
      seed: 4,
      sample: { kind: "random_pairs", pairs: 80 },
      guidelines: "Does the chunk **support** the nugget? *Supported* only when the chunk states the fact.",
    },
    supportMind(c, 100),
    c.experts.slice(0, 1),
  );
}

/**
 * The experts' support judgments: Eve follows the ground truth; Max lets a third of the
 * topical-but-silent chunks pass. `start` is the minute (after START) the campaign's work began.
 */
function supportMind(c: Context, start: number) {
  return (expert: UserDto, k: number, item: WorkspaceItem, i: number): Judged => {
    const chunk = c.chunks.get(item.document!.id)!;
    const onTopic = chunk.question === item.question.id;
    const truth = onTopic && chunk.supports.includes(item.nugget!.position);
    const lenient = k === 1 && !truth && onTopic && c.hash(`${expert.email}|${item.nugget!.id}|${chunk.id}`) % 3 === 0;
    const level = truth || lenient ? "1" : "0";
    return {
      payload: { taskType: "support", level },
      ...(level === "0" && k === 0 && onTopic
        ? { comment: "About the question's topic, but it does not state this fact." }
        : {}),
      startedAt: at(start + i * 2 + k),
      durationMs: 15_000 + (c.hash(`${expert.email}|${i}`) % 40) * 1000,
    };
  };
}

/** The nugget review: the experts marked the LLM's nuggets of five random questions (A hallucinated, B minor or redundant, C missing). */
export async function seedNuggetReview(db: Db, c: Context): Promise<void> {
  await runFinishedCampaign(
    db,
    c,
    {
      name: "Nugget review (demo, finished)",
      taskType: "nugget_quality",
      scale: { kind: "builtin", id: "binary" },
      seed: 2,
      sample: { kind: "random_questions", questions: 5 },
      guidelines:
        "Mark each nugget **A** when the question and its answer do not support it, **B** when it is minor or repeats another; count what is missing.",
    },
    (expert, k, item, i) => {
      const q = item.question.id;
      const mark = (n: number, what: string) =>
        c.hash(`${expert.email}|${q}|${n}|${what}`) % (what === "a" ? 9 : 4) === 0;
      const last = item.nuggets.length;
      const nuggets = item.nuggets.map((n) => ({
        nugget: n.id,
        hallucinated: mark(n.position, "a"),
        redundant: n.position === last ? k === 0 || mark(n.position, "b") : mark(n.position, "b"),
      }));
      const missing = c.hash(`${expert.email}|${q}|c`) % 3;
      return {
        payload: {
          taskType: "nugget_quality",
          nuggets,
          missing,
          missingNuggets: missing > 0 && k === 0 && MISSING[q] ? [MISSING[q]] : [],
        },
        startedAt: at(200 + i * 5 + k),
        durationMs: 60_000 + (c.hash(`${expert.email}|review|${i}`) % 60) * 1000,
      };
    },
  );
}

/** The side-by-side comparison: the experts chose between the two RAG systems' answers on FeB4RAG's four criteria. */
export async function seedAnswerComparison(db: Db, c: Context, systems: { a: string; b: string }): Promise<void> {
  await runFinishedCampaign(
    db,
    c,
    {
      name: "Answer comparison (demo, finished)",
      taskType: "preference",
      systems: [systems.a, systems.b],
      criteria: DEFAULT_CRITERIA,
      scale: { kind: "builtin", id: "binary" },
      seed: 3,
      sample: { kind: "all_pairs" },
      guidelines: "Read both answers and the passages they cite; choose per criterion, or no preference.",
    },
    (expert, k, item, i) => {
      // the expert reads the answers: the reranked system's cover more and cite better; clarity is often a draw
      const better = item.comparison!.responses.findIndex((r) => writtenBy(r.html, item.question.id) === systems.b);
      if (better < 0) throw new Error(`the demo cannot tell ${systems.b}'s answer to ${item.question.id}`);
      const choices = Object.fromEntries(
        DEFAULT_CRITERIA.map((cr) => {
          const h = c.hash(`${expert.email}|${item.question.id}|${cr.id}`) % 10;
          const choice =
            cr.id === "clarity" ? (h < 5 ? "none" : h < 8 ? "b" : "a") : h < 7 ? "b" : h < 9 ? "none" : "a";
          const side = better === 0 ? ({ b: "1", a: "2" } as const) : ({ b: "2", a: "1" } as const);
          return [cr.id, choice === "none" ? ("none" as const) : side[choice]];
        }),
      );
      return {
        payload: {
          taskType: "preference",
          choices,
          justifications: (k === 0 && i === 0 ? { coverage: "The better answer also names retry_on." } : {}) as Record<
            string,
            string
          >,
          sides: item.comparison!.sides,
        },
        startedAt: at(400 + i * 6 + k),
        durationMs: 90_000 + (c.hash(`${expert.email}|pair|${i}`) % 60) * 1000,
      };
    },
  );
}

/** Which system wrote an answer, known by its words (what an expert reading it would recognize). */
function writtenBy(html: string, question: string): string | undefined {
  const words = (text: string) =>
    text
      .replace(/<[^>]+>|&#?\w+;/g, " ")
      .replace(/[^a-z0-9]+/gi, " ")
      .trim()
      .split(/\s+/)
      .slice(0, 8)
      .join(" ");
  return DEMO_RESPONSES.find((r) => r.question === question && words(html).startsWith(words(r.text)))?.system;
}
