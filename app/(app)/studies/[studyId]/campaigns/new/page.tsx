import type { Metadata } from "next";
import { CampaignForm, type FollowUp, type RandomPairsStart } from "@/components/campaigns/form/campaign-form";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { getCampaignFormOptions } from "@/lib/server/campaigns/get-campaign-form-options";
import { PageHeader } from "@/components/ui/page-header";
import { isQueryDocumentKey } from "@/lib/domain/targets";
import { labelsPairs, pairTaskOf } from "@/lib/domain/task-types/registry";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";

export const metadata: Metadata = { title: "New campaign" };

/**
 * ?targets=nd:1:2&targets=nd:3:4 (or comma-separated) starts the form as a follow-up campaign on
 * those pairs; ?pairs=N&task=support|relevance as a campaign of N pairs drawn uniformly at random
 * (the Corrected estimates page's planner asks for it).
 */
export default async function NewCampaignPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<{ targets?: string | string[]; pairs?: string; task?: string }>;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const options = await orNotFound(getCampaignFormOptions(user, studyId));
  const search = await searchParams;
  const targetKeys = [search.targets ?? []]
    .flat()
    .flatMap((t) => t.split(","))
    .filter(Boolean);
  const followUp: FollowUp | undefined = targetKeys.length
    ? { targetKeys, taskType: pairTaskOf(targetKeys.every(isQueryDocumentKey) ? "query_document" : "nugget_document") }
    : undefined;
  const pairs = Number(search.pairs);
  const asked = taskTypeSchema.safeParse(search.task);
  const randomPairs: RandomPairsStart | undefined =
    Number.isInteger(pairs) && pairs > 0
      ? { pairs, taskType: asked.success && labelsPairs(asked.data) ? asked.data : pairTaskOf("nugget_document") }
      : undefined;
  return (
    <>
      <PageHeader title="New campaign" />
      <div className="mt-6">
        <CampaignForm options={options} followUp={followUp} randomPairs={randomPairs} />
      </div>
    </>
  );
}
