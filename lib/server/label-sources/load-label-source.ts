import "server-only";
import {
  campaignMajority,
  correctedLabels,
  ensembleLabels,
  fusedLabels,
  type LabelSource,
} from "@/lib/domain/label-sources";
import { campaignAnnotations } from "../db/annotations";
import { ensembleMembers, fusedMembers } from "@/lib/domain/label-sets";
import { humanLabelsOfStudy, labelsOfJudge } from "../db/labels";
import type { Db } from "../db/client";
import { invalid } from "../errors";

/**
 * A label source of a study: one judge's labels by target, "fused:<x>+<y>", two LLMs fused as
 * FeB4RAG does (closest level of the mean, ties down) on the targets both labelled, or
 * "corrected:<x>", x's labels with the humans' majority label wherever humans judged (a tie keeps x's),
 * or "campaign:<id>", the majority of a campaign's annotators on each item (each annotator's
 * latest label: the revision after a reveal where there is one; ties leave the item out), or
 * "ensemble:<judge>+<judge>+...", the majority or lower median of several judges (ensembleLabels).
 */
export async function loadLabelSource(db: Db, studyId: number, name: string): Promise<LabelSource> {
  if (name.startsWith("campaign:")) return loadCampaignMajority(db, studyId, name);
  if (name.startsWith("corrected:")) {
    const base = await loadJudge(db, studyId, name.slice("corrected:".length));
    return { name, kind: "model", labels: correctedLabels(base.labels, await humanLabelsOfStudy(studyId)) };
  }
  const fused = fusedMembers(name);
  if (fused) {
    const [x, y] = fused;
    if (fused.length !== 2 || !x || !y) throw invalid(`a fused source is "fused:<judge>+<judge>", not "${name}"`);
    const [first, second] = [await loadJudge(db, studyId, x), await loadJudge(db, studyId, y)];
    return { name, kind: "model", labels: fusedLabels(first.labels, second.labels) };
  }
  const members = ensembleMembers(name);
  if (members) {
    if (members.length < 2 || members.some((m) => !m))
      throw invalid(`an ensemble is "ensemble:<judge>+<judge>+...", not "${name}"`);
    const sources = [];
    for (const m of members) sources.push((await loadJudge(db, studyId, m)).labels);
    const { labels, ties } = ensembleLabels(sources);
    return { name, kind: "model", labels, ties };
  }
  return loadJudge(db, studyId, name);
}

async function loadJudge(db: Db, studyId: number, name: string): Promise<LabelSource> {
  const judge = await db.judge.findUnique({ where: { studyId_name: { studyId, name } } });
  if (!judge) throw invalid(`no judge named "${name}" in this study`);
  // Through the driver: Prisma's adapter layer triples the time of a 100,000-row read.
  const labels = new Map((await labelsOfJudge(judge.id)).map((l) => [l.targetKey, l]));
  return { name, kind: judge.kind === "human" ? "human" : "model", labels };
}

async function loadCampaignMajority(db: Db, studyId: number, name: string): Promise<LabelSource> {
  const id = Number(name.slice("campaign:".length));
  const campaign = Number.isInteger(id) && id > 0 ? await db.campaign.findFirst({ where: { id, studyId } }) : null;
  if (!campaign) throw invalid(`no campaign ${name.slice("campaign:".length)} in this study`);
  const scale = (JSON.parse(campaign.scale) as { id: string }).id;
  const annotations = await campaignAnnotations(campaign.id);
  const labels = campaignMajority(annotations, scale);
  return { name, kind: "human", labels };
}
