import "server-only";
import { z } from "zod";
import {
  adjudicationItemSchema,
  adjudicationQueueSchema,
  myAdjudicationSchema,
  saveDecisionSchema,
  savedDecisionSchema,
} from "@/lib/schemas/adjudication";
import { campaignIdParamsSchema, campaignItemParamsSchema } from "@/lib/schemas/campaigns";
import { type Endpoint } from "./endpoint";

/**
 * The API's routes of the "adjudication" part (lib/server/http/api-catalog.ts collects every part).
 * Any signed-in user may call them; each operation lets through a researcher of the campaign's
 * study or its named adjudicator, never one of its annotators (adjudication-access.ts).
 */
export const ADJUDICATION_API = {
  "GET /api/me/adjudications": {
    summary: "The campaigns the caller was named to adjudicate",
    tag: "adjudication",
    response: z.object({ campaigns: z.array(myAdjudicationSchema) }),
  },
  "GET /api/campaigns/{campaignId}/adjudication": {
    summary: "A campaign's adjudication queue, the strongest disagreement first",
    tag: "adjudication",
    params: campaignIdParamsSchema,
    response: adjudicationQueueSchema,
  },
  "GET /api/campaigns/{campaignId}/adjudication/items/{itemId}": {
    summary: "One item as its adjudicator sees it: the annotators' labels, and the LLM's once allowed",
    tag: "adjudication",
    params: campaignItemParamsSchema,
    response: adjudicationItemSchema,
  },
  "PUT /api/campaigns/{campaignId}/adjudication/items/{itemId}": {
    summary: "Decide an item's final level (a later decision replaces it)",
    tag: "adjudication",
    params: campaignItemParamsSchema,
    body: saveDecisionSchema,
    response: savedDecisionSchema,
  },
} as const satisfies Record<string, Endpoint>;
