import "server-only";
import { adjudicable, notAdjudicable } from "@/lib/domain/adjudication/adjudicable";
import {
  buildAnnotatorQualityReport,
  type AnnotatorQualityReport,
} from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import { adjudicatedOf, adjudicationState } from "../adjudication/adjudication-state";
import { adjudicationSettings } from "../adjudication/adjudication-access";
import { researcherCampaign, type CampaignRecord } from "../campaigns/campaign-access";
import { goldAnswers, qualitySaves, skipsByAnnotator } from "../db/annotator-quality";
import { labelsOfJudge } from "../db/labels";
import { invalid, notFound } from "../errors";
import type { UserDto } from "../users/user-dto";

/**
 * A campaign's annotator quality, for its study's researchers only (an annotator never reaches
 * another's figures): every save of a level (gold items' too), skips, the gold items' known
 * answers, the adjudicated levels where the campaign is adjudicable, and the labels of its LLM (the
 * protocol's, else the one chosen for adjudication).
 */
export async function getAnnotatorQuality(
  user: UserDto,
  studyId: number,
  campaignId: number,
): Promise<AnnotatorQualityReport> {
  const campaign = await researcherCampaign(user, campaignId);
  if (campaign.studyId !== studyId) throw notFound("Campaign not found");
  const unit = TASK_TYPES[campaign.taskType].unit;
  if (unit !== "pair" && unit !== "citation")
    throw invalid(
      "campaign: annotator quality is reported for campaigns that give each item one level (support, relevance, citation support)",
    );
  const settings = await adjudicationSettings(campaign.id);
  const [saves, skips, gold, adjudicated, llm] = await Promise.all([
    qualitySaves(campaign.id),
    skipsByAnnotator(campaign.id),
    goldAnswers(campaign.id),
    adjudicatedLevelsOf(campaign, settings.every),
    llmLabelsOf(campaign.llmJudge ?? settings.llm),
  ]);
  return buildAnnotatorQualityReport({
    campaign: { id: campaign.id, name: campaign.name, taskType: campaign.taskType, overlap: campaign.overlap },
    scale: campaign.scale,
    saves,
    skips,
    gold,
    adjudicated,
    llm,
  });
}

async function adjudicatedLevelsOf(campaign: CampaignRecord, every: boolean) {
  if (!adjudicable(campaign.taskType, campaign.overlap)) return { reason: notAdjudicable(campaign.name) };
  return { levels: adjudicatedOf(await adjudicationState(campaign, every), every).levels };
}

async function llmLabelsOf(judge: { id: number; name: string } | null) {
  if (!judge)
    return {
      reason:
        "the campaign shows no LLM: its protocol names none, and none is chosen for its adjudication (possible once the annotators are done)",
    };
  return { judge: judge.name, labels: new Map((await labelsOfJudge(judge.id)).map((l) => [l.targetKey, l.value])) };
}
