import type { Metadata } from "next";
import { queryRefusal, reportOrRefusal, reportPageContext } from "@/lib/server/http/report-page";
import { PreferencesView } from "@/components/preferences/preferences-view";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";
import { choseNothing, defaultPreferenceSource } from "@/lib/domain/report-defaults";
import { preferenceQuerySchema } from "@/lib/schemas/preferences";
import { getPreferencesReport } from "@/lib/server/preferences/get-preferences-report";
import { listPreferenceSources } from "@/lib/server/preferences/list-preference-sources";

export const metadata: Metadata = { title: "Preferences" };

/**
 * ?source=<judge>|campaign:<id> reports side-by-side preferences. Without a choice, the preference
 * campaign with the most labelled items, else the first judge with preference labels.
 */
export default async function PreferencesPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const { user, study, search: given } = await reportPageContext(params, searchParams);
  const sources = await listPreferenceSources(user, study.id);
  const chosen = choseNothing(given, ["source"]) ? defaultPreferenceSource(study, sources) : null;
  const search = chosen ? { ...given, source: chosen.choice } : given;
  const query = preferenceQuerySchema.safeParse(search);
  const { report, error } = await reportOrRefusal(
    query.success ? () => getPreferencesReport(user, study.id, query.data) : null,
  );
  return (
    <PreferencesView
      study={study}
      sources={sources}
      source={query.success ? formatLabelSet(query.data.source) : ""}
      report={report}
      chosenFor={chosen?.why ?? null}
      error={error ?? queryRefusal(query, search, ["source"])}
    />
  );
}
