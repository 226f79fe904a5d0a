import "server-only";
import { upsertMany } from "./bulk-sql";
import { sqlOf, type Tx } from "./sql-connection";

/** A new active campaign; returns its id. `scale`, `criteria` and `sample` are JSON text. */
export async function insertCampaign(
  tx: Tx,
  c: {
    studyId: number;
    name: string;
    taskType: string;
    scale: string;
    criteria: string;
    protocol: string;
    overlap: number;
    sample: string;
    seed: number;
    guidelines: string;
    llmJudgeId: number | null;
    createdAt: Date;
  },
): Promise<number> {
  const sql = sqlOf(tx);
  const [campaign] = await sql.query<{ id: number }>(
    `INSERT INTO "Campaign" ("studyId", "name", "taskType", "scale", "criteria", "protocol", "overlap", "sample", "seed", "guidelines", "status", "llmJudgeId", "createdAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?) RETURNING "id"`,
    [
      c.studyId,
      c.name,
      c.taskType,
      c.scale,
      c.criteria,
      c.protocol,
      c.overlap,
      c.sample,
      c.seed,
      c.guidelines,
      c.llmJudgeId,
      sql.timestamp(c.createdAt),
    ],
  );
  return Number(campaign!.id);
}

/** A campaign's items in order (position 1, 2, ...); `nuggets` is a nugget list's JSON text. */
export async function insertItems(
  tx: Tx,
  campaignId: number,
  items: readonly {
    targetKey: string;
    queryId: number;
    nuggetId: number | null;
    documentId: number | null;
    responseAId: number | null;
    responseBId: number | null;
    nuggets: string | null;
  }[],
): Promise<void> {
  await upsertMany(
    tx,
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
    items.map((c, i) => [
      campaignId,
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
}

/** Makes these users the campaign's annotators (added to those it has). */
export async function addCampaignAnnotators(tx: Tx, campaignId: number, userIds: readonly number[]): Promise<void> {
  await upsertMany(
    tx,
    { table: "CampaignAnnotator", columns: ["campaignId", "userId"], conflict: ["campaignId", "userId"] },
    userIds.map((u) => [campaignId, u]),
  );
}

export async function campaignAnnotatorIds(tx: Tx, campaignId: number): Promise<number[]> {
  const rows = await sqlOf(tx).query<{ userId: unknown }>(
    `SELECT "userId" FROM "CampaignAnnotator" WHERE "campaignId" = ?`,
    [campaignId],
  );
  return rows.map((r) => Number(r.userId));
}

export async function removeCampaignAnnotator(tx: Tx, campaignId: number, userId: number): Promise<void> {
  await sqlOf(tx).query(`DELETE FROM "CampaignAnnotator" WHERE "campaignId" = ? AND "userId" = ?`, [
    campaignId,
    userId,
  ]);
}

export async function setCampaignStatus(tx: Tx, campaignId: number, status: string): Promise<void> {
  await sqlOf(tx).query(`UPDATE "Campaign" SET "status" = ? WHERE "id" = ?`, [status, campaignId]);
}

export async function setCampaignGuidelines(tx: Tx, campaignId: number, guidelines: string): Promise<void> {
  await sqlOf(tx).query(`UPDATE "Campaign" SET "guidelines" = ? WHERE "id" = ?`, [guidelines, campaignId]);
}

export async function isItemOf(tx: Tx, itemId: number, campaignId: number): Promise<boolean> {
  const [item] = await sqlOf(tx).query(`SELECT "id" FROM "Item" WHERE "id" = ? AND "campaignId" = ?`, [
    itemId,
    campaignId,
  ]);
  return item !== undefined;
}

export async function annotatesCampaign(tx: Tx, campaignId: number, userId: number): Promise<boolean> {
  const [row] = await sqlOf(tx).query(
    `SELECT 1 AS "ok" FROM "CampaignAnnotator" WHERE "campaignId" = ? AND "userId" = ?`,
    [campaignId, userId],
  );
  return row !== undefined;
}
