import type { Metadata } from "next";
import { PreferenceView } from "@/components/reports/preference-view";
import { preferenceQuerySchema } from "@/lib/schemas/preference";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { AppError } from "@/lib/server/errors";
import { getPreferenceReport } from "@/lib/server/reports/get-preference-report";
import { listPreferenceSources } from "@/lib/server/reports/list-preference-sources";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const metadata: Metadata = { title: "Preferences" };

/** ?source=<judge>|campaign:<id> reports side-by-side preferences. */
export default async function PreferencesPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyOverview(user, studyId));
  const query = preferenceQuerySchema.safeParse(await searchParams);
  let report = null;
  let error: string | null = null;
  if (query.success) {
    try {
      report = await orNotFound(getPreferenceReport(user, study.id, query.data));
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "invalid") throw e;
      error = e.message;
    }
  }
  return (
    <PreferenceView
      study={study}
      sources={await listPreferenceSources(user, study.id)}
      source={query.success ? query.data.source : ""}
      report={report}
      error={error}
    />
  );
}
