import "server-only";
import { createHash } from "node:crypto";
import { latestLevels } from "@/lib/domain/label-sets/derive-labels";
import { annotationPhaseSchema } from "@/lib/domain/campaigns/judgment";
import type { AdjudicationItemView } from "@/lib/schemas/adjudication";
import { getDb } from "../db/client";
import { describeLlmLabel } from "../campaigns/llm-label";
import type { AdjudicationCampaign } from "./adjudication-access";

/** An item's annotators' latest labels as a decision records them (`seen`): who, which level, the comment. */
export type SeenLabel = { user: string; level: string; phase: string; comment: string | null };

/**
 * What the adjudicator is shown of an item's labels: each annotator's latest label (the revision
 * after a reveal where there is one) in the order of their ids, named or numbered by the campaign's
 * setting; the token of those labels; and the LLM's label when a researcher allowed it.
 */
export async function itemLabels(
  campaign: AdjudicationCampaign,
  item: { id: number; targetKey: string },
): Promise<{
  seen: SeenLabel[];
  shown: AdjudicationItemView["labels"];
  labelsToken: string;
  llm: AdjudicationItemView["llm"];
}> {
  const db = await getDb();
  const rows = await db.annotation.findMany({
    where: { itemId: item.id },
    orderBy: { id: "asc" },
    include: { user: { select: { name: true, email: true } } },
  });
  const latest = latestLevels(
    rows.map((r) => ({ ...r, targetKey: item.targetKey, queryId: null, nuggetId: null })),
  ).sort((x, y) => x.row.userId - y.row.userId);
  const seen = latest.map(({ row, value }) => ({
    user: row.user.email,
    level: value,
    phase: row.phase,
    comment: row.comment,
  }));
  const shown = latest.map(({ row, value }, i) => ({
    annotator: campaign.adjudication.showNames
      ? `${row.user.name || row.user.email} (${row.user.email})`
      : `Annotator ${i + 1}`,
    level: value,
    phase: annotationPhaseSchema.parse(row.phase),
    comment: row.comment,
  }));
  const llmJudge = campaign.adjudication.llm;
  const llm = llmJudge
    ? describeLlmLabel(
        llmJudge.name,
        await db.label.findUnique({
          where: { judgeId_targetKey: { judgeId: llmJudge.id, targetKey: item.targetKey } },
        }),
      )
    : null;
  return { seen, shown, labelsToken: tokenOf(seen), llm };
}

const tokenOf = (seen: readonly SeenLabel[]): string =>
  createHash("sha256").update(JSON.stringify(seen)).digest("hex").slice(0, 32);
