import type { Metadata } from "next";
import { labelSetPairPage } from "@/lib/server/http/report-page";
import { ImpactView } from "@/components/impact/impact-view";
import { impactNeeds } from "@/lib/domain/report-needs";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";

export const metadata: Metadata = { title: "Benchmark impact" };

/** ?a=&b= scores the study's runs under two label sets (judges, fused:x+y, corrected:x, campaign:N). */
export default async function ImpactPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  return <ImpactView {...await labelSetPairPage(params, searchParams, getImpactReport, impactNeeds)} />;
}
