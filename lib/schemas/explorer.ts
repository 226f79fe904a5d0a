import { z } from "zod";
import { NUGGET_ASSIGNMENTS, NUGGET_IMPORTANCES } from "@/lib/domain/nugget-scores/nugget-scores";
import { QUESTION_SORTS } from "@/lib/domain/explorer/build-question-list";
import { passageKindSchema } from "@/lib/domain/passages/passage-kind";

/** The question list's search, filter, sort and page (all from the URL). */
export const questionListQuerySchema = z.object({
  q: z.string().trim().max(200).default(""),
  tag: z.string().trim().max(200).default(""),
  sort: z.enum(QUESTION_SORTS).default("id"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().positive().default(1),
  /** csv: every question the search and tag list, one row each (no pages). */
  format: z.enum(["json", "csv"]).optional(),
});
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

export const questionRowSchema = z.object({
  id: z.number(),
  externalId: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  nuggets: z.number(),
  pooled: z.number(),
  llmPositive: z.number(),
  humanJudged: z.number(),
  disagreements: z.number(),
});
export type QuestionRow = z.infer<typeof questionRowSchema>;

export const questionListSchema = z.object({
  study: z.object({ id: z.number(), name: z.string() }),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  tags: z.array(z.string()),
  rows: z.array(questionRowSchema),
});
export type QuestionList = z.infer<typeof questionListSchema>;

/** A question's page: the study, and the question by its own id (as the imported files name it). */
export const questionPageParamsSchema = z.object({
  studyId: z.coerce.number().int().positive(),
  questionId: z
    .string()
    .min(1)
    .max(1000)
    .transform((id) => {
      try {
        return decodeURIComponent(id);
      } catch {
        return id;
      }
    }),
});
export const questionPageQuerySchema = z.object({
  chunk: z.coerce.number().int().positive().optional(),
  only: z.enum(["all", "disagreements"]).default("all"),
});

const shownLabel = z.object({
  scale: z.string(),
  value: z.string(),
  text: z.string(),
  positive: z.boolean().nullable(),
});
const cellSchema = z.object({
  targetKey: z.string(),
  labels: z.array(shownLabel.extend({ judge: z.string(), kind: z.enum(["human", "model"]) })),
  fused: shownLabel.nullable(),
  majority: shownLabel.nullable(),
  disagreement: z.number(),
});
export type PoolCell = z.infer<typeof cellSchema>;

export const questionPoolSchema = z.object({
  study: z.object({ id: z.number(), name: z.string() }),
  question: z.object({
    id: z.number(),
    externalId: z.string(),
    title: z.string(),
    /** False for a question a qrels-only import created: it has an id and no text yet. */
    hasText: z.boolean(),
    bodyHtml: z.string(),
    answerHtml: z.string().nullable(),
    tags: z.array(z.string()),
  }),
  /** The name of the nugget set its nuggets are shown from (the study's first; null: it has none). */
  nuggetSet: z.string().nullable(),
  /** The question's list in each of the study's nugget sets, side by side: how many nuggets, vital and okay (not graded: okay). */
  nuggetSets: z.array(z.object({ name: z.string(), nuggets: z.number(), vital: z.number(), okay: z.number() })),
  /** The question's nuggets in order (of the first set), with their TREC RAG importance (null: not graded). */
  nuggets: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      text: z.string(),
      importance: z.enum(NUGGET_IMPORTANCES).nullable(),
    }),
  ),
  /**
   * The RAG systems' answers to the question, by system: the text, its citations (marker, chunk),
   * and every judge's assignment of each nugget (rows: the nuggets in order; columns: answerJudges).
   */
  answers: z.array(
    z.object({
      system: z.string(),
      html: z.string(),
      citations: z.array(z.object({ marker: z.number(), documentId: z.number(), externalId: z.string() })),
      assignments: z.array(z.array(z.enum(NUGGET_ASSIGNMENTS).nullable())),
      disagreements: z.number(),
    }),
  ),
  answerJudges: z.array(z.object({ name: z.string(), kind: z.enum(["human", "model"]) })),
  /** The columns: the nuggets in order, then the question itself when chunks were judged for relevance to it. */
  columns: z.array(z.object({ key: z.string(), title: z.string(), text: z.string() })),
  judges: z.array(z.object({ name: z.string(), kind: z.enum(["human", "model"]) })),
  chunks: z.array(
    z.object({
      documentId: z.number(),
      externalId: z.string(),
      title: z.string(),
      repo: z.string().nullable(),
      path: z.string().nullable(),
      sources: z.array(z.object({ system: z.string(), rank: z.number() })),
      cells: z.array(cellSchema.nullable()),
      disagreements: z.number(),
    }),
  ),
  chunk: z
    .object({
      documentId: z.number(),
      externalId: z.string(),
      title: z.string(),
      repo: z.string().nullable(),
      path: z.string().nullable(),
      language: z.string().nullable(),
      /** False for a chunk a qrels-only import created: it has an id and no text yet. */
      hasText: z.boolean(),
      /** How it is drawn: code, prose or Markdown (passageKind). */
      kind: passageKindSchema,
      html: z.string(),
      lines: z.number(),
    })
    .nullable(),
});
export type QuestionPool = z.infer<typeof questionPoolSchema>;

export const disagreementQuerySchema = z.object({
  page: z.coerce.number().int().positive().default(1),
  /** csv: every disagreement, the strongest first, one row per judge's label (no pages). */
  format: z.enum(["json", "csv"]).optional(),
});

export const disagreementListSchema = z.object({
  study: z.object({ id: z.number(), name: z.string() }),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(
    z.object({
      targetKey: z.string(),
      strength: z.number(),
      question: z.object({ id: z.number(), externalId: z.string(), title: z.string() }),
      nugget: z.object({ position: z.number(), text: z.string() }).nullable(),
      chunk: z.object({ id: z.number(), externalId: z.string(), title: z.string(), path: z.string().nullable() }),
      labels: z.array(
        z.object({
          judge: z.string(),
          kind: z.enum(["human", "model"]),
          text: z.string(),
          positive: z.boolean().nullable(),
        }),
      ),
    }),
  ),
});
export type DisagreementList = z.infer<typeof disagreementListSchema>;
