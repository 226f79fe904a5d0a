import {
  campaignProgressSchema,
  claimResultSchema,
  createdCampaignSchema,
  samplePreviewSchema,
  savedAnnotationSchema,
  workspaceItemSchema,
  workspaceSchema,
  type CampaignDraft,
} from "@/lib/schemas/campaigns";
import { z } from "zod";
import type { CampaignChange, StrandedAction } from "@/lib/schemas/campaign-admin";
import { fetchJson, jsonRequest as json } from "./fetch-json";
import type { PendingSave } from "./save-queue";

/** The campaign and workspace endpoints, each response checked against its schema. */
export const campaignApi = {
  preview: (studyId: number, draft: CampaignDraft) =>
    fetchJson(`/api/studies/${studyId}/campaigns/preview`, samplePreviewSchema, json("POST", draft)),
  create: (studyId: number, draft: CampaignDraft) =>
    fetchJson(`/api/studies/${studyId}/campaigns`, createdCampaignSchema, json("POST", draft)),
  progress: (campaignId: number) => fetchJson(`/api/campaigns/${campaignId}/progress`, campaignProgressSchema),
  workspace: (campaignId: number) => fetchJson(`/api/campaigns/${campaignId}/workspace`, workspaceSchema),
  item: (campaignId: number, itemId: number) =>
    fetchJson(`/api/campaigns/${campaignId}/items/${itemId}`, workspaceItemSchema),
  claim: (campaignId: number) => fetchJson(`/api/campaigns/${campaignId}/claim`, claimResultSchema, json("POST")),
  skip: (campaignId: number, itemId: number) =>
    fetchJson(
      `/api/campaigns/${campaignId}/items/${itemId}/skip`,
      z.object({ skipped: z.literal(true) }),
      json("POST"),
    ),
  update: (campaignId: number, change: CampaignChange) =>
    fetchJson(`/api/campaigns/${campaignId}`, z.object({ status: z.string() }), json("PATCH", change)),
  resolveStranded: (campaignId: number, itemId: number, action: StrandedAction) =>
    fetchJson(
      `/api/campaigns/${campaignId}/items/${itemId}/seats`,
      z.object({ changed: z.number() }),
      json("POST", action),
    ),
  save: (p: PendingSave) =>
    fetchJson(
      `/api/campaigns/${p.campaignId}/items/${p.itemId}/annotation`,
      savedAnnotationSchema,
      json("PUT", p.save),
    ),
};
