import "server-only";
import { parseNuggetAnswerKey, parseSentenceCitationKey } from "@/lib/domain/targets";
import { campaignStatusSchema } from "@/lib/domain/campaigns/campaign-status";
import { annotationPhaseSchema } from "@/lib/domain/campaigns/judgment";
import { protocolSchema } from "@/lib/domain/campaigns/protocol";
import { sampleSpecSchema } from "@/lib/domain/campaigns/sampling";
import { nuggetListSchema } from "@/lib/domain/nuggets/nugget-list";
import { parseGoldSettings } from "@/lib/domain/campaigns/gold";
import { criterionSchema } from "@/lib/domain/preferences/criteria";
import { memberRoleSchema, userRoleSchema } from "@/lib/domain/roles";
import { scaleSchema } from "@/lib/domain/scales";
import { parseNuggetDocumentKey, parseQueryDocumentKey } from "@/lib/domain/targets";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import { bundleLine, type BundleSample } from "@/lib/formats/bundle";
import { z } from "zod";
import type { Db } from "../db/client";
import { paged } from "./paged";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Everyone the study names: its members, its human judges, its campaigns' annotators and adjudicators, and the people of their seats, annotations and decisions. */
export async function* studyPeopleLines(db: Db, studyId: number): AsyncGenerator<string> {
  const inCampaign = { campaign: { studyId } };
  const users = await db.user.findMany({
    where: {
      OR: [
        { memberships: { some: { studyId } } },
        { judges: { some: { studyId } } },
        { campaigns: { some: inCampaign } },
        { assignments: { some: inCampaign } },
        { annotations: { some: { item: inCampaign } } },
        { adjudicating: { some: { studyId } } },
        { decisions: { some: { item: inCampaign } } },
      ],
    },
    orderBy: { id: "asc" },
    select: { email: true, name: true, role: true },
  });
  for (const u of users)
    yield bundleLine({ type: "user", email: u.email, name: u.name, role: userRoleSchema.parse(u.role) });
  const members = await db.studyMember.findMany({
    where: { studyId },
    orderBy: { userId: "asc" },
    select: { role: true, user: { select: { email: true } } },
  });
  for (const m of members)
    yield bundleLine({ type: "member", user: m.user.email, role: memberRoleSchema.parse(m.role) });
}

/**
 * The study's campaigns with their items, seats, annotations and adjudication decisions. A seat held under a lease is
 * written open and free: leases are not carried.
 */
