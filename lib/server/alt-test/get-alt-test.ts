import "server-only";
import type { AltTestOptions } from "@/lib/domain/alt-test/alt-test";
import {
  buildAltTestReport,
  type AltTestLevels,
  type AltTestReport,
  type AltTestUnit,
  altTestUnit,
  defaultScoring,
} from "@/lib/domain/alt-test/build-alt-test-report";
import { firstPhase, levelOfPayload } from "@/lib/domain/campaigns/judgment";
import { storedPreferenceSchema } from "@/lib/domain/preferences/judgment";
import { parseSystemPairKey, responsePairKey } from "@/lib/domain/targets";
import { researcherCampaign } from "../campaigns/campaign-access";
import type { CampaignRecord } from "../db/campaign-record";
import { campaignAnnotations, type ItemAnnotation } from "../db/annotations";
import { judgeAssignmentsOnCampaign } from "../db/labels";
import { judgeLevelsOnCampaign, judgePreferences, llmJudgesOfStudy } from "../db/llm-labels-on-campaign";
import { emailsOfUsers } from "../db/users";
import { invalid, notFound } from "../errors";
import type { AltTestQuery } from "@/lib/schemas/alt-test";
import type { UserDto } from "../users/user-dto";

/** A preference's choices, in terms of the item's systems A and B, as levels of no order. */
const CHOICES: AltTestLevels = {
  name: "System A / no preference / system B, per criterion",
  levels: [
    { value: "a", label: "System A" },
    { value: "none", label: "No preference" },
    { value: "b", label: "System B" },
  ],
};

/**
 * The Alternative Annotator Test of a campaign, for its study's researchers only: each
 * annotator's first, independent label of each unit (the blind one; under the assisted protocol
 * the only one; gold items left out) against every LLM judge of the study with labels on those
 * units on the campaign's scale (the campaign's own LLM first).
 */
export async function getAltTest(
  user: UserDto,
  studyId: number,
  campaignId: number,
  query: Omit<AltTestQuery, "campaign" | "format">,
): Promise<AltTestReport> {
  const campaign = await researcherCampaign(user, campaignId);
  if (campaign.studyId !== studyId) throw notFound("Campaign not found");
  const unit = altTestUnit(campaign.taskType);
  if (unit === null)
    throw invalid(
      "campaign: the test reads campaigns whose annotators label (relevance, support, citation support, nugget assignment, preference), not a nugget review",
    );
  const options: AltTestOptions = {
    scoring: query.scoring ?? defaultScoring(unit, campaign.scale.levels.length),
    epsilon: query.epsilon,
    q: query.q,
    minHumansPerItem: query.minHumansPerItem,
    minItemsPerHuman: query.minItemsPerHuman,
  };
  if (unit === "choice" && options.scoring === "neg-rmse")
    throw invalid("scoring: a preference's choices have no numeric levels: compare them by accuracy");
  const phase = firstPhase(campaign.protocol);
  const annotations = (await campaignAnnotations(campaign.id)).filter((a) => a.phase === phase);
  const humans = await byEmail(unit === "choice" ? choicesOf(annotations) : levelsOf(annotations));
  const keys = new Set([...humans.values()].flatMap((labels) => [...labels.keys()]));
  const llms = [];
  const elsewhere: string[] = [];
  for (const judge of await llmJudgesOfStudy(studyId)) {
    const { labels, otherScales } = await llmLabels(campaign, unit, judge.id, keys);
    if (labels.size > 0) llms.push({ judge: judge.name, campaignLlm: judge.id === campaign.llmJudge?.id, labels });
    else if (otherScales.length > 0) elsewhere.push(`${judge.name} (${otherScales.join(", ")})`);
  }
  llms.sort((a, b) => Number(b.campaignLlm) - Number(a.campaignLlm));
  return buildAltTestReport({
    campaign: { id: campaign.id, name: campaign.name, taskType: campaign.taskType, overlap: campaign.overlap },
    unit,
    scale: unit === "choice" ? CHOICES : campaign.scale,
    humans,
    llms,
    otherScales: elsewhere,
    options,
  });
}

type UnitLabel = { userId: number; unit: string; value: string };

/** Each annotation's level on its target (a nugget assignment's one per nugget already). */
const levelsOf = (annotations: readonly ItemAnnotation[]): UnitLabel[] =>
  annotations.flatMap((a) => {
    const level = levelOfPayload(a.payload);
    return level === null ? [] : [{ userId: a.userId, unit: a.targetKey, value: level }];
  });

/** Each comparison's choice per criterion, one unit "<item's key>:<criterion>" each, in terms of the item's systems. */
const choicesOf = (annotations: readonly ItemAnnotation[]): UnitLabel[] =>
  annotations.flatMap((a) => {
    const stored = storedPreferenceSchema.safeParse(JSON.parse(a.payload));
    if (!stored.success) return [];
    return Object.entries(stored.data.choices).map(([criterion, value]) => ({
      userId: a.userId,
      unit: `${a.targetKey}:${criterion}`,
      value,
    }));
  });

/** The labels by annotator email, each annotator's last label of a unit in the phase. */
async function byEmail(labels: readonly UnitLabel[]): Promise<Map<string, Map<string, string>>> {
  const emails = await emailsOfUsers(labels.map((l) => l.userId));
  const humans = new Map<string, Map<string, string>>();
  for (const l of labels) {
    const email = emails.get(l.userId)!;
    (humans.get(email) ?? humans.set(email, new Map()).get(email)!).set(l.unit, l.value);
  }
  return humans;
}

/**
 * An LLM judge's labels of the campaign's units on the campaign's scale, and the other scales it
 * labelled them on (not compared: the test reads one scale); a preference label given with the
 * systems the other way round is turned.
 */
async function llmLabels(
  campaign: CampaignRecord,
  unit: AltTestUnit,
  judgeId: number,
  units: ReadonlySet<string>,
): Promise<{ labels: Map<string, string>; otherScales: string[] }> {
  if (unit === "nugget") return { labels: await judgeAssignmentsOnCampaign(judgeId, campaign.id), otherScales: [] };
  if (unit === "item") {
    const labels = new Map<string, string>();
    const otherScales = new Set<string>();
    for (const [key, label] of await judgeLevelsOnCampaign(judgeId, campaign.id))
      if (label.scale === campaign.scale.id) labels.set(key, label.value);
      else otherScales.add(label.scale);
    return { labels, otherScales: [...otherScales].sort() };
  }
  const given = await judgePreferences(judgeId);
  const labels = new Map<string, string>();
  for (const key of units) {
    const parsed = parseSystemPairKey(key);
    if (!parsed?.criterion) continue;
    const { queryId, systemAId, systemBId, criterion } = parsed;
    const same = given.get(key);
    const turned = given.get(`${responsePairKey(queryId, systemBId, systemAId)}:${criterion}`);
    const value = same ?? (turned === "a" ? "b" : turned === "b" ? "a" : turned);
    if (value !== undefined) labels.set(key, value);
  }
  return { labels, otherScales: [] };
}
