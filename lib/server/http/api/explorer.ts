import "server-only";
import { z } from "zod";
import {
  disagreementListSchema,
  disagreementQuerySchema,
  questionListQuerySchema,
  questionListSchema,
  questionPageParamsSchema,
  questionPoolSchema,
} from "@/lib/schemas/explorer";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { STAFF, type Endpoint } from "./endpoint";

/** The API's routes of the "explorer" part: the data of the Questions, question and Disagreements pages. */
export const EXPLORER_API = {
  "GET /api/studies/{studyId}/questions": {
    summary:
      "A study's questions, a page at a time, searched, filtered by tag and sorted as on the Questions page; ?format=csv: all of them",
    tag: "explorer",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: questionListQuerySchema,
    response: questionListSchema,
    csvReport: true,
  },
  "GET /api/studies/{studyId}/questions/{questionId}": {
    summary:
      "A question by its own id (as the imported files name it), with its pool: each chunk's labels from every judge; ?chunk=<id> renders that chunk",
    tag: "explorer",
    roles: STAFF,
    params: questionPageParamsSchema,
    query: z.object({ chunk: z.coerce.number().int().positive().optional() }),
    response: questionPoolSchema,
  },
  "GET /api/studies/{studyId}/disagreements": {
    summary:
      "The pooled pairs whose judges disagree most, a page of 50 at a time, as on the Disagreements page; ?format=csv: all of them, a row per label",
    tag: "explorer",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: disagreementQuerySchema,
    response: disagreementListSchema,
    csvReport: true,
  },
} as const satisfies Record<string, Endpoint>;
