import { z } from "zod";

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
