import "server-only";
import { scaleSchema } from "@/lib/domain/scales";
import type { DecisionRow } from "@/lib/formats/bundle";
import type { ImportContext } from "../import-context";
import { selectIn } from "../../db/bulk-sql";
import { upsertDecisions } from "../../db/adjudication";
import { accountsByEmail } from "./people";
import { itemsOf } from "./campaigns";
import type { Numbered } from "./shared";

/**
 * Adjudication decisions (bundle version 4), each on its campaign's item by position: who decided
 * (an account by email), the level (one of the campaign's scale), the reason, the labels seen and
 * the LLM's label shown, as they were. A decision the item has already is replaced.
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
  const decisions = [];
  for (const { line, row } of batch) {
    const r = row.record;
    if (!ctx.firstTime(`decision:${r.campaign}:${r.item}`, line, `decision on item ${r.item} of "${r.campaign}"`))
      continue;
    const item = itemOf(line, r);
    const account = accounts.get(r.user);
    if (!account) ctx.fail({ line, field: "user", message: `unknown user ${r.user} (user records come first)` });
    const scale = scales.get(r.campaign);
    if (scale && !scale.levels.some((l) => l.value === r.level))
      ctx.fail({
        line,
        field: "level",
        message: `"${r.level}" is not a level of campaign "${r.campaign}" (${scale.levels.map((l) => l.value).join(", ")})`,
      });
    if (item === null || !account || !scale?.levels.some((l) => l.value === r.level)) continue;
    decisions.push({
      itemId: item.itemId,
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
