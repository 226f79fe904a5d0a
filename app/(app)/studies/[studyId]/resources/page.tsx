import type { Metadata } from "next";
import { reportOrRefusal, reportPageContext } from "@/lib/server/http/report-page";
import { ResourcesView } from "@/components/resources/resources-view";
import { choseNothing, defaultPair } from "@/lib/domain/report-defaults";
import { impactQuerySchema } from "@/lib/schemas/impact";
import { getResourcesReport } from "@/lib/server/resources/get-resources-report";
import { llmJudgeNames } from "@/lib/domain/label-sets/judge-set";
import { labelSetOptions } from "@/lib/domain/label-sets/registry";

export const metadata: Metadata = { title: "Federated resources" };

/** ?a=&b= scores a federated study's engines per request under two label sets (FeB4RAG). */
export default async function ResourcesPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const { user, study, search: given } = await reportPageContext(params, searchParams);
  const chosen = choseNothing(given, ["a", "b"]) ? defaultPair(study, "leaderboard") : null;
  const search = chosen ? { ...given, ...chosen.choice } : given;
  const query = impactQuerySchema.safeParse(search);
  const { report, error } = await reportOrRefusal(
    query.success ? () => getResourcesReport(user, study.id, query.data) : null,
  );
  return (
    <ResourcesView
      study={study}
      sets={labelSetOptions(study)}
      models={llmJudgeNames(study)}
      query={query.success ? query.data : { a: search.a ?? "", b: search.b ?? "" }}
      report={report}
      chosenFor={chosen?.why ?? null}
      error={error}
    />
  );
}
