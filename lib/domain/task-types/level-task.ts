import { z } from "zod";
import { judgmentSchema } from "../campaigns/judgment";
import type { SampleKind } from "../campaigns/sampling";
import type { BuiltinScaleId } from "../scales";
import type { TaskTypeDefinition } from "./task-type";

/** The draft of a pair task: the level chosen, if any. */
export type LevelDraft = { level: string | null };

type LevelTaskId = "support" | "relevance" | "citation_support";

/** What a level task's save sends: one level of the campaign's scale (the server checks it against the scale). */
const levelPayload = <Id extends LevelTaskId>(id: Id) =>
  z.object({ taskType: z.literal(id), level: z.string().min(1) }).strict();
type LevelPayloadSchema<Id extends LevelTaskId> = ReturnType<typeof levelPayload<Id>>;

/**
 * A task whose item is judged on one scale: a pair (support, relevance), or an answer's sentence
 * with a passage it cites (citation support). Its annotators' final labels are their Labels on
 * the targets, which form a label set and the agreement reports read.
 */
export function levelTask<Id extends LevelTaskId, Target extends "nugget_document" | "query_document" | null>(def: {
  id: Id;
  label: string;
  menu: string;
  unit: "pair" | "citation";
  pairTarget: Target;
  defaultScaleId: BuiltinScaleId;
  sampleLabels: Partial<Record<SampleKind, string>>;
}): TaskTypeDefinition<Id, LevelDraft, LevelPayloadSchema<Id>> & { pairTarget: Target } {
  return {
    ...def,
    report: "campaign-agreement",
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
