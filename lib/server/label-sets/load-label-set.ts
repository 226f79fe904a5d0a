import "server-only";
import type { LabelSet, LabelSetKind, LabelSetName, SetLabel } from "@/lib/domain/label-sets/label-set";
import { adjudicable, notAdjudicable } from "@/lib/domain/task-types/adjudicable";
import { adjudicatedOf, adjudicationState } from "../adjudication/adjudication-state";
import { adjudicationSettings } from "../adjudication/adjudication-access";
import { campaignById } from "../db/campaigns";
import { toRecord } from "../db/campaign-record";
import {
  campaignMajority,
  correctedLabels,
  dawidSkeneLabels,
  ensembleLabels,
  fusedLabels,
} from "@/lib/domain/label-sets/derive-labels";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";
import { campaignAnnotations } from "../db/annotations";
import { humanLabelsOfStudy, labelsOfJudge } from "../db/labels";
import { getDb } from "../db/client";
import { invalid } from "../errors";

type Loader<K extends LabelSetKind> = (
  studyId: number,
  set: Extract<LabelSetName, { kind: K }>,
  name: string,
) => Promise<LabelSet>;

/**
 * How each kind of label set is read (lib/domain/label-sets/registry.ts names them): a judge's
 * labels by target; two LLMs fused as FeB4RAG does on the targets both labelled; an LLM with the
 * humans' majority wherever humans judged (a tie keeps the LLM's); a campaign's annotators'
 * majority on each item (each annotator's latest label: the revision after a reveal where there
 * is one; ties leave the item out); Dawid and Skene's estimate from a campaign's annotators'
 * latest labels; a campaign's adjudicated levels (agreed items and decisions,
 * the undecided left out and counted); several judges' majority or lower median.
 */
const LOADERS: { [K in LabelSetKind]: Loader<K> } = {
  judge: (studyId, set) => loadJudge(studyId, set.judge),
  fused: async (studyId, set, name) => {
    const [first, second] = [await loadJudge(studyId, set.judges[0]), await loadJudge(studyId, set.judges[1])];
    return { name, kind: "model", labels: fusedLabels(first.labels, second.labels) };
  },
  corrected: async (studyId, set, name) => {
    const base = await loadJudge(studyId, set.judge);
    return { name, kind: "model", labels: correctedLabels(base.labels, await humanLabelsOfStudy(studyId)) };
  },
  campaign: async (studyId, set, name) => {
    const campaign = await studyCampaign(studyId, set.campaignId);
    const { labels, ties } = campaignMajority(await campaignAnnotations(campaign.id), campaign.scale.id);
    return { name, kind: "human", labels, ties };
  },
  "dawid-skene": async (studyId, set, name) => {
    const campaign = await studyCampaign(studyId, set.campaignId);
    if (!adjudicable(campaign.taskType, campaign.overlap))
      throw invalid(
        `campaign "${campaign.name}" has no Dawid-Skene labels: it needs two or more annotators per item, labelling on a scale`,
      );
    return { name, kind: "human", labels: dawidSkeneLabels(await campaignAnnotations(campaign.id), campaign.scale.id) };
  },
  adjudicated: async (studyId, set, name) => {
    const campaign = await studyCampaign(studyId, set.campaignId);
    if (!adjudicable(campaign.taskType, campaign.overlap)) throw invalid(notAdjudicable(campaign.name));
    const { every } = await adjudicationSettings(campaign.id);
    const state = await adjudicationState(campaign, every);
    const { levels, undecided } = adjudicatedOf(state, every);
    const labels = new Map<string, SetLabel>();
    for (const [key, value] of levels) {
      const { row } = state.labels.get(key)![0]!;
      labels.set(key, {
        targetKey: key,
        value,
        scale: campaign.scale.id,
        queryId: row.queryId,
        nuggetId: row.nuggetId,
        criterion: null,
      });
    }
    return { name, kind: "human", labels, undecided };
  },
  ensemble: async (studyId, set, name) => {
    const members = [];
    for (const judge of set.judges) members.push((await loadJudge(studyId, judge)).labels);
    const { labels, ties } = ensembleLabels(members);
    return { name, kind: "model", labels, ties };
  },
};

/**
 * A label set of a study (its name parsed where it came in: lib/schemas/label-set-name.ts), read
 * outside any transaction through the shared client as reports read it.
 */
export async function loadLabelSet(studyId: number, set: LabelSetName): Promise<LabelSet> {
  return (LOADERS[set.kind] as Loader<LabelSetKind>)(studyId, set, formatLabelSet(set));
}

async function loadJudge(studyId: number, name: string): Promise<LabelSet> {
  const judge = await (await getDb()).judge.findUnique({ where: { studyId_name: { studyId, name } } });
  if (!judge) throw invalid(`no judge named "${name}" in this study`);
  // Through the driver: Prisma's adapter layer triples the time of a 100,000-row read.
  const labels = await labelsOfJudge(judge.id);
  return { name, kind: judge.kind === "human" ? "human" : "model", labels };
}

/** A campaign of this study, read as the operations read it (scale parsed); else refused naming its id. */
async function studyCampaign(studyId: number, campaignId: number) {
  const row = await campaignById(campaignId);
  if (!row || row.studyId !== studyId) throw invalid(`no campaign ${campaignId} in this study`);
  return toRecord(row);
}
