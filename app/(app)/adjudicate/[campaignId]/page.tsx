import type { Metadata } from "next";
import { AdjudicationScreen } from "@/components/adjudication/adjudication-screen";
import { Alert } from "@/components/ui/alert";
import { campaignIdParamsSchema } from "@/lib/schemas/campaigns";
import { getAdjudicationQueue } from "@/lib/server/adjudication/get-adjudication-queue";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { AppError } from "@/lib/server/errors";

export const metadata: Metadata = { title: "Adjudicate" };

/** A campaign's adjudication queue, for its researchers and the member they named (never its annotators). */
export default async function AdjudicatePage({ params }: { params: Promise<{ campaignId: string }> }) {
  const user = await requirePageUser();
  const { campaignId } = await pageParams(campaignIdParamsSchema, params);
  const queue = await orNotFound(getAdjudicationQueue(user, campaignId)).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "invalid") return error.message;
    throw error;
  });
  return typeof queue === "string" ? <Alert>{queue}</Alert> : <AdjudicationScreen initial={queue} />;
}
