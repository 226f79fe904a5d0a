import "server-only";
import type { Db } from "../db/client";

/**
 * The running campaigns of a study (of every study, when `studyId` is null) in which the user
 * annotates blind to the LLM (blind, or blind then reveal before their reveal): a researcher sees
 * every LLM label, so such an annotator must not become one of the study's researchers, nor a
 * researcher or admin account, while these run.
 */
export async function runningBlindCampaigns(db: Db, studyId: number | null, userId: number): Promise<string[]> {
  const campaigns = await db.campaign.findMany({
    where: {
      ...(studyId === null ? {} : { studyId }),
      status: { in: ["active", "paused"] },
      protocol: { in: ["blind", "blind_then_reveal"] },
      annotators: { some: { userId } },
    },
    orderBy: { name: "asc" },
    select: { name: true },
  });
  return campaigns.map((c) => c.name);
}

/** The refusal when `email` would become a researcher while annotating blind. */
export function blindRefusal(email: string, campaigns: string[]): string {
  const list = campaigns.map((c) => `"${c}"`).join(", ");
  return `role: ${email} annotates the running blind ${campaigns.length === 1 ? "campaign" : "campaigns"} ${list} of this study, and a researcher sees the LLM's labels; close ${campaigns.length === 1 ? "that campaign" : "those campaigns"} or take ${email} off ${campaigns.length === 1 ? "it" : "them"} first`;
}

/** The refusal when an annotator account would become a study's researcher. */
export function annotatorAccountRefusal(email: string): string {
  return `role: ${email} has an annotator account, which cannot open a study's reports; an admin can change the account's role on the Users page`;
}

/** The refusal when an admin account would annotate: an admin sees every study's LLM labels. */
export function adminAnnotatorRefusal(email: string): string {
  return `${email} has an admin account, which sees every study's LLM labels, so it cannot annotate; annotators have annotator or researcher accounts`;
}
