import "server-only";
import { adjudicable, notAdjudicable } from "@/lib/domain/task-types/adjudicable";
import type { AdjudicationChange } from "@/lib/schemas/campaign-admin";
import type { Db } from "../db/client";
import { itemCompletion } from "../db/campaign-progress";
import type { AdjudicationColumns } from "../db/campaigns";
import { AppError, invalid } from "../errors";
import type { CampaignRecord } from "../db/campaign-record";
import { runningCampaignAnnotated } from "./adjudication-access";

/**
 * Checks a researcher's change of a campaign's adjudication and says which columns it sets. The
 * adjudicator named must be a member of the study and not one of the campaign's annotators (who
 * stay blind to each other's labels) as they are after the same request (`annotatorsAfter`, when it
 * changes them too), nor of any campaign of the study still running; the LLM shown must be a model
 * judge of the study, and only once the annotators are done: every item complete, or the campaign
 * closed.
 */
export async function checkAdjudicationChange(
  db: Db,
  campaign: CampaignRecord,
  change: AdjudicationChange,
  annotatorsAfter?: readonly number[],
): Promise<AdjudicationColumns> {
  if (!adjudicable(campaign.taskType, campaign.overlap))
    throw invalid(`adjudication: ${notAdjudicable(campaign.name)}`);
  const columns: AdjudicationColumns = {};
  if (change.adjudicatorId !== undefined) {
    if (change.adjudicatorId !== null) await checkAdjudicator(db, campaign, change.adjudicatorId, annotatorsAfter);
    columns.adjudicatorId = change.adjudicatorId;
  }
  if (change.every !== undefined) columns.adjudicateEvery = change.every;
  if (change.showNames !== undefined) columns.adjudicationShowsNames = change.showNames;
  if (change.llmJudge !== undefined) {
    if (change.llmJudge === null) columns.adjudicationLlmId = null;
    else {
      const judge = await db.judge.findUnique({
        where: { studyId_name: { studyId: campaign.studyId, name: change.llmJudge } },
      });
      if (!judge || judge.kind !== "model")
        throw invalid(`adjudication.llmJudge: no LLM judge named "${change.llmJudge}" in this study`);
      const { total, complete } = await itemCompletion(campaign.id);
      if (campaign.status !== "closed" && complete < total)
        throw new AppError(
          "conflict",
          `adjudication.llmJudge: the annotators are not done (${complete} of ${total} items complete); the adjudicator may see an LLM's label once every item is complete or the campaign is closed`,
        );
      columns.adjudicationLlmId = judge.id;
    }
  }
  return columns;
}

async function checkAdjudicator(
  db: Db,
  campaign: CampaignRecord,
  userId: number,
  annotatorsAfter: readonly number[] | undefined,
): Promise<void> {
  const [member, annotates] = await Promise.all([
    db.studyMember.findUnique({ where: { studyId_userId: { studyId: campaign.studyId, userId } } }),
    annotatorsAfter
      ? annotatorsAfter.includes(userId)
      : db.campaignAnnotator.findUnique({ where: { campaignId_userId: { campaignId: campaign.id, userId } } }),
  ]);
  if (!member) throw invalid(`adjudication.adjudicatorId: user ${userId} is not a member of this study`);
  if (annotates)
    throw invalid(
      `adjudication.adjudicatorId: user ${userId} annotates this campaign, and its annotators never see each other's labels: name someone who does not`,
    );
  const running = member.role === "annotator" ? await runningCampaignAnnotated(db, campaign.studyId, userId) : null;
  if (running)
    throw invalid(
      `adjudication.adjudicatorId: user ${userId} annotates "${running}", a campaign of this study still running, and would see labels they must stay blind to: name them once it is closed`,
    );
}
