import "server-only";
import { upsertMany } from "./bulk-sql";
import { chunksOf, placeholders } from "./lists";
import { readRows, sqlOf, type Tx } from "./sql-connection";

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
    highlightTerms: boolean;
    /** Gold settings' JSON (GoldSettings), or null without gold items. */
    gold: string | null;
    /** The nugget set its items' nuggets come from (null: none). */
    nuggetSetId: number | null;
    createdAt: Date;
  },
): Promise<number> {
  const sql = sqlOf(tx);
  const [campaign] = await sql.query<{ id: number }>(
    `INSERT INTO "Campaign" ("studyId", "name", "taskType", "scale", "criteria", "protocol", "overlap", "sample", "seed", "guidelines", "status", "llmJudgeId", "highlightTerms", "gold", "nuggetSetId", "createdAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?) RETURNING "id"`,
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
      c.highlightTerms ? 1 : 0, // a boolean as both engines read it
      c.gold,
      c.nuggetSetId,
      sql.timestamp(c.createdAt),
    ],
  );
  return Number(campaign!.id);
}

/** A campaign's items in order (position 1, 2, ...); `nuggets` is a nugget list's JSON text, `goldLevel` a gold item's known answer. */
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
    goldLevel?: string | null;
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
        "goldLevel",
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
      c.goldLevel ?? null,
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

/** A campaign's adjudication columns (prisma/models.prisma, Campaign), in the order bundles write them. */
export const ADJUDICATION_COLUMNS = [
  "adjudicatorId",
  "adjudicateEvery",
  "adjudicationShowsNames",
  "adjudicationLlmId",
] as const;

/** Some of a campaign's adjudication columns with their values. */
export type AdjudicationColumns = Partial<{
  adjudicatorId: number | null;
  adjudicateEvery: boolean;
  adjudicationShowsNames: boolean;
  adjudicationLlmId: number | null;
}>;

