import "server-only";
import { sampleCandidates, sampleJudge, type Candidate } from "@/lib/domain/campaigns/sampling";
import { BUILTIN_SCALES, customScale, type Scale } from "@/lib/domain/scales";
import type { CampaignDraft } from "@/lib/schemas/campaigns";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { loadCandidates, loadQuestionCandidates } from "./load-candidates";

export type CampaignPlan = { scale: Scale; llmJudgeId: number | null; items: Candidate[]; llmPositive: number | null };

/**
 * Checks a campaign draft against its study and draws its sample: the annotators must be members,
 * the overlap at most their number, the LLM judges (the protocol's and the sample's) models of the
 * study, and the sample not empty. Every problem is an "invalid" error naming the field.
 */
export async function planCampaign(db: Db, studyId: number, draft: CampaignDraft): Promise<CampaignPlan> {
  const members = await db.studyMember.findMany({ where: { studyId, userId: { in: draft.annotatorIds } }, select: { userId: true } });
  const missing = draft.annotatorIds.filter((id) => !members.some((m) => m.userId === id));
  if (missing.length > 0) throw invalid(`annotatorIds: user ${missing.join(", ")} is not a member of this study`);
  const annotators = new Set(draft.annotatorIds).size;
  if (draft.overlap > annotators) throw invalid(`overlap: ${draft.overlap} annotators per item needs at least ${draft.overlap} annotators (${annotators} chosen)`);
  if (draft.protocol !== "blind" && !draft.llmJudge) throw invalid("llmJudge: blind-then-reveal and assisted campaigns need the LLM whose labels are shown");
  if (draft.taskType === "nugget_quality") return planNuggetQuality(studyId, draft);

  const llmJudgeId = draft.llmJudge ? await modelJudgeId(db, studyId, draft.llmJudge, "llmJudge") : null;
  const samplingJudge = sampleJudge(draft.sample);
  const samplingJudgeId = samplingJudge ? await modelJudgeId(db, studyId, samplingJudge, "sample.judge") : llmJudgeId;
  const candidates = await loadCandidates(studyId, draft.taskType, samplingJudgeId);
  const items = sampleCandidates(candidates, draft.sample, draft.seed);
  if (items.length === 0) {
    throw invalid(
      candidates.length === 0
        ? `sample: the study has no pooled ${draft.taskType === "support" ? "(nugget, chunk)" : "(question, chunk)"} pairs; import queries${draft.taskType === "support" ? ", nuggets" : ""} and a pool first`
        : "sample: this design selects no pairs (does the LLM judge label any pair of this study?)",
    );
  }
  const scale = draft.scale.kind === "builtin" ? BUILTIN_SCALES[draft.scale.id] : customScale(draft.scale.levels, draft.scale.positiveFrom);
  return { scale, llmJudgeId, items, llmPositive: samplingJudgeId === null ? null : items.filter((c) => c.llm === true).length };
}

/**
 * A nugget-quality campaign reviews whole questions (each question with nuggets is one item): all
 * of them or N at random. The nuggets under review are the LLM's own output, so there is no LLM
 * label to hide or reveal: the protocol is blind and the marks A and B are yes / no (binary).
 */
async function planNuggetQuality(studyId: number, draft: CampaignDraft): Promise<CampaignPlan> {
  if (draft.protocol !== "blind") throw invalid("protocol: a nugget-quality campaign is blind (the nuggets are the LLM's output; there is no LLM label to reveal)");
  if (draft.sample.kind !== "all_pairs" && draft.sample.kind !== "random_questions") throw invalid("sample: a nugget-quality campaign reviews all questions with nuggets or N random ones");
  const items = sampleCandidates(await loadQuestionCandidates(studyId), draft.sample, draft.seed);
  if (items.length === 0) throw invalid("sample: the study has no questions with nuggets; import queries and nuggets first");
  return { scale: BUILTIN_SCALES.binary, llmJudgeId: null, items, llmPositive: null };
}

async function modelJudgeId(db: Db, studyId: number, name: string, field: string): Promise<number> {
  const judge = await db.judge.findUnique({ where: { studyId_name: { studyId, name } } });
  if (!judge || judge.kind !== "model") throw invalid(`${field}: the study has no LLM judge named "${name}"`);
  return judge.id;
}
