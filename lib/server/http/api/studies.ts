import "server-only";
import { z } from "zod";
import {
  createdStudySchema,
  newStudySchema,
  studyIdParamsSchema,
  studyJudgesSchema,
  studyOverviewSchema,
  studyRunsSchema,
  studySettingsSchema,
  studySummarySchema,
} from "@/lib/schemas/studies";
import { STAFF, type Endpoint } from "./endpoint";

/** The API's routes of the "studies" part (lib/server/http/api-catalog.ts collects every part). */
export const STUDIES_API = {
  "GET /api/studies": {
    summary: "The studies the caller may open as a researcher (with a token: of the token's studies)",
    tag: "studies",
    roles: STAFF,
    response: z.object({ studies: z.array(studySummarySchema) }),
  },
  "POST /api/studies": {
    summary: "Create a study (in the browser only)",
    tag: "studies",
    roles: STAFF,
    tokens: false,
    body: newStudySchema,
    response: createdStudySchema,
  },
  "GET /api/studies/{studyId}": {
    summary: "A study's counts, judges and campaigns",
    tag: "studies",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: studyOverviewSchema,
  },
  "PATCH /api/studies/{studyId}": {
    summary: "Change a study's settings: how its passages are shown (auto, code, prose or markdown)",
    tag: "studies",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: studySettingsSchema,
    response: studySettingsSchema,
  },
  "GET /api/studies/{studyId}/judges": {
    summary: "A study's judges with their labels by target type and scale",
    tag: "studies",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: studyJudgesSchema,
  },
  "GET /api/studies/{studyId}/runs": {
    summary: "A study's systems: their ranked runs and RAG answers",
    tag: "studies",
    roles: STAFF,
    params: studyIdParamsSchema,
    response: studyRunsSchema,
  },
} as const satisfies Record<string, Endpoint>;
