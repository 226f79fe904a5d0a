import type { BundleRow } from "./bundle";
import type {
  QueryGroupRow,
  QueryRow,
  DocumentRow,
  NuggetedQueryRow,
  GradedNuggetsRow,
  NuggetAssignmentsRow,
  CitationSupportRow,
  QrelRow,
  NuggetQrelRow,
  RunRow,
  EngineLabelRow,
  PreferenceRow,
  PairwiseRow,
  RagAnswerRow,
  CsvLabelRow,
} from "./rows";

/** Every row an import format produces: a study bundle's records and the benchmark formats' rows. */
export type ImportRow =
  | QueryGroupRow
  | BundleRow
  | QueryRow
  | DocumentRow
  | NuggetedQueryRow
  | GradedNuggetsRow
  | NuggetAssignmentsRow
  | CitationSupportRow
  | QrelRow
  | NuggetQrelRow
  | RunRow
  | EngineLabelRow
  | PreferenceRow
  | PairwiseRow
  | RagAnswerRow
  | CsvLabelRow;
