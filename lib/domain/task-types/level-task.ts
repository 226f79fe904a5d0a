import { z } from "zod";
import { judgmentSchema } from "../campaigns/judgment";
import { SAMPLE_KIND_LABELS } from "../campaigns/sampling";
import type { BuiltinScaleId } from "../scales";
import type { TaskTypeDefinition } from "./task-type";

/** The draft of a pair task: the level chosen, if any. */
export type LevelDraft = { level: string | null };

/** What a pair task's save sends: one level of the campaign's scale (the server checks it against the scale). */
const levelPayload = <Id extends "support" | "relevance">(id: Id) =>
  z.object({ taskType: z.literal(id), level: z.string().min(1) }).strict();
type LevelPayloadSchema<Id extends "support" | "relevance"> = ReturnType<typeof levelPayload<Id>>;

/**
 * A task whose item is a pair judged on a scale (support, relevance). Its annotators' final labels
 * are their Labels on the targets, which form a label set and the agreement reports read.
 */
export function levelTask<Id extends "support" | "relevance">(def: {
  id: Id;
  label: string;
  menu: string;
  pairTarget: "nugget_document" | "query_document";
  defaultScaleId: BuiltinScaleId;
}): TaskTypeDefinition<Id, LevelDraft, LevelPayloadSchema<Id>> & { pairTarget: "nugget_document" | "query_document" } {
  return {
    ...def,
    unit: "pair",
    report: "campaign-agreement",
    sampleLabels: SAMPLE_KIND_LABELS,
    shows: { answer: false, nuggetList: false, responses: false },
    payloadSchema: levelPayload(def.id),
    savedView: (stored, scale) => ({
      level: judgmentSchema(scale).parse(stored).level,
      review: null,
      preference: null,
    }),
    startDraft: (saved) => ({ level: saved?.level ?? null }),
    payloadOf: (draft) => (draft.level === null ? null : { taskType: def.id, level: draft.level }),
  };
}
