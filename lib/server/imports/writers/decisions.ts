import "server-only";
import { nuggetAnswerKey, parseAnswerKey } from "@/lib/domain/targets";
import { scaleSchema } from "@/lib/domain/scales";
import type { DecisionRow } from "@/lib/formats/bundle";
import type { ImportContext } from "../import-context";
import { selectIn } from "../../db/bulk-sql";
import { upsertDecisions, type DecisionRow as StoredDecision } from "../../db/adjudication";
import { accountsByEmail } from "./people";
import { itemsOf } from "./campaigns";
import type { Numbered } from "./shared";

/**
 * Adjudication decisions (bundle version 4), each on its campaign's item by position and, for a
 * nugget-assignment item, a nugget of its answer by external id: who decided (an account by
 * email), the level (one of the campaign's scale), the reason, the labels seen and the LLM's label
 * shown, as they were. A decision the target has already is replaced.
 */
export async function writeDecisions(ctx: ImportContext, batch: Numbered<DecisionRow>[]): Promise<void> {
  const itemOf = await itemsOf(ctx, batch);
  const accounts = await accountsByEmail(
    ctx,
    batch.map((b) => b.row.record.user),
  );
  const scales = new Map(
    (
      await selectIn(
        ctx.tx,
        "Campaign",
        ["name", "scale"],
        "name",
        batch.map((b) => b.row.record.campaign),
        { studyId: ctx.studyId },
      )
    ).map((c) => [String(c.name), scaleSchema.parse(JSON.parse(String(c.scale)))]),
  );
  const located = batch.flatMap(({ line, row: { record: r } }) => {
    const what = `decision on item ${r.item}${r.nugget ? `, nugget ${r.nugget},` : ""} of "${r.campaign}"`;
    if (!ctx.firstTime(`decision:${r.campaign}:${r.item}:${r.nugget ?? ""}`, line, what)) return [];
    const item = itemOf(line, r);
    return item ? [{ line, r, itemId: item.itemId }] : [];
  });
  const targetOf = await targetsOf(ctx, located);
  const decisions: StoredDecision[] = [];
  for (const { line, r, itemId } of located) {
    const targetKey = targetOf(line, itemId, r.nugget);
    const account = accounts.get(r.user);
    if (!account) ctx.fail({ line, field: "user", message: `unknown user ${r.user} (user records come first)` });
    const scale = scales.get(r.campaign)!;
    const onScale = scale.levels.some((l) => l.value === r.level);
    if (!onScale)
      ctx.fail({
        line,
        field: "level",
        message: `"${r.level}" is not a level of campaign "${r.campaign}" (${scale.levels.map((l) => l.value).join(", ")})`,
      });
    if (!targetKey || !account || !onScale) continue;
    decisions.push({
      itemId,
      targetKey,
      userId: account.id,
      level: r.level,
      reason: r.reason,
      seen: JSON.stringify(r.seen),
      llm: r.llm === null ? null : JSON.stringify(r.llm),
      decidedAt: new Date(r.decided_at),
    });
  }
  await upsertDecisions(ctx.tx, decisions);
}

/**
 * Each decision's target: its item's own, or with `nugget` that nugget of the item's answer
 * (`na:<nugget>:<system>`); null with an error on the line when the item has no answer or the
 * study no such nugget.
 */
async function targetsOf(
  ctx: ImportContext,
  located: readonly { itemId: number; r: { nugget?: string } }[],
): Promise<(line: number, itemId: number, nugget: string | undefined) => string | null> {
  const itemKeys = new Map(
    (
      await selectIn(
        ctx.tx,
        "Item",
        ["id", "targetKey"],
        "id",
        located.map((l) => l.itemId),
      )
    ).map((i) => [Number(i.id), String(i.targetKey)]),
  );
  const nuggets = new Map(
    (
      await selectIn(
        ctx.tx,
        "Nugget",
        ["id", "externalId"],
        "externalId",
        located.flatMap((l) => (l.r.nugget ? [l.r.nugget] : [])),
        { studyId: ctx.studyId },
      )
    ).map((n) => [String(n.externalId), Number(n.id)]),
  );
  return (line, itemId, nugget) => {
    const key = itemKeys.get(itemId)!;
    if (nugget === undefined) return key;
    const answer = parseAnswerKey(key);
    const nuggetId = nuggets.get(nugget);
    if (answer && nuggetId !== undefined) return nuggetAnswerKey(nuggetId, answer.systemId);
    ctx.fail({
      line,
      field: "nugget",
      message: answer
        ? `unknown nugget "${nugget}" (nugget records come first)`
        : "only a nugget-assignment item's decision names a nugget",
    });
    return null;
  };
}
