// How an LLM judge leans against people (docs/DOMAIN.md, "Agreement"): leniency (its positive
// rate minus theirs, with an interval), where on the scale it over- or under-calls, and agreement
// by the length of the chunk (quartiles), which shows a verbosity effect.
import { bootstrapGroups, type BootstrapOptions, type StatisticWithInterval } from "./bootstrap";
import type { PairCount } from "./pair-count";
import { inCanonicalOrder } from "./canonical-order";
import { codeLabelPairs } from "./code-label-pairs";
import { confusionMatrix } from "./confusion-matrix";
import { pairAgreement, type PairAgreement } from "./pair-statistics";
import { defined, undefinedBecause } from "./statistic";
import { labelPositive } from "../scales";

/**
 * The LLM's share of positive labels minus the people's, on the targets both labelled, with a
 * seeded bootstrap interval: above 0 the LLM is lenient, below 0 strict.
 */
export function leniency(
  rows: readonly PairCount[],
  llm: "a" | "b",
  bootstrap: BootstrapOptions,
): StatisticWithInterval {
  // cells: (LLM positive, people positive) = 00, 01, 10, 11
  const cells = [0, 0, 0, 0];
  for (const r of rows) {
    const [l, h] = llm === "a" ? [labelPositive(r.a), labelPositive(r.b)] : [labelPositive(r.b), labelPositive(r.a)];
    if (l === null || h === null) continue;
    cells[(l ? 2 : 0) + (h ? 1 : 0)]! += r.count;
  }
  return bootstrapGroups(
    ["leniency"] as const,
    cells,
    (w) => {
      const n = w[0]! + w[1]! + w[2]! + w[3]!;
      return { leniency: n === 0 ? undefinedBecause("no targets labelled by both") : defined((w[2]! - w[1]!) / n) };
    },
    bootstrap,
  ).leniency;
}

/** Per level: the share of targets the LLM puts there minus the share people do (+: over-called). */
export function levelCalling(rows: readonly PairCount[], llm: "a" | "b") {
  const coded = codeLabelPairs(rows);
  const [l, h] = llm === "a" ? [coded.a, coded.b] : [coded.b, coded.a];
  const matrix = confusionMatrix({ a: l, b: h, categories: coded.categories.length });
  const n = l.length;
  return coded.categories.map((level, i) => {
    const byLlm = matrix[i]!.reduce((s, v) => s + v, 0);
    const byPeople = matrix.reduce((s, row) => s + row[i]!, 0);
    return { level, llm: n ? byLlm / n : 0, people: n ? byPeople / n : 0, difference: n ? (byLlm - byPeople) / n : 0 };
  });
}

/**
 * Agreement and Cohen's kappa in each quartile of chunk length (rows grouped by the length in
 * characters), the quartile boundaries taken over the targets.
 */
export function agreementByLength(
  rows: readonly PairCount[],
  bootstrap: BootstrapOptions,
): ({ quartile: number; from: number; to: number } & PairAgreement)[] {
  const sorted = inCanonicalOrder(rows)
    .map((r) => ({ ...r, length: Number(r.group) }))
    .sort((x, y) => x.length - y.length);
  const total = sorted.reduce((s, r) => s + r.count, 0);
  if (total === 0) return [];
  const quartiles: (typeof sorted)[] = [[], [], [], []];
  let seen = 0;
  for (let i = 0; i < sorted.length;) {
    // a length's rows all go to the quartile its first target falls in, so one length is never split
    const quartile = quartiles[Math.min(3, Math.floor((seen / total) * 4))]!;
    const length = sorted[i]!.length;
    for (; i < sorted.length && sorted[i]!.length === length; i++) {
      quartile.push(sorted[i]!);
      seen += sorted[i]!.count;
    }
  }
  return quartiles
    .map((group, i) => ({ group, quartile: i + 1 }))
    .filter(({ group }) => group.length > 0)
    .map(({ group, quartile }) => ({
      quartile,
      from: group[0]!.length,
      to: group.at(-1)!.length,
      ...pairAgreement(group, bootstrap),
    }));
}
