import type { LabelPair } from "./code-label-pairs";

/** Targets both sets labelled, counted by (group, A's value and scale, B's value and scale). */
export type PairCount = LabelPair & { group: string | null; count: number };
