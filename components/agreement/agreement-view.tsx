import type { ReactNode } from "react";
import { TASK_TYPES } from "@/lib/domain/task-types/registry";
import type { AgreementQuery } from "@/lib/schemas/agreement";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import type { StudyHeader } from "@/lib/schemas/studies";
import { llmJudgeNames } from "@/lib/domain/label-sets/judge-set";
import { labelSetOptions } from "@/lib/domain/label-sets/registry";
import { LabelSetForm } from "@/components/reports/label-set-form";
import { CampaignAnnotatorsForm } from "./campaign-annotators-form";
import { GroupSelect } from "./group-select";
import { ReportPage } from "@/components/ui/report-page";
import { ReportNeedsNote } from "@/components/reports/report-needs-note";
import type { ReportNeeds } from "@/lib/domain/report-needs";
import { ReferenceForm } from "@/components/judge-agreement/reference-form";

/** The agreement page: the two ways to choose what to compare, an error if the choice failed, and the report. */
export function AgreementView({
  study,
  query,
  campaignId,
  reference,
  chosenFor,
  error,
  needs,
  children,
}: {
  study: StudyHeader;
  /** The sets chosen now (null: none, or not a name) and the grouping. */
  query: { a: LabelSetName | null; b: LabelSetName | null; group: AgreementQuery["group"] };
  campaignId: number | null;
  reference: { name: string; measure: string };
  /** Why the page chose what it shows, when the researcher chose nothing. */
  chosenFor: string | null;
  error: string | null;
  /** What the study lacks for the report, said in place of it. */
  needs: ReportNeeds | null;
  children: ReactNode;
}) {
  // the campaigns whose annotators' agreement this page reports (support, relevance, citation support)
  const labelCampaigns = study.campaigns.filter((c) => TASK_TYPES[c.taskType].report === "campaign-agreement");
  return (
    <ReportPage
      title="Agreement"
      description={
        <>
          How far two label sets agree on the targets both labelled (judges, or two LLMs fused as FeB4RAG does), or how
          far a campaign&apos;s annotators agree with each other and with its LLM, or every judge against one (with the
          systems each one&apos;s labels rank).
        </>
      }
      controls={
        <>
          <LabelSetForm sets={labelSetOptions(study)} models={llmJudgeNames(study)} query={query} submit="Compare">
            <GroupSelect value={query.group} />
          </LabelSetForm>
          <CampaignAnnotatorsForm campaigns={labelCampaigns} campaignId={campaignId} />
          <ReferenceForm judges={study.judges} reference={reference.name} measure={reference.measure} />
        </>
      }
      chosenFor={chosenFor}
      error={error}
      needs={needs && <ReportNeedsNote studyId={study.id} needs={needs} />}
    >
      {children}
    </ReportPage>
  );
}
