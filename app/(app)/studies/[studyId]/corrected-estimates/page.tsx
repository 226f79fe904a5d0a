import type { Metadata } from "next";
import { queryRefusal, reportOrRefusal, reportPageContext } from "@/lib/server/http/report-page";
import { CorrectedEstimatesView } from "@/components/corrected-estimates/corrected-estimates-view";
import { llmJudgeNames } from "@/lib/domain/label-sets/judge-set";
import { labelSetTitle, modelLabelSetOptions, peopleLabelSetOptions } from "@/lib/domain/label-sets/registry";
import { choseNothing, defaultCorrection } from "@/lib/domain/report-defaults";
import { correctedEstimatesNeeds } from "@/lib/domain/report-needs";
import { correctedEstimatesQuerySchema } from "@/lib/schemas/corrected-estimates";
import { chosenLabelSets } from "@/lib/schemas/label-set-name";
import { getCorrectedEstimates } from "@/lib/server/corrected-estimates/get-corrected-estimates";

export const metadata: Metadata = { title: "Corrected estimates" };

/**
 * ?llm=&human=&confidence= corrects an LLM label set with people's labels (a human judge or campaign:N).
 * Without a choice, the first LLM judge corrected by the study's uniform sample of people's labels.
 */
export default async function CorrectedEstimatesPage({
  params,
  searchParams,
}: {
  params: Promise<{ studyId: string }>;
  searchParams: Promise<Record<string, string>>;
}) {
  const { user, study, search: given } = await reportPageContext(params, searchParams);
  const chosen = choseNothing(given, ["llm", "human"]) ? defaultCorrection(study) : null;
  const search = chosen ? { ...given, ...chosen.choice } : given;
  const query = correctedEstimatesQuerySchema.safeParse(search);
  const { report, error } = await reportOrRefusal(
    query.success ? () => getCorrectedEstimates(user, study.id, query.data) : null,
  );
  return (
    <CorrectedEstimatesView
      studyId={study.id}
      llmSets={modelLabelSetOptions(study)}
      llmJudges={llmJudgeNames(study)}
      // a campaign's labels here are each item's mean over its annotators, not the majority other reports read
      humanSets={peopleLabelSetOptions(study, "mean")}
      query={query.success ? query.data : { ...chosenLabelSets(search, ["llm", "human"]), confidence: 0.95 }}
      report={report}
      titles={
        report && query.success
          ? { llm: labelSetTitle(query.data.llm, study), human: labelSetTitle(query.data.human, study, "mean") }
          : null
      }
      chosenFor={chosen?.why ?? null}
      error={error ?? queryRefusal(query, search, ["llm", "human"])}
      needs={correctedEstimatesNeeds(study, report && { llm: report.llm, llmPairs: report.pairs })}
    />
  );
}