/** Sets a campaign's adjudication columns (change-adjudication.ts says which). */
export async function setCampaignAdjudication(tx: Tx, campaignId: number, columns: AdjudicationColumns): Promise<void> {
  // booleans as 1/0, which both engines read (as insertCampaign writes highlightTerms)
  const entries = Object.entries(columns).map(([c, v]) => [c, typeof v === "boolean" ? (v ? 1 : 0) : v] as const);
  if (entries.length === 0) return;
  await sqlOf(tx).query(`UPDATE "Campaign" SET ${entries.map(([c]) => `"${c}" = ?`).join(", ")} WHERE "id" = ?`, [
    ...entries.map(([, v]) => v),
    campaignId,
  ]);
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

/** A campaign's columns with its study's name and its LLM judge's (see campaign-access.ts). */
export type CampaignRow = {
  id: number;
  studyId: number;
  studyName: string;
  name: string;
  taskType: string;
  protocol: string;
  scale: string;
  criteria: string;
  sample: string;
  seed: number;
  overlap: number;
  status: string;
  guidelines: string;
  highlightTerms: boolean;
  /** Its study's setting of how passages are shown. */
  passageDisplay: string;
  llmJudge: { id: number; name: string } | null;
  /** The nugget set its items' nuggets come from (null: a task without nuggets). */
  nuggetSetId: number | null;
};

const CAMPAIGN_ROW = `SELECT c."id" AS "id", c."studyId" AS "studyId", s."name" AS "studyName", c."name" AS "name",
    c."taskType" AS "taskType", c."protocol" AS "protocol", c."scale" AS "scale", c."criteria" AS "criteria",
    c."sample" AS "sample", c."seed" AS "seed", c."overlap" AS "overlap", c."status" AS "status",
    c."guidelines" AS "guidelines", c."highlightTerms" AS "highlightTerms", s."passageDisplay" AS "passageDisplay", j."id" AS "llmJudgeId", j."name" AS "llmJudgeName",
    c."nuggetSetId" AS "nuggetSetId"
  FROM "Campaign" c JOIN "Study" s ON s."id" = c."studyId" LEFT JOIN "Judge" j ON j."id" = c."llmJudgeId"`;

type RawCampaignRow = Omit<
  CampaignRow,
  "id" | "studyId" | "seed" | "overlap" | "highlightTerms" | "llmJudge" | "nuggetSetId"
> & {
  id: unknown;
  nuggetSetId: unknown;
  highlightTerms: unknown;
  studyId: unknown;
  seed: unknown;
  overlap: unknown;
  llmJudgeId: unknown;
  llmJudgeName: string | null;
};

const toCampaignRow = ({ llmJudgeId, llmJudgeName, ...c }: RawCampaignRow): CampaignRow => ({
  ...c,
  id: Number(c.id),
  studyId: Number(c.studyId),
  seed: Number(c.seed),
  overlap: Number(c.overlap),
  highlightTerms: c.highlightTerms === true || Number(c.highlightTerms) === 1,
  llmJudge: llmJudgeId === null ? null : { id: Number(llmJudgeId), name: llmJudgeName! },
  nuggetSetId: c.nuggetSetId === null ? null : Number(c.nuggetSetId),
});

/** The campaign, or null. */
export async function campaignById(campaignId: number): Promise<CampaignRow | null> {
  const [row] = await readRows<RawCampaignRow>(`${CAMPAIGN_ROW} WHERE c."id" = ?`, [campaignId]);
  return row ? toCampaignRow(row) : null;
}

/**
 * The campaign if it has started, the user is one of its annotators and still a member of its
 * study; null otherwise (one read: every claim and save checks it).
 */
export async function startedCampaignOfAnnotator(campaignId: number, userId: number): Promise<CampaignRow | null> {
  const [row] = await readRows<RawCampaignRow>(
    `${CAMPAIGN_ROW} WHERE c."id" = ? AND c."status" <> 'draft'
       AND EXISTS (SELECT 1 FROM "CampaignAnnotator" a WHERE a."campaignId" = c."id" AND a."userId" = ?)
       AND EXISTS (SELECT 1 FROM "StudyMember" m WHERE m."studyId" = c."studyId" AND m."userId" = ?)`,
    [campaignId, userId, userId],
  );
  return row ? toCampaignRow(row) : null;
}

/** The ids of the items at these positions of these campaigns, by "<campaignId>:<position>". */
export async function itemIdsAt(
  tx: Tx,
  at: readonly { campaignId: number; position: number }[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const campaigns = [...new Set(at.map((a) => a.campaignId))];
  for (const campaignId of campaigns) {
    const positions = [...new Set(at.filter((a) => a.campaignId === campaignId).map((a) => a.position))];
    for (const chunk of chunksOf(positions)) {
      const rows = await sqlOf(tx).query<{ id: unknown; position: unknown }>(
        `SELECT "id", "position" FROM "Item" WHERE "campaignId" = ? AND "position" IN (${placeholders(chunk)})`,
        [campaignId, ...chunk],
      );
      for (const r of rows) ids.set(`${campaignId}:${Number(r.position)}`, Number(r.id));
    }
  }
  return ids;
}

/** Which of these users annotate a running (active or paused) blind or blind-then-reveal campaign of the study. */
export async function blindAnnotatorsAmong(tx: Tx, studyId: number, userIds: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const chunk of chunksOf(new Set(userIds))) {
    const rows = await sqlOf(tx).query<{ userId: unknown }>(
      `SELECT DISTINCT ca."userId" AS "userId" FROM "CampaignAnnotator" ca JOIN "Campaign" c ON c."id" = ca."campaignId"
        WHERE c."studyId" = ? AND c."status" IN ('active', 'paused') AND c."protocol" IN ('blind', 'blind_then_reveal')
          AND ca."userId" IN (${placeholders(chunk)})`,
      [studyId, ...chunk],
    );
    for (const r of rows) found.add(Number(r.userId));
  }
  return found;
}
