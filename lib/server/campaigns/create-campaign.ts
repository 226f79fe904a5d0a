import "server-only";
import { seatSides } from "@/lib/domain/preferences/sides";
import type { CampaignDraft } from "@/lib/schemas/campaigns";
import { upsertMany } from "../db/bulk-sql";
import { getDb } from "../db/client";
import { withBulkTransaction, type SqlConnection } from "../db/sql-connection";
import { AppError } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { planCampaign } from "./plan-campaign";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";

/**
 * Creates and starts a campaign: the campaign, its annotators, the sampled items in order and
 * `overlap` open seats per item, in one transaction.
 */
export async function createCampaign(
  user: UserDto,
  studyId: number,
  draft: CampaignDraft,
  now = new Date(),
): Promise<{ id: number; items: number }> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  if (await db.campaign.findUnique({ where: { studyId_name: { studyId, name: draft.name } } })) {
    throw new AppError("conflict", `name: this study already has a campaign named "${draft.name}"`);
  }
  const plan = await planCampaign(db, studyId, draft);
  return withBulkTransaction(async (sql) => {
    const [campaign] = await sql.query<{ id: number }>(
      `INSERT INTO "Campaign" ("studyId", "name", "taskType", "scale", "criteria", "protocol", "overlap", "sample", "seed", "guidelines", "status", "llmJudgeId", "createdAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?) RETURNING "id"`,
      [
        studyId,
        draft.name,
        draft.taskType,
        JSON.stringify(plan.scale),
        JSON.stringify(plan.criteria),
        draft.protocol,
        draft.overlap,
        JSON.stringify(draft.sample),
        draft.seed,
        draft.guidelines,
        plan.llmJudgeId,
        sql.timestamp(now),
      ],
    );
    const id = Number(campaign!.id);
    await upsertMany(
      sql,
      { table: "CampaignAnnotator", columns: ["campaignId", "userId"], conflict: ["campaignId", "userId"] },
      [...new Set(draft.annotatorIds)].map((u) => [id, u]),
    );
    await upsertMany(
      sql,
      {
        table: "Item",
        columns: [
          "campaignId",
          "position",
          "targetKey",
          "queryId",
          "nuggetId",
          "documentId",
          "responseAId",
          "responseBId",
          "nuggets",
        ],
        conflict: ["campaignId", "targetKey"],
      },
      plan.items.map((c, i) => [
        id,
        i + 1,
        c.targetKey,
        c.queryId,
        c.nuggetId,
        c.documentId,
        c.responseAId,
        c.responseBId,
        c.nuggets,
      ]),
    );
    await sql.query(
      `INSERT INTO "Assignment" ("campaignId", "itemId", "position", "status")
       WITH RECURSIVE "seat"("n") AS (SELECT 1 UNION ALL SELECT "n" + 1 FROM "seat" WHERE "n" < ?)
       SELECT i."campaignId", i."id", i."position", 'open' FROM "Item" i JOIN "seat" s ON TRUE WHERE i."campaignId" = ?`,
      [draft.overlap, id],
    );
    if (TASK_TYPES[draft.taskType].shows.responses)
      await recordSides(sql, id, plan.items.length, draft.overlap, draft.seed);
    return { id, items: plan.items.length };
  });
}

/** Which seats show system B on the left (seatSides: seeded, balanced), recorded on the seats. */
async function recordSides(sql: SqlConnection, campaignId: number, items: number, overlap: number, seed: number) {
  const seats = await sql.query<{ id: unknown; position: unknown }>(
    `SELECT "id", "position" FROM "Assignment" WHERE "campaignId" = ? ORDER BY "position", "id"`,
    [campaignId],
  );
  const sides = seatSides(items, overlap, seed);
  const swapped: number[] = [];
  let seat = 0;
  seats.forEach((s, i) => {
    seat = i > 0 && seats[i - 1]!.position === s.position ? seat + 1 : 0;
    if (sides[Number(s.position) - 1]![seat]) swapped.push(Number(s.id));
  });
  for (let i = 0; i < swapped.length; i += 500) {
    const chunk = swapped.slice(i, i + 500);
    await sql.query(
      `UPDATE "Assignment" SET "swapSides" = TRUE WHERE "id" IN (${chunk.map(() => "?").join(", ")})`,
      chunk,
    );
  }
}
