import "server-only";
import { exportQuerySchema, importSummarySchema, importUploadQuerySchema } from "@/lib/schemas/imports";
import {
  addedNuggetSchema,
  changedNuggetSchema,
  newNuggetSchema,
  newReviewedSetSchema,
  nuggetImportanceSchema,
  reviewedSetSchema,
} from "@/lib/schemas/nuggets";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { STAFF, type Endpoint } from "./endpoint";

/** The API's routes of the "data" part (lib/server/http/api-catalog.ts collects every part). */
export const DATA_API = {
  "POST /api/studies/{studyId}/imports": {
    summary: "Import one file (any import format) into a study: all or nothing, with a summary",
    tag: "data",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: importUploadQuerySchema,
    upload: true,
    response: importSummarySchema,
  },
  "GET /api/studies/{studyId}/exports": {
    summary:
      "Download labels, annotations, nuggets or the whole study (streamed); with check=1, only whether it can be made",
    tag: "data",
    roles: STAFF,
    params: studyIdParamsSchema,
    query: exportQuerySchema,
    response: "download",
  },
  "POST /api/studies/{studyId}/nuggets": {
    summary: "Add a nugget to a question (a missing nugget from a review)",
    tag: "data",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: newNuggetSchema,
    response: addedNuggetSchema,
  },
  "POST /api/studies/{studyId}/nugget-sets": {
    summary:
      "Save a nugget quality campaign's reviewed lists as a new nugget set (the nuggets most reviews mark A or B left out, the missing ones written out added)",
    tag: "data",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: newReviewedSetSchema,
    response: reviewedSetSchema,
  },
  "PUT /api/studies/{studyId}/nuggets/importance": {
    summary:
      "Grade a nugget vital or okay (TREC RAG), or take the grade away; a change raises its question's nugget list version",
    tag: "data",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: nuggetImportanceSchema,
    response: changedNuggetSchema,
  },
} as const satisfies Record<string, Endpoint>;
