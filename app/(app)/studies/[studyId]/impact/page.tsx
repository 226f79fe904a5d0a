import type { Metadata } from "next";
import { reportOrRefusal, reportPageContext } from "@/lib/server/http/report-page";
import { ImpactView } from "@/components/impact/impact-view";
import { choseNothing, defaultPair } from "@/lib/domain/report-defaults";
import { impactQuerySchema } from "@/lib/schemas/impact";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { llmJudgeNames } from "@/lib/domain/label-sets/judge-set";
import { labelSetOptions } from "@/lib/domain/label-sets/registry";

export const metadata: Metadata = { title: "Benchmark impact" };

/** ?a=&b= scores the study's runs under two label sets (judges, fused:x+y, corrected:x, campaign:N). */
export default async function ImpactPage({
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
    query.success ? () => getImpactReport(user, study.id, query.data) : null,
  );
  return (
    <ImpactView
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
