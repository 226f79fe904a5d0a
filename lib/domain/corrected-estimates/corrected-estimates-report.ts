import type { buildCorrectedEstimates } from "./build-corrected-estimates";
import type { correctRuns } from "./correct-runs";

/**
 * The Corrected estimates report: the builder's quantities, and each run's metric corrected
 * (correctRuns; null when the study has no runs on these questions). lib/schemas/corrected-estimates.ts
 * describes it over HTTP.
 */
export type CorrectedEstimates = ReturnType<typeof buildCorrectedEstimates> & {
  runs: ReturnType<typeof correctRuns> | null;
};
