import type { Metadata } from "next";
import { PreferencesView } from "@/components/preferences/preferences-view";
import { preferenceQuerySchema } from "@/lib/schemas/preferences";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { AppError } from "@/lib/server/errors";
import { getPreferencesReport } from "@/lib/server/preferences/get-preferences-report";
import { listPreferenceSources } from "@/lib/server/preferences/list-preference-sources";
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
      report = await orNotFound(getPreferencesReport(user, study.id, query.data));
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "invalid") throw e;
      error = e.message;
    }
  }
  return (
    <PreferencesView
      study={study}
      sources={await listPreferenceSources(user, study.id)}
      source={query.success ? query.data.source : ""}
      report={report}
      error={error}
    />
  );
}
