import { z } from "zod";
import { nuggetSetNameSchema } from "@/lib/domain/nuggets/nugget-sets";
import { goldSettingsSchema, goldSpecSchema } from "@/lib/domain/campaigns/gold";
import { annotationPhaseSchema } from "@/lib/domain/campaigns/judgment";
import { nuggetReviewSchema } from "@/lib/domain/nuggets/nugget-review";
import { criteriaSchema, criterionSchema } from "@/lib/domain/preferences/criteria";
import { screenPreferenceSchema } from "@/lib/domain/preferences/judgment";
import { annotationPayloadSchema } from "@/lib/domain/task-types/registry";
import { sampleSpecSchema } from "@/lib/domain/campaigns/sampling";
import { BUILTIN_SCALES, type BuiltinScaleId } from "@/lib/domain/scales";
import { campaignStatusSchema } from "@/lib/domain/campaigns/campaign-status";
import { protocolSchema } from "@/lib/domain/campaigns/protocol";
import { NUGGET_ASSIGNMENTS, NUGGET_IMPORTANCES } from "@/lib/domain/nugget-scores/nugget-scores";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import { strandedItemSchema } from "./campaign-admin";
import { adjudicationProgressSchema } from "./adjudication-progress";
import { passageKindSchema } from "@/lib/domain/passages/passage-kind";

/** A campaign as its annotator sees it on their home page: no LLM labels, no other annotators. */
export const myCampaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  studyName: z.string(),
  taskType: taskTypeSchema,
  protocol: protocolSchema,
  status: z.string(),
  progress: z.object({ submitted: z.number(), target: z.number() }),
});
export type MyCampaign = z.infer<typeof myCampaignSchema>;

export const campaignIdParamsSchema = z.object({ campaignId: z.coerce.number().int().positive() });
export const campaignItemParamsSchema = campaignIdParamsSchema.extend({ itemId: z.coerce.number().int().positive() });

const builtinScaleIds = Object.keys(BUILTIN_SCALES) as [BuiltinScaleId, ...BuiltinScaleId[]];

/** A campaign's scale: a built-in one, or custom ordered levels (lowest first) with a threshold. */
export const scaleChoiceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("builtin"), id: z.enum(builtinScaleIds) }),
  z
    .object({
      kind: z.literal("custom"),
      levels: z.array(z.string().trim().min(1).max(60)).min(2).max(9),
      positiveFrom: z.string().trim().min(1),
    })
    .refine((s) => s.levels.includes(s.positiveFrom), {
      message: "the threshold must be one of the levels",
      path: ["positiveFrom"],
    })
    .refine((s) => new Set(s.levels).size === s.levels.length, {
      message: "levels must be distinct",
      path: ["levels"],
    }),
]);
export type ScaleChoice = z.infer<typeof scaleChoiceSchema>;

/**
 * What a researcher fills in to create a campaign. A preference campaign also names its systems
 * (two, or more for all pairs among them) and its criteria (FeB4RAG's four by default).
 */
export const campaignDraftSchema = z.object({
  name: z.string().trim().min(1).max(120),
  taskType: taskTypeSchema,
  systems: z.array(z.string().min(1)).max(10).optional(),
  criteria: criteriaSchema.optional(),
  scale: scaleChoiceSchema,
  guidelines: z.string().max(20_000).default(""),
  protocol: protocolSchema,
  llmJudge: z.string().min(1).nullable().default(null),
  /** Mark the question's terms in passages, as TREC assessors' tools do (off unless asked). */
  highlightTerms: z.boolean().optional(),
  overlap: z.number().int().min(1).max(10),
  annotatorIds: z.array(z.number().int().positive()).min(1).max(200),
  sample: sampleSpecSchema,
  /** Known-answer items mixed into the work (support and relevance campaigns). */
  gold: goldSpecSchema.optional(),
  /** The nugget set a nugget quality, nugget assignment or support campaign uses (absent: the study's first). */
  nuggetSet: nuggetSetNameSchema.optional(),
  seed: z.number().int().min(0).max(2_147_483_647),
});
export type CampaignDraft = z.infer<typeof campaignDraftSchema>;

/** The sample a draft would produce, shown before the campaign starts. */
export const samplePreviewSchema = z.object({
  items: z.number(),
  questions: z.number(),
  seats: z.number(),
  llmPositive: z.number().nullable(),
  /** Of the items, the gold ones mixed in. */
  gold: z.number(),
  first: z.array(z.object({ question: z.string(), nugget: z.string().nullable(), document: z.string().nullable() })),
});
export type SamplePreview = z.infer<typeof samplePreviewSchema>;

