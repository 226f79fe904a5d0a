import "server-only";
import type { Db } from "./client";

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
