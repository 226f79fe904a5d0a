import type { Metadata } from "next";
import { AnnotationWorkspace } from "@/components/annotate/workspace";
import { campaignIdParamsSchema } from "@/lib/schemas/campaigns";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { getWorkspace } from "@/lib/server/campaigns/get-workspace";

export const metadata: Metadata = { title: "Annotate" };

export default async function AnnotatePage({
  params,
  searchParams,
}: {
  params: Promise<{ campaignId: string }>;
  searchParams: Promise<{ item?: string }>;
}) {
  const user = await requirePageUser();
  const { campaignId } = await pageParams(campaignIdParamsSchema, params);
  const workspace = await orNotFound(getWorkspace(user, campaignId));
  const item = Number((await searchParams).item);
  const startItem = Number.isInteger(item) && workspace.items.some((i) => i.itemId === item) ? item : null;
  return <AnnotationWorkspace initial={workspace} userId={user.id} startItem={startItem} />;
}
