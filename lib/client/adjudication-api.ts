import {
  adjudicationItemSchema,
  adjudicationQueueSchema,
  savedDecisionSchema,
  type SaveDecision,
} from "@/lib/schemas/adjudication";
import { fetchJson, jsonRequest as json } from "./fetch-json";

/** The adjudication endpoints, each response checked against its schema. */
export const adjudicationApi = {
  queue: (campaignId: number) => fetchJson(`/api/campaigns/${campaignId}/adjudication`, adjudicationQueueSchema),
  item: (campaignId: number, itemId: number) =>
    fetchJson(`/api/campaigns/${campaignId}/adjudication/items/${itemId}`, adjudicationItemSchema),
  decide: (campaignId: number, itemId: number, decision: SaveDecision) =>
    fetchJson(`/api/campaigns/${campaignId}/adjudication/items/${itemId}`, savedDecisionSchema, json("PUT", decision)),
};
