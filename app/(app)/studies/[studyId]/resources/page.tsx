import type { Metadata } from "next";
import { labelSetPairPage } from "@/lib/server/http/report-page";
import { ResourcesView } from "@/components/resources/resources-view";
import { resourcesNeeds } from "@/lib/domain/report-needs";
import { getResourcesReport } from "@/lib/server/resources/get-resources-report";

export const metadata: Metadata = { title: "Federated resources" };

/** ?a=&b= scores a federated study's engines per request under two label sets (FeB4RAG). */
export default async function ResourcesPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  return <ResourcesView {...await labelSetPairPage(params, searchParams, getResourcesReport, resourcesNeeds)} />;
}
