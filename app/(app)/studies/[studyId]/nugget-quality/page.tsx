import type { Metadata } from "next";
import { NuggetQualityView } from "@/components/nugget-quality/nugget-quality-view";
import { labelsPairs } from "@/lib/domain/task-types/registry";
import { nuggetQualityQuerySchema } from "@/lib/schemas/nugget-quality";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { AppError } from "@/lib/server/errors";
import { getNuggetQualityReport } from "@/lib/server/nugget-quality/get-nugget-quality-report";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";

export const metadata: Metadata = { title: "Nugget quality" };

/** ?campaign=N[&support=M] reports a nugget-quality campaign (with a support campaign for FreshStack's Table 5). */
export default async function NuggetQualityPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyOverview(user, studyId));
  const query = nuggetQualityQuerySchema.safeParse(await searchParams);
  let report = null;
  let error: string | null = null;
  if (query.success) {
    try {
      report = await orNotFound(getNuggetQualityReport(user, study.id, query.data));
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "invalid") throw e;
      error = e.message;
    }
  }
  return (
    <NuggetQualityView
      study={study}
      campaigns={study.campaigns.filter((c) => TASK_TYPES[c.taskType].report === "nugget-quality")}
      supportCampaigns={study.campaigns.filter((c) => labelsPairs(c.taskType))}
      chosen={{
        campaign: query.success ? query.data.campaign : null,
        support: query.success ? (query.data.support ?? null) : null,
      }}
      report={report}
      error={error}
    />
  );
}
