import type { Metadata } from "next";
import { ImpactView } from "@/components/impact/impact-view";
import { impactQuerySchema } from "@/lib/schemas/impact";
import { studyIdParamsSchema } from "@/lib/schemas/studies";
import { orNotFound, pageParams, requirePageUser } from "@/lib/server/auth/page-guards";
import { AppError } from "@/lib/server/errors";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";

export const metadata: Metadata = { title: "Benchmark impact" };

/** ?a=&b= scores the study's runs under two label sets (judges, fused:x+y, corrected:x). */
export default async function ImpactPage({ params, searchParams }: { params: Promise<{ studyId: string }>; searchParams: Promise<Record<string, string>> }) {
  const user = await requirePageUser(["admin", "researcher"]);
  const { studyId } = await pageParams(studyIdParamsSchema, params);
  const study = await orNotFound(getStudyOverview(user, studyId));
  const search = await searchParams;
  const query = impactQuerySchema.safeParse(search);
  const models = study.judges.filter((j) => j.kind === "model");
  const hasHumans = study.judges.some((j) => j.kind === "human");
  const sources = [
    ...study.judges.map((j) => ({ value: j.name, label: `${j.name} (${j.kind === "model" ? "LLM" : "human"})` })),
    ...models.flatMap((x, i) => models.slice(i + 1).map((y) => ({ value: `fused:${x.name}+${y.name}`, label: `${x.name} + ${y.name} fused` }))),
    ...(hasHumans ? models.map((m) => ({ value: `corrected:${m.name}`, label: `${m.name} corrected by humans where they judged` })) : []),
    ...study.campaigns.map((c) => ({ value: `campaign:${c.id}`, label: `Annotators of ${c.name} (majority)` })),
  ];
  let report = null;
  let error: string | null = null;
  if (query.success) {
    try {
      report = await getImpactReport(user, study.id, query.data);
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "invalid") throw e;
      error = e.message;
    }
  }
  return <ImpactView study={study} sources={sources} query={query.success ? query.data : { a: search.a ?? "", b: search.b ?? "" }} report={report} error={error} />;
}
