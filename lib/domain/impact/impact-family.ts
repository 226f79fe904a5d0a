import type { SetLabel } from "../label-sets/label-set";

/**
 * One family of Impact's measures: the systems it ranks, the questions it can score, per question
 * a label set's judgments and whether it judged the question, and a system's score on each measure
 * over some questions' judgments (null: no question to score). `only` asks for one measure (the
 * per-question table's): a family may then compute that one alone, which at TREC size is most of
 * the report's work saved (a 1,000-deep ranking read for ndcg@10).
 */
export type Family<J> = {
  measures: readonly string[];
  systems: readonly string[];
  universe: ReadonlySet<string>;
  /** A label set's judgments; `side` says which of the two it is (a family whose sets grade different nuggets reads that side's). */
  judgments: (labels: ReadonlyMap<string, SetLabel>, side: "a" | "b") => Map<string, Judged<J>>;
  score: (judgments: ReadonlyMap<string, J>, system: string, only?: string) => Record<string, number | null>;
  /** Whether no run can score on a question so judged (no relevant document): 0 for every run in the significance tests, as trec_eval -c. */
  unscored?: (judgment: J) => boolean;
};
export type Judged<J> = { judged: boolean; value: J };
