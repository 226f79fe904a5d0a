import type { Metadata } from "next";
import { DisagreementQueueView } from "@/components/explorer/disagreement-queue-view";
import { disagreementQuerySchema } from "@/lib/schemas/explorer";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { listDisagreements } from "@/lib/server/explorer/list-disagreements";

export const metadata: Metadata = { title: "Disagreements" };

export default async function DisagreementsPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const { page } = disagreementQuerySchema.catch({ page: 1 }).parse(await searchParams);
  return <DisagreementQueueView list={await orNotFound(listDisagreements(user, studyId, page))} />;
}
