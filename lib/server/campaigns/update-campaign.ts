import "server-only";
import { statusChangeAllowed } from "@/lib/domain/campaigns/campaign-status";
import { campaignChangeSchema, type CampaignChange } from "@/lib/schemas/campaign-admin";
import { getDb } from "../db/client";
import { withTransaction } from "../db/sql-connection";
import { AppError, invalid } from "../errors";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { researcherCampaign } from "./campaign-access";
import { checkAnnotators } from "./check-annotators";
import { releaseHeldSeats } from "./seats";
import { systemNamedIn } from "./system-names";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";

/**
 * A researcher changes a running campaign: pauses it (no new items are handed out; an item in hand
 * can still be saved), resumes it, closes it for good; edits its guidelines; or changes its
 * annotators (annotator members of the study, at least as many as the overlap). An annotator taken
 * off keeps their labels, and the items they held go back to the others.
 */
export async function updateCampaign(
  user: UserDto,
  campaignId: number,
  change: CampaignChange,
): Promise<{ status: string }> {
  const { status, guidelines, annotatorIds } = parseOrThrow(campaignChangeSchema, change);
  const campaign = await researcherCampaign(user, campaignId);
  const db = await getDb();
  if (status !== undefined && status !== campaign.status && !statusChangeAllowed(campaign.status, status)) {
    throw new AppError(
      "conflict",
      campaign.status === "closed"
        ? "status: the campaign is closed, and a closed campaign stays closed"
        : `status: a ${campaign.status} campaign cannot become ${status}`,
    );
  }
  if ((guidelines !== undefined || annotatorIds !== undefined) && campaign.status === "closed")
    throw new AppError("conflict", "The campaign is closed; it can no longer be edited");
  if (guidelines !== undefined && TASK_TYPES[campaign.taskType].shows.responses) {
    const named = await systemNamedIn(db, campaign.id, guidelines);
    if (named)
      throw invalid(
        `guidelines: they name the system "${named}", and annotators must not learn which systems they compare`,
      );
  }
  const annotators = annotatorIds === undefined ? undefined : [...new Set(annotatorIds)];
  if (annotators) await checkAnnotators(db, campaign.studyId, annotators, campaign.overlap, "annotatorIds");
  await withTransaction(async (sql) => {
    if (status !== undefined)
      await sql.query(`UPDATE "Campaign" SET "status" = ? WHERE "id" = ?`, [status, campaign.id]);
    if (guidelines !== undefined)
      await sql.query(`UPDATE "Campaign" SET "guidelines" = ? WHERE "id" = ?`, [guidelines, campaign.id]);
    if (annotators) {
      const current = (
        await sql.query<{ userId: unknown }>(`SELECT "userId" FROM "CampaignAnnotator" WHERE "campaignId" = ?`, [
          campaign.id,
        ])
      ).map((r) => Number(r.userId));
      for (const gone of current.filter((id) => !annotators.includes(id))) {
        await sql.query(`DELETE FROM "CampaignAnnotator" WHERE "campaignId" = ? AND "userId" = ?`, [campaign.id, gone]);
        await releaseHeldSeats(sql, gone, { campaignId: campaign.id });
      }
      for (const added of annotators.filter((id) => !current.includes(id)))
        await sql.query(`INSERT INTO "CampaignAnnotator" ("campaignId", "userId") VALUES (?, ?)`, [campaign.id, added]);
    }
  });
  return { status: status ?? campaign.status };
}
