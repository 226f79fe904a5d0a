import "server-only";
import { z } from "zod";
import { campaignChangeSchema, strandedActionSchema } from "@/lib/schemas/campaign-admin";
import {
  campaignDraftSchema,
  campaignIdParamsSchema,
  campaignItemParamsSchema,
  campaignProgressSchema,
  createdCampaignSchema,
  samplePreviewSchema,
} from "@/lib/schemas/campaigns";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { STAFF, type Endpoint } from "./endpoint";

/** The API's routes of the "campaigns" part (lib/server/http/api-catalog.ts collects every part). */
export const CAMPAIGNS_API = {
  "POST /api/studies/{studyId}/campaigns": {
    summary: "Create and start a campaign",
    tag: "campaigns",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: campaignDraftSchema,
    response: createdCampaignSchema,
  },
  "POST /api/studies/{studyId}/campaigns/preview": {
    summary: "What a campaign draft would sample, without creating it",
    tag: "campaigns",
    roles: STAFF,
    params: studyIdParamsSchema,
    body: campaignDraftSchema,
    response: samplePreviewSchema,
  },
  "GET /api/campaigns/{campaignId}/progress": {
    summary: "A campaign's progress, per annotator, with the reveal effect",
    tag: "campaigns",
    roles: STAFF,
    params: campaignIdParamsSchema,
    response: campaignProgressSchema,
  },
  "PATCH /api/campaigns/{campaignId}": {
    summary: "Pause, resume or close a campaign; edit its guidelines or annotators",
    tag: "campaigns",
    roles: STAFF,
    params: campaignIdParamsSchema,
    body: campaignChangeSchema,
    response: z.object({ status: z.string() }),
  },
  "POST /api/campaigns/{campaignId}/items/{itemId}/seats": {
    summary: "Reopen, reassign or close an item whose open seats nobody can take",
    tag: "campaigns",
    roles: STAFF,
    params: campaignItemParamsSchema,
    body: strandedActionSchema,
    response: z.object({ changed: z.number() }),
  },
} as const satisfies Record<string, Endpoint>;
