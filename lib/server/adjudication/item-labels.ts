import "server-only";
import { createHash } from "node:crypto";
import { isQueued } from "@/lib/domain/adjudication/adjudication-queue";
import { latestLevels } from "@/lib/domain/label-sets/derive-labels";
import { annotationPhaseSchema } from "@/lib/domain/campaigns/judgment";
import { parseNuggetAnswerKey } from "@/lib/domain/targets";
import type { AdjudicationItemView } from "@/lib/schemas/adjudication";
import { perNuggetOf } from "../db/annotations";
import { getDb } from "../db/client";
import { describeLlmLabel } from "../items/llm-label";
import type { AdjudicationCampaign } from "./adjudication-access";

/** An annotator's latest label on a target as a decision records it (`seen`). */
export type SeenLabel = { user: string; level: string; phase: string; comment: string | null };

/** One target of an item as the adjudicator weighs it. */
export type ItemTarget = Omit<AdjudicationItemView["targets"][number], "decision"> & { seen: SeenLabel[] };

/**
 * An item's labels as the adjudicator is shown them: the annotators who labelled it (in the order
 * of their ids, named or numbered by the campaign's setting) with the phase and comment of their
 * latest label; its targets (the item's own, or each nugget of an answer, in the nuggets' order),
 * each with every annotator's latest level, whether the queue asks to decide it, and the LLM's label
 * when a researcher allowed it; and the token of the labels shown.
 */
export async function itemLabels(
  campaign: AdjudicationCampaign,
  item: { id: number; position: number; targetKey: string },
): Promise<{ annotators: AdjudicationItemView["annotators"]; targets: ItemTarget[]; labelsToken: string }> {
  const db = await getDb();
  const rows = await db.annotation.findMany({
    where: { itemId: item.id },
    orderBy: { id: "asc" },
    include: { user: { select: { name: true, email: true } } },
  });
  const annotations = await perNuggetOf(
    campaign.id,
    rows.map((r) => ({ ...r, targetKey: item.targetKey, queryId: null, nuggetId: null })),
  );
  const latest = latestLevels(annotations);
  const people = [...new Map(latest.map(({ row }) => [row.userId, row])).values()].sort((x, y) => x.userId - y.userId);
  const annotators = people.map((row, i) => ({
    annotator: campaign.adjudication.showNames
      ? `${row.user.name || row.user.email} (${row.user.email})`
      : `Annotator ${i + 1}`,
    phase: annotationPhaseSchema.parse(row.phase),
    comment: row.comment,
  }));
  const keys = [...new Set(latest.map(({ row }) => row.targetKey))];
  const nuggets = await nuggetsOf(keys);
  keys.sort((x, y) => (nuggets.get(x)?.position ?? 0) - (nuggets.get(y)?.position ?? 0));
  const llm = await llmLabels(campaign, keys);
  const targets = keys.map((key) => {
    const mine = latest.filter(({ row }) => row.targetKey === key);
    const levels = people.map((p) => mine.find(({ row }) => row.userId === p.userId)?.value ?? null);
    const given = levels.filter((l) => l !== null);
    return {
      key,
      nugget: nuggets.get(key) ?? null,
      levels,
      queued: isQueued(given, campaign.adjudication.every),
      llm: llm(key),
      seen: mine.map(({ row, value }) => ({
        user: row.user.email,
        level: value,
        phase: row.phase,
        comment: row.comment,
      })),
    };
  });
  return { annotators, targets, labelsToken: tokenOf(targets.map((t) => [t.key, t.seen])) };
}

/** The nuggets a nugget assignment's targets name, by target key. */
async function nuggetsOf(keys: readonly string[]) {
  const ids = new Map(
    keys.flatMap((k) => {
      const parsed = parseNuggetAnswerKey(k);
      return parsed ? [[parsed.nuggetId, k] as const] : [];
    }),
  );
  if (ids.size === 0) return new Map<string, { id: string; position: number; text: string }>();
  const db = await getDb();
  const rows = await db.nugget.findMany({ where: { id: { in: [...ids.keys()] } } });
  return new Map(rows.map((n) => [ids.get(n.id)!, { id: n.externalId, position: n.position, text: n.text }]));
}

/** The LLM's label of each target, once a researcher allowed the adjudicator to see it (else none). */
async function llmLabels(campaign: AdjudicationCampaign, keys: readonly string[]) {
  const judge = campaign.adjudication.llm;
  if (!judge) return () => null;
  const db = await getDb();
  const labels = await db.label.findMany({ where: { judgeId: judge.id, targetKey: { in: [...keys] } } });
  return (key: string) =>
    describeLlmLabel(
      judge.name,
      labels.find((l) => l.targetKey === key),
    );
}

const tokenOf = (seen: unknown): string => createHash("sha256").update(JSON.stringify(seen)).digest("hex").slice(0, 32);
