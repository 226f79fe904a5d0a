import "server-only";
import { z } from "zod";
import {
  campaignIdParamsSchema,
  campaignItemParamsSchema,
  claimResultSchema,
  myCampaignSchema,
  saveAnnotationSchema,
  savedAnnotationSchema,
  workspaceItemSchema,
  workspaceSchema,
} from "@/lib/schemas/campaigns";
import { type Endpoint } from "./endpoint";

/** The API's routes of the "annotation" part (lib/server/http/api-catalog.ts collects every part). */
export const ANNOTATION_API = {
  "GET /api/me/campaigns": {
    summary: "The campaigns the caller annotates",
    tag: "annotation",
    response: z.object({ campaigns: z.array(myCampaignSchema) }),
  },
  "GET /api/campaigns/{campaignId}/workspace": {
    summary: "An annotator's workspace of a campaign",
    tag: "annotation",
    params: campaignIdParamsSchema,
    response: workspaceSchema,
  },
  "POST /api/campaigns/{campaignId}/claim": {
    summary: "Claim the annotator's next item",
    tag: "annotation",
    params: campaignIdParamsSchema,
    response: claimResultSchema,
  },
  "GET /api/campaigns/{campaignId}/items/{itemId}": {
    summary: "One item as its annotator sees it",
    tag: "annotation",
    params: campaignItemParamsSchema,
    response: workspaceItemSchema,
  },
  "PUT /api/campaigns/{campaignId}/items/{itemId}/annotation": {
    summary: "Save a label (idempotent by its client id)",
    tag: "annotation",
    params: campaignItemParamsSchema,
    body: saveAnnotationSchema,
    response: savedAnnotationSchema,
  },
  "POST /api/campaigns/{campaignId}/items/{itemId}/skip": {
    summary: "Skip an item",
    tag: "annotation",
    params: campaignItemParamsSchema,
    response: z.object({ skipped: z.literal(true) }),
  },
} as const satisfies Record<string, Endpoint>;