export const createdCampaignSchema = z.object({ id: z.number(), items: z.number() });

const statisticSchema = z.object({ value: z.number().nullable(), reason: z.string().optional() });
const revealEffectSchema = z.object({
  items: z.number(),
  changed: z.number(),
  towardLlm: z.number(),
  before: z.object({ agreement: statisticSchema, kappa: statisticSchema }),
  after: z.object({ agreement: statisticSchema, kappa: statisticSchema }),
});

/** Agreement with the LLM before and after the reveal (blind-then-reveal campaigns). */
export const revealSummarySchema = z.object({
  llmJudge: z.string(),
  overall: revealEffectSchema,
  annotators: z.array(revealEffectSchema.extend({ email: z.string() })),
});
export type RevealSummary = z.infer<typeof revealSummarySchema>;

/** A campaign's progress for its researchers. */
export const campaignProgressSchema = z.object({
  id: z.number(),
  studyId: z.number(),
  studyName: z.string(),
  name: z.string(),
  taskType: taskTypeSchema,
  protocol: protocolSchema,
  status: campaignStatusSchema,
  guidelines: z.string(),
  highlightTerms: z.boolean(),
  scaleName: z.string(),
  llmJudge: z.string().nullable(),
  overlap: z.number(),
  seed: z.number(),
  sample: sampleSpecSchema,
  /** Its gold items: the reference label set, what was asked and how many were mixed in (null: none). */
  gold: goldSettingsSchema.nullable(),
  /** Complete: no seat open or held. Stranded: open seats no annotator of the campaign can take (listed in `stranded`). */
  items: z.object({
    total: z.number(),
    complete: z.number(),
    inProgress: z.number(),
    untouched: z.number(),
    stranded: z.number(),
  }),
  /** Labels stored, of those the campaign still expects (closed seats are not expected). */
  labels: z.object({ submitted: z.number(), target: z.number() }),
  stranded: z.array(strandedItemSchema),
  reveal: revealSummarySchema.nullable(),
  /** A campaign whose disagreements are adjudicated: where that stands (null for the others). */
  adjudication: adjudicationProgressSchema.nullable(),
  annotators: z.array(
    z.object({
      userId: z.number(),
      email: z.string(),
      name: z.string(),
      submitted: z.number(),
      skipped: z.number(),
      leased: z.number(),
      /** After the reveal (blind then reveal): revisions that kept the blind label, and those that changed it. */
      confirmed: z.number(),
      changed: z.number(),
      medianSeconds: z.number().nullable(),
      totalSeconds: z.number(),
    }),
  ),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/** The campaign LLM's label on an item, as shown once the protocol allows it. */
export const llmLabelSchema = z.object({
  judge: z.string(),
  level: z.string().nullable(),
  text: z.string().nullable(),
});
export type LlmLabel = z.infer<typeof llmLabelSchema>;

/**
 * The annotator's view of one claimed item. Never holds another annotator's label; the LLM label
 * only when the protocol allows. A support or relevance item has a chunk (and a nugget for
 * support); a nugget-quality item has the question's gold answer and its nuggets in order.
 */
/** A RAG answer as an annotator reads it: its text and the passages its [n] markers cite. */
const renderedAnswerSchema = z.object({
  html: z.string(),
  citations: z.array(z.object({ marker: z.number(), title: z.string(), html: z.string() })),
});

export const workspaceItemSchema = z.object({
  itemId: z.number(),
  /** Proof that this annotator holds (or held) a seat of the item, which a save sends back. */
  claim: z.string(),
  status: z.enum(["leased", "submitted", "skipped"]),
  question: z.object({ id: z.string(), title: z.string(), bodyHtml: z.string(), answerHtml: z.string().nullable() }),
  nugget: z.object({ id: z.string(), position: z.number(), text: z.string() }).nullable(),
  /** The nuggets under review, each with its TREC RAG importance (null: not graded). */
  nuggets: z.array(
    z.object({
      id: z.string(),
      position: z.number(),
      text: z.string(),
      importance: z.enum(NUGGET_IMPORTANCES).nullable(),
    }),
  ),
  document: z
    .object({
      id: z.string(),
      title: z.string(),
      repo: z.string().nullable(),
      path: z.string().nullable(),
      language: z.string().nullable(),
      /** How it is drawn: code, prose or Markdown (passageKind). */
      kind: passageKindSchema,
      html: z.string(),
      lines: z.number(),
      /** False for a passage an import created without its text (a qrels-only or TREC RAG import). */
      hasText: z.boolean().optional(),
    })
    .nullable(),
  /**
   * A preference item: the two answers as Response 1 (left) and Response 2, with their cited
   * passages, and the opaque token of this seat's order, which the save sends back. Never a
   * system's name or id, nor anything that is the same for one system across items.
   */
  comparison: z.object({ sides: z.string(), responses: z.array(renderedAnswerSchema) }).nullable(),
  /** A nugget-assignment item: the answer under review, with its cited passages, never its system. */
  answer: renderedAnswerSchema.nullable(),
  /**
   * A citation-support item: the answer's sentences as plain text (never its system) and which one
   * is judged against the passage (`document`).
   */
  citedSentence: z
    .object({ index: z.number().int().min(0), sentences: z.array(z.string()) })
    .nullable()
    .optional(),
  mine: z.array(
    z.object({
      phase: annotationPhaseSchema,
      /** The level chosen (support, relevance), or the review (nugget quality). */
      level: z.string().nullable(),
      review: nuggetReviewSchema.nullable(),
      /** A preference as the annotator saw it: "1" (left), "2" (right) or "none" per criterion. */
      preference: z
        .object({
          choices: z.record(z.string(), z.enum(["1", "2", "none"])),
          justifications: z.record(z.string(), z.string()),
        })
        .nullable(),
      /** A nugget assignment: each nugget's level, by nugget id. */
      assignments: z.record(z.string(), z.enum(NUGGET_ASSIGNMENTS)).nullable().optional(),
      comment: z.string().nullable(),
      version: z.number(),
      clientId: z.string(),
      submittedAt: z.string(),
    }),
  ),
  llm: llmLabelSchema.nullable(),
  /** A nugget assignment, once the protocol shows it: the campaign LLM's assignment of each nugget, by nugget id. */
  llmAssignments: z.object({ judge: z.string(), levels: z.record(z.string(), z.enum(NUGGET_ASSIGNMENTS)) }).nullable(),
});
export type WorkspaceItem = z.infer<typeof workspaceItemSchema>;

/** The annotator's workspace frame: the campaign's instructions and their own progress. */
export const workspaceSchema = z.object({
  campaign: z.object({
    id: z.number(),
    name: z.string(),
    taskType: taskTypeSchema,
    protocol: protocolSchema,
    guidelinesHtml: z.string(),
    criteria: z.array(criterionSchema),
    scale: z.object({
      name: z.string(),
      levels: z.array(z.object({ value: z.string(), label: z.string(), key: z.string() })),
    }),
    /** paused: no new items (an item in hand can be saved); closed: nothing more. */
    status: campaignStatusSchema,
  }),
  progress: z.object({ mine: z.number(), campaignSubmitted: z.number(), campaignTarget: z.number() }),
  items: z.array(z.object({ itemId: z.number(), status: z.enum(["leased", "submitted", "skipped"]) })),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const claimResultSchema = z.object({ itemId: z.number().nullable() });

const legacyLevelSchema = z.object({ level: z.string().min(1) }).strict();

/** One save of a label: `clientId` names this save, `version` is the version it writes (1 for a new label). */
export const saveAnnotationSchema = z.object({
  clientId: z.string().uuid(),
  phase: annotationPhaseSchema,
  version: z.number().int().min(1),
  /**
   * A level (support, relevance), a nugget review (nugget quality) or a preference as seen on
   * screen, discriminated by its task type; the server checks it against the campaign. A save
   * queued by a browser before payloads carried their task type (an outbox entry) is taken as the
   * campaign's type, so no queued label is lost.
   */
  payload: annotationPayloadSchema.or(z.union([legacyLevelSchema, nuggetReviewSchema, screenPreferenceSchema])),
  comment: z.string().max(5000).nullable().default(null),
  startedAt: z.string().datetime(),
  durationMs: z.number().int().min(0).max(86_400_000),
  /** The item's claim token (WorkspaceItem.claim): proof that the annotator held a seat of it. */
  claim: z.string().max(100).optional(),
});
export type SaveAnnotation = z.infer<typeof saveAnnotationSchema>;

export const savedAnnotationSchema = z.object({
  clientId: z.string(),
  phase: annotationPhaseSchema,
  version: z.number(),
  llm: llmLabelSchema.nullable(),
});
export type SavedAnnotation = z.infer<typeof savedAnnotationSchema>;

/** What an item shows as its annotators saw it (a level task's: the question, nugget, passage, cited sentence). */
export const itemContentSchema = workspaceItemSchema.pick({
  itemId: true,
  question: true,
  nugget: true,
  document: true,
  citedSentence: true,
  answer: true,
});
export type ItemContent = z.infer<typeof itemContentSchema>;