export async function* studyWorkLines(db: Db, studyId: number): AsyncGenerator<string> {
  const campaigns = await db.campaign.findMany({
    where: { studyId },
    orderBy: { id: "asc" },
    include: {
      llmJudge: { select: { name: true } },
      annotators: { orderBy: { userId: "asc" }, select: { user: { select: { email: true } } } },
      adjudicator: { select: { email: true } },
      adjudicationLlm: { select: { name: true } },
      nuggetSet: { select: { name: true } },
    },
  });
  for (const c of campaigns) {
    yield bundleLine({
      type: "campaign",
      name: c.name,
      task_type: taskTypeSchema.parse(c.taskType),
      scale: scaleSchema.parse(JSON.parse(c.scale)),
      criteria: z.array(criterionSchema).parse(JSON.parse(c.criteria)),
      protocol: protocolSchema.parse(c.protocol),
      overlap: c.overlap,
      sample: await bundleSample(db, sampleSpecSchema.parse(JSON.parse(c.sample))),
      seed: c.seed,
      guidelines: c.guidelines,
      highlight_terms: c.highlightTerms,
      status: campaignStatusSchema.parse(c.status),
      llm_judge: c.llmJudge?.name ?? null,
      created_at: c.createdAt.toISOString(),
      annotators: c.annotators.map((a) => a.user.email),
      adjudication: {
        adjudicator: c.adjudicator?.email ?? null,
        every: c.adjudicateEvery,
        show_names: c.adjudicationShowsNames,
        llm_judge: c.adjudicationLlm?.name ?? null,
      },
      ...(c.gold ? { gold: parseGoldSettings(c.gold) } : {}),
      nugget_set: c.nuggetSet?.name ?? null,
    });
  }
  const inStudy = (afterId: number) => ({ id: { gt: afterId }, campaign: { studyId } });
  const externalId = { select: { externalId: true } };
  const system = { select: { system: { select: { name: true } } } };
  for await (const i of paged((a, take) =>
    db.item.findMany({
      where: inStudy(a),
      orderBy: { id: "asc" },
      take,
      include: {
        campaign: { select: { name: true } },
        query: externalId,
        nugget: externalId,
        document: externalId,
        responseA: system,
        responseB: system,
      },
    }),
  )) {
    yield bundleLine({
      type: "item",
      campaign: i.campaign.name,
      position: i.position,
      query: i.query?.externalId ?? null,
      nugget: i.nugget?.externalId ?? null,
      doc: i.document?.externalId ?? null,
      systems: i.responseA && i.responseB ? [i.responseA.system.name, i.responseB.system.name] : null,
      ...(i.responseA && !i.responseB ? { system: i.responseA.system.name } : {}),
      ...sentenceOf(i.targetKey),
      nuggets: i.nuggets === null ? null : nuggetListSchema.parse(JSON.parse(i.nuggets)),
      ...(i.goldLevel !== null ? { gold: i.goldLevel } : {}),
    });
  }
  for await (const s of paged((a, take) =>
    db.assignment.findMany({
      where: inStudy(a),
      orderBy: { id: "asc" },
      take,
      include: { campaign: { select: { name: true } }, user: { select: { email: true } } },
    }),
  )) {
    const held = s.status === "leased";
    yield bundleLine({
      type: "seat",
      campaign: s.campaign.name,
      item: s.position,
      user: held ? null : (s.user?.email ?? null),
      status: held ? "open" : (s.status as "open" | "submitted" | "skipped" | "closed"),
      swap_sides: s.swapSides,
      sides_token: s.sidesToken,
      claimed_at: held ? null : iso(s.claimedAt),
      submitted_at: iso(s.submittedAt),
      skipped_at: iso(s.skippedAt),
    });
  }
  for await (const n of paged((a, take) =>
    db.annotation.findMany({
      where: { id: { gt: a }, item: { campaign: { studyId } } },
      orderBy: { id: "asc" },
      take,
      include: ofItemAndUser,
    }),
  )) {
    yield bundleLine({
      type: "annotation",
      campaign: n.item.campaign.name,
      item: n.item.position,
      user: n.user.email,
      phase: annotationPhaseSchema.parse(n.phase),
      payload: JSON.parse(n.payload) as Record<string, unknown>,
      comment: n.comment,
      client_id: n.clientId,
      version: n.version,
      duration_ms: n.durationMs,
      started_at: n.startedAt.toISOString(),
      submitted_at: n.submittedAt.toISOString(),
      updated_at: n.updatedAt.toISOString(),
    });
  }
  for await (const d of paged((a, take) =>
    db.decision.findMany({
      where: { id: { gt: a }, item: { campaign: { studyId } } },
      orderBy: { id: "asc" },
      take,
      include: ofItemAndUser,
    }),
  )) {
    const nugget = parseNuggetAnswerKey(d.targetKey);
    yield bundleLine({
      type: "decision",
      campaign: d.item.campaign.name,
      item: d.item.position,
      ...(nugget ? { nugget: (await db.nugget.findUniqueOrThrow({ where: { id: nugget.nuggetId } })).externalId } : {}),
      user: d.user.email,
      level: d.level,
      reason: d.reason,
      seen: decisionSeenSchema.parse(JSON.parse(d.seen)),
      llm: d.llm === null ? null : decisionLlmSchema.parse(JSON.parse(d.llm)),
      decided_at: d.decidedAt.toISOString(),
    });
  }
}

const decisionSeenSchema = z.array(
  z.object({ user: z.string(), level: z.string(), phase: annotationPhaseSchema, comment: z.string().nullable() }),
);
const decisionLlmSchema = z.object({ judge: z.string(), value: z.string().nullable() });

/** What an annotation or a decision names: its item by position in its campaign, its person by email. */
const ofItemAndUser = {
  item: { select: { position: true, campaign: { select: { name: true } } } },
  user: { select: { email: true } },
} as const;

/** A campaign's sample with its chosen targets named by external ids (row ids mean nothing elsewhere). */
export async function bundleSample(db: Db, sample: z.infer<typeof sampleSpecSchema>): Promise<BundleSample> {
  if (sample.kind !== "targets") return sample;
  const keys = sample.targetKeys.map((k) => parseNuggetDocumentKey(k) ?? parseQueryDocumentKey(k)!);
  const nuggetIds = keys.flatMap((k) => ("nuggetId" in k ? [k.nuggetId] : []));
  const queryIds = keys.flatMap((k) => ("queryId" in k ? [k.queryId] : []));
  const select = { id: true, externalId: true } as const;
  const [nuggets, queries, documents] = await Promise.all([
    db.nugget.findMany({ where: { id: { in: nuggetIds } }, select }),
    db.query.findMany({ where: { id: { in: queryIds } }, select }),
    db.document.findMany({ where: { id: { in: keys.map((k) => k.documentId) } }, select }),
  ]);
  const name = (rows: { id: number; externalId: string }[]) => new Map(rows.map((r) => [r.id, r.externalId]));
  const [n, q, d] = [name(nuggets), name(queries), name(documents)];
  return {
    kind: "targets",
    targets: keys.map((k) => ({
      query: "queryId" in k ? q.get(k.queryId)! : null,
      nugget: "nuggetId" in k ? n.get(k.nuggetId)! : null,
      doc: d.get(k.documentId)!,
    })),
  };
}

/** A citation-support target's sentence index, as a bundle record names it (other targets: nothing). */
export function sentenceOf(targetKey: string): { sentence?: number } {
  const key = parseSentenceCitationKey(targetKey);
  return key ? { sentence: key.sentence } : {};
}
