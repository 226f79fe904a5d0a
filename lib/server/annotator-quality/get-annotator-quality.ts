import "server-only";
import { adjudicable, notAdjudicable } from "@/lib/domain/task-types/adjudicable";
import {
  buildAnnotatorQualityReport,
  type AnnotatorQualityReport,
} from "@/lib/domain/annotator-quality/build-annotator-quality-report";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import { hasAnnotatorQuality } from "@/lib/domain/annotator-quality/quality-tasks";
import { adjudicationSettings } from "../adjudication/adjudication-access";
import { researcherCampaign } from "../campaigns/campaign-access";
import type { CampaignRecord } from "../db/campaign-record";
import { goldAnswers, qualitySaves, skipsByAnnotator } from "../db/annotator-quality";
import { judgeAssignmentsOnCampaign, judgeLabelsOnCampaign } from "../db/labels";
import { loadLabelSet } from "../label-sets/load-label-set";
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
  if (!hasAnnotatorQuality(campaign.taskType))
    throw invalid(
      "campaign: annotator quality is reported for campaigns that give levels (support, relevance, citation support, nugget assignment)",
    );
  const unit = TASK_TYPES[campaign.taskType].unit === "answer" ? "nugget" : "item";
  const settings = await adjudicationSettings(campaign.id);
  const [saves, skips, gold, adjudicated, llm] = await Promise.all([
    qualitySaves(campaign.id),
    skipsByAnnotator(campaign.id),
    goldAnswers(campaign.id),
    adjudicatedLevelsOf(campaign),
    llmLabelsOf(campaign.id, unit, campaign.llmJudge ?? settings.llm),
  ]);
  return buildAnnotatorQualityReport({
    campaign: { id: campaign.id, name: campaign.name, taskType: campaign.taskType, overlap: campaign.overlap },
    unit,
    scale: campaign.scale,
    saves,
    skips,
    gold,
    adjudicated,
    llm,
  });
}

/** The campaign's adjudicated levels as the label set `adjudicated:<id>` holds them, or why it has none. */
async function adjudicatedLevelsOf(campaign: CampaignRecord) {
  if (!adjudicable(campaign.taskType, campaign.overlap)) return { reason: notAdjudicable(campaign.name) };
  const set = await loadLabelSet(campaign.studyId, { kind: "adjudicated", campaignId: campaign.id });
  return { levels: new Map([...set.labels].map(([key, label]) => [key, label.value])) };
}

/** The LLM's labels of the campaign's items (of each nugget in an answer, for a nugget assignment). */
async function llmLabelsOf(campaignId: number, unit: "item" | "nugget", judge: { id: number; name: string } | null) {
  if (!judge)
    return {
      reason:
        "the campaign shows no LLM: its protocol names none, and none is chosen for its adjudication (possible once the annotators are done)",
    };
  const read = unit === "nugget" ? judgeAssignmentsOnCampaign : judgeLabelsOnCampaign;
  return { judge: judge.name, labels: await read(judge.id, campaignId) };
}
