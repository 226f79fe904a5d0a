import type { Metadata } from "next";
import { reportOrRefusal, reportPageContext } from "@/lib/server/http/report-page";
import { PreferencesView } from "@/components/preferences/preferences-view";
import { preferenceQuerySchema } from "@/lib/schemas/preferences";
import { getPreferencesReport } from "@/lib/server/preferences/get-preferences-report";
import { listPreferenceSources } from "@/lib/server/preferences/list-preference-sources";

export const metadata: Metadata = { title: "Preferences" };

/** ?source=<judge>|campaign:<id> reports side-by-side preferences. */
export default async function PreferencesPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const { user, study, search } = await reportPageContext(params, searchParams);
  const query = preferenceQuerySchema.safeParse(search);
  const { report, error } = await reportOrRefusal(
    query.success ? () => getPreferencesReport(user, study.id, query.data) : null,
  );
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
