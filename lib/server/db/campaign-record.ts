import "server-only";
import { z } from "zod";
import { campaignStatusSchema, type CampaignStatus } from "@/lib/domain/campaigns/campaign-status";
import { protocolSchema, type Protocol } from "@/lib/domain/campaigns/protocol";
import { sampleSpecSchema, type SampleSpec } from "@/lib/domain/campaigns/sampling";
import { passageDisplaySchema, type PassageDisplay } from "@/lib/domain/passages/passage-kind";
import { criterionSchema, type Criterion } from "@/lib/domain/preferences/criteria";
import { scaleSchema, type Scale } from "@/lib/domain/scales";
import { taskTypeSchema, type TaskType } from "@/lib/domain/task-types/task-type";
import type { CampaignRow } from "./campaigns";

/** A campaign as the operations read it: its row with the scale, criteria and sample parsed. */
export type CampaignRecord = {
  id: number;
  studyId: number;
  studyName: string;
  name: string;
  taskType: TaskType;
  protocol: Protocol;
  scale: Scale;
  /** A preference campaign's criteria (empty for other tasks). */
  criteria: Criterion[];
  sample: SampleSpec;
  seed: number;
  overlap: number;
  status: CampaignStatus;
  guidelines: string;
  /** Whether passages mark the question's terms (a protocol setting). */
  highlightTerms: boolean;
  /** How its study's passages are shown (the study's setting, read with the campaign). */
  passageDisplay: PassageDisplay;
  llmJudge: { id: number; name: string } | null;
  /** The nugget set its items' nuggets come from (null: a task without nuggets). */
  nuggetSetId: number | null;
};

/** A campaign row as the operations read it (its scale, criteria and sample parsed). */
export function toRecord(c: CampaignRow): CampaignRecord {
  const { scale, criteria, sample } = definitionOf(c);
  return {
    id: c.id,
    studyId: c.studyId,
    studyName: c.studyName,
    name: c.name,
    taskType: taskTypeSchema.parse(c.taskType),
    protocol: protocolSchema.parse(c.protocol),
    scale,
    criteria,
    sample,
    seed: c.seed,
    overlap: c.overlap,
    status: campaignStatusSchema.parse(c.status),
    guidelines: c.guidelines,
    highlightTerms: c.highlightTerms,
    passageDisplay: passageDisplaySchema.catch("auto").parse(c.passageDisplay),
    llmJudge: c.llmJudge,
    nuggetSetId: c.nuggetSetId,
  };
}

type Definition = Pick<CampaignRecord, "scale" | "criteria" | "sample">;
const definitions = new Map<string, Readonly<Definition>>();

/**
 * A campaign's scale, criteria and sample, parsed once per text and kept (every annotation request
 * reads its campaign; parsing them was a tenth of a millisecond each time). Kept values are frozen:
 * one request cannot change what the next one reads.
 */
function definitionOf(c: CampaignRow): Readonly<Definition> {
  const key = JSON.stringify([c.scale, c.criteria, c.sample]);
  let definition = definitions.get(key);
  if (!definition) {
    if (definitions.size >= 1000) definitions.clear();
    definition = deepFreeze({
      scale: scaleSchema.parse(JSON.parse(c.scale)),
      criteria: z.array(criterionSchema).parse(JSON.parse(c.criteria)),
      sample: sampleSpecSchema.parse(JSON.parse(c.sample)),
    });
    definitions.set(key, definition);
  }
  return definition;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
