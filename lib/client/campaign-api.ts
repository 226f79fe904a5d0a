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
import { fetchJson } from "./fetch-json";
import type { PendingSave } from "./save-queue";

/** The campaign and workspace endpoints, each response checked against its schema. */
export const campaignApi = {
  preview: (studyId: number, draft: CampaignDraft) =>
    fetchJson(`/api/studies/${studyId}/campaigns/preview`, samplePreviewSchema, {
      method: "POST",
      body: JSON.stringify(draft),
    }),
  create: (studyId: number, draft: CampaignDraft) =>
    fetchJson(`/api/studies/${studyId}/campaigns`, createdCampaignSchema, {
      method: "POST",
      body: JSON.stringify(draft),
    }),
  progress: (campaignId: number) => fetchJson(`/api/campaigns/${campaignId}/progress`, campaignProgressSchema),
  workspace: (campaignId: number) => fetchJson(`/api/campaigns/${campaignId}/workspace`, workspaceSchema),
  item: (campaignId: number, itemId: number) =>
    fetchJson(`/api/campaigns/${campaignId}/items/${itemId}`, workspaceItemSchema),
  claim: (campaignId: number) => fetchJson(`/api/campaigns/${campaignId}/claim`, claimResultSchema, { method: "POST" }),
  skip: (campaignId: number, itemId: number) =>
    fetchJson(`/api/campaigns/${campaignId}/items/${itemId}/skip`, z.object({ skipped: z.literal(true) }), {
      method: "POST",
    }),
  update: (campaignId: number, change: CampaignChange) =>
    fetchJson(`/api/campaigns/${campaignId}`, z.object({ status: z.string() }), {
      method: "PATCH",
      body: JSON.stringify(change),
    }),
  resolveStranded: (campaignId: number, itemId: number, action: StrandedAction) =>
    fetchJson(`/api/campaigns/${campaignId}/items/${itemId}/seats`, z.object({ changed: z.number() }), {
      method: "POST",
      body: JSON.stringify(action),
    }),
  save: (p: PendingSave) =>
    fetchJson(`/api/campaigns/${p.campaignId}/items/${p.itemId}/annotation`, savedAnnotationSchema, {
      method: "PUT",
      body: JSON.stringify(p.save),
    }),
};
