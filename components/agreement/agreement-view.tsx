import Link from "next/link";
import type { ReactNode } from "react";
import { labelsPairs } from "@/lib/domain/task-types/registry";
import type { AgreementQuery } from "@/lib/schemas/agreement";
import type { StudyOverview } from "@/lib/schemas/studies";
import { CampaignSourceForm, SourceForm } from "./source-form";

/** The agreement page: the two ways to choose what to compare, an error if the choice failed, and the report. */
export function AgreementView({
  study,
  query,
  campaignId,
  error,
  children,
}: {
  study: StudyOverview;
  query: AgreementQuery;
  campaignId: number | null;
  error: string | null;
  children: ReactNode;
}) {
  // nugget-quality campaigns have their own report: their reviews are not labels on targets
  const labelCampaigns = study.campaigns.filter((c) => labelsPairs(c.taskType));
  return (
    <>
      <Link href={`/studies/${study.id}`} className="text-sm text-stone-600 hover:underline">
        ← {study.name}
      </Link>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">Agreement</h1>
      <p className="mt-1 text-sm text-stone-600">
        How far two label sources agree on the targets both labelled (judges, or two LLMs fused as FeB4RAG does), or how
        far a campaign&apos;s annotators agree with each other and with its LLM.
      </p>
      <SourceForm judges={study.judges} campaigns={labelCampaigns} query={query} />
      <CampaignSourceForm campaigns={labelCampaigns} campaignId={campaignId} />
      {error && (
        <p role="alert" aria-label="Report error" className="mt-6 rounded-md bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      {children}
    </>
  );
}
