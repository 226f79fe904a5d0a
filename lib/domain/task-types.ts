import { z } from "zod";

/**
 * The item kinds Assay annotates (DOMAIN.md section 3). Handlers switch exhaustively on this union,
 * so adding a type is a compile error until every handler exists.
 */
export const taskTypeSchema = z.enum(["nugget_quality", "support", "relevance", "preference"]);
export type TaskType = z.infer<typeof taskTypeSchema>;

export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  nugget_quality: "Nugget quality",
  support: "Support of a nugget by a chunk",
  relevance: "Relevance of a chunk to a question",
  preference: "Side-by-side preference",
};

/**
 * Whether a campaign of this type labels pairs on a scale (support, relevance): its annotators'
 * labels form a label set and have agreement reports. A nugget review or a preference does not.
 */
export function labelsPairs(taskType: TaskType): boolean {
  switch (taskType) {
    case "support":
    case "relevance":
      return true;
    case "nugget_quality":
    case "preference":
      return false;
  }
}

/**
 * The scale a new campaign of this type starts with: support is a yes / no question (FreshStack's
 * binary support), relevance has three grades. Nugget quality and preference have no scale of levels.
 */
export function defaultScaleId(taskType: TaskType): "binary" | "relevance-3" {
  switch (taskType) {
    case "support":
    case "nugget_quality":
    case "preference":
      return "binary";
    case "relevance":
      return "relevance-3";
  }
}

/** Annotation protocols (DOMAIN.md section 4). */
export const protocolSchema = z.enum(["blind", "blind_then_reveal", "assisted"]);
export type Protocol = z.infer<typeof protocolSchema>;

export const PROTOCOL_LABELS: Record<Protocol, string> = {
  blind: "Blind",
  blind_then_reveal: "Blind, then reveal",
  assisted: "Assisted",
};

/** Whether an annotator may see the LLM's label before committing their own. */
export function showsLlmLabelUpFront(protocol: Protocol): boolean {
  switch (protocol) {
    case "blind":
    case "blind_then_reveal":
      return false;
    case "assisted":
      return true;
  }
}

/**
 * A campaign's life: active (annotators claim and label), paused (no new items are handed out; an
 * item in hand can still be saved), closed (nothing more is handed out or saved). Draft is unused
 * by the app (every campaign starts when created) and kept for campaigns made elsewhere.
 */
export const campaignStatusSchema = z.enum(["draft", "active", "paused", "closed"]);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** Which status changes a researcher may make: pause and resume a running campaign, close it for good. */
export function statusChangeAllowed(from: CampaignStatus, to: CampaignStatus): boolean {
  switch (to) {
    case "paused":
      return from === "active";
    case "active":
      return from === "paused";
    case "closed":
      return from === "active" || from === "paused";
    case "draft":
      return false;
  }
}
