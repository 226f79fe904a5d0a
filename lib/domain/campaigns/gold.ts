import { z } from "zod";
import { seededRandom, shuffled } from "../random";
import { compareCandidates, unitOfQuestion, type Candidate, type SampleSpec } from "./sampling";

/**
 * Gold items (docs/DOMAIN.md, "Gold items"): known-answer items drawn from a reference label set
 * and mixed into a campaign's work, K of them or a share of the sampled items.
 */
export const goldSpecSchema = z
  .object({
    labelSet: z.string().trim().min(1, "choose the reference label set"),
    count: z.number().int().min(1).max(10_000).optional(),
    share: z.number().gt(0).max(1).optional(),
  })
  .refine((g) => (g.count === undefined) !== (g.share === undefined), {
    message: "give either a number of gold items or a share of the sample, not both",
  });
export type GoldSpec = z.infer<typeof goldSpecSchema>;

/** What a campaign records of its gold items: the spec and how many were mixed in. */
export const goldSettingsSchema = goldSpecSchema.and(z.object({ items: z.number().int().min(0) }));
export type GoldSettings = z.infer<typeof goldSettingsSchema>;

/** How many gold items a spec asks for beside `sampled` items: K, or the share rounded (at least one). */
export function goldWanted(spec: GoldSpec, sampled: number): number {
  return spec.count ?? Math.max(1, Math.round(spec.share! * sampled));
}

/** The seed of the gold draw: apart from the sample's, so adding gold does not change the sample. */
const goldSeed = (seed: number) => (seed ^ 0x9e3779b9) >>> 0;

/**
 * How a sample design lets gold items hide among its sampled ones:
 * - "in-questions": the sample holds some of each of its questions' pairs, so gold items are more
 *   pairs of those questions, drawn like the sample's (the same mix of groups and of the LLM's
 *   labels), and take their place in their question's order like any pair. FeB4RAG's design is one
 *   of these: it takes every question, one LLM-positive and one LLM-negative pair per group, so a
 *   question with gold holds more than that, which an annotator who counts can see, though not
 *   which of its pairs are gold;
 * - "as-questions": the sample takes one LLM-positive pair of each of N questions (FreshStack's
 *   calibration), so gold items are such pairs of questions it does not hold, placed among the
 *   questions like any other;
 * - "visible": the sample holds every pair of its questions (all pairs, or N whole questions), so
 *   gold items can only be pairs of other questions, and their questions show.
 */
export type GoldHiding = "in-questions" | "as-questions" | "visible";

export function goldHiding(sample: SampleSpec): GoldHiding {
  switch (sample.kind) {
    case "random_pairs":
    case "targets":
    case "feb4rag":
      return "in-questions";
    case "all_pairs":
    case "random_questions":
      return sample.cap === undefined ? "visible" : "in-questions";
    case "llm_positive_per_question":
      return "as-questions";
  }
}

/**
 * Mixes gold items into the sampled ones (in the order annotators get them) so that nothing an
 * annotator sees tells them apart: not their place, not their question, not the LLM's label a
 * reveal shows (goldHiding says how, by design). `eligible` are the pooled pairs outside the sample
 * that the reference labels; at most `wanted` are taken ("as-questions" takes whole units, so it may
 * take a few more to finish the last one). Seeded apart from the sample.
 */
export function mixGold(
  sampled: readonly Candidate[],
  eligible: readonly Candidate[],
  wanted: number,
  sample: SampleSpec,
  seed: number,
): { items: Candidate[]; gold: Candidate[] } {
  const random = seededRandom(goldSeed(seed));
  const ordered = [...eligible].sort(compareCandidates);
  const hiding = goldHiding(sample);
  if (hiding === "in-questions") {
    const gold = drawLikeTheSample(sampled, ordered, wanted, random);
    return { items: mergedIntoQuestions(sampled, gold), gold };
  }
  const inSample = new Set(sampled.map((c) => c.queryId));
  const byQuestion = groupByQuestion(ordered.filter((c) => !inSample.has(c.queryId)));
  const questions = shuffled([...byQuestion.keys()], random);
  const runs: Candidate[][] = [];
  let taken = 0;
  if (hiding === "as-questions")
    for (const q of questions) {
      if (taken >= wanted) break;
      const unit = unitOfQuestion(sample as Parameters<typeof unitOfQuestion>[0], byQuestion.get(q)!, random);
      if (unit.length === 0) continue;
      runs.push(unit);
      taken += unit.length;
    }
  else {
    const drawn = new Set(
      shuffled(
        questions.flatMap((q) => byQuestion.get(q)!),
        random,
      ).slice(0, wanted),
    );
    for (const q of questions) {
      const run = byQuestion.get(q)!.filter((c) => drawn.has(c));
      if (run.length > 0) runs.push(run);
    }
  }
  return { items: insertedAsQuestions(sampled, runs, random), gold: runs.flat() };
}

/**
 * Gold for "in-questions": each drawn for a sampled pair chosen at random (so questions, groups
 * and the LLM's labels come in the sample's proportions), from that pair's question, group and LLM
 * label, else from its question; a sampled pair whose question has nothing left is not chosen again.
 */
function drawLikeTheSample(
  sampled: readonly Candidate[],
  ordered: readonly Candidate[],
  wanted: number,
  random: () => number,
): Candidate[] {
  const stratum = (c: Candidate) => `${c.queryId}\n${c.group}\n${c.llm}`;
  const byStratum = new Map<string, Candidate[]>();
  const byQuestion = new Map<number, Candidate[]>();
  for (const c of shuffled(ordered, random)) {
    push(byStratum, stratum(c), c);
    push(byQuestion, c.queryId, c);
  }
  const taken = new Set<Candidate>();
  const next = (pool: Candidate[] | undefined) => {
    while (pool && pool.length > 0) {
      const c = pool.pop()!;
      if (!taken.has(c)) return c;
    }
    return undefined;
  };
  const choosers = [...sampled];
  const gold: Candidate[] = [];
  while (gold.length < wanted && choosers.length > 0) {
    const at = Math.floor(random() * choosers.length);
    const chooser = choosers[at]!;
    const c = next(byStratum.get(stratum(chooser))) ?? next(byQuestion.get(chooser.queryId));
    if (c === undefined) {
      choosers.splice(at, 1);
      continue;
    }
    taken.add(c);
    gold.push(c);
  }
  return gold;
}

/** The sampled pairs with `gold` merged into their questions' runs, each run in the pairs' own order. */
function mergedIntoQuestions(sampled: readonly Candidate[], gold: readonly Candidate[]): Candidate[] {
  const goldOf = groupByQuestion([...gold].sort(compareCandidates));
  const out: Candidate[] = [];
  for (const [i, c] of sampled.entries()) {
    const run = goldOf.get(c.queryId);
    while (run && run.length > 0 && compareCandidates(run[0]!, c) < 0) out.push(run.shift()!);
    out.push(c);
    const last = i === sampled.length - 1 || sampled[i + 1]!.queryId !== c.queryId;
    if (last && run) out.push(...run.splice(0));
  }
  return out;
}

/** The sampled pairs with each gold question's run put at a random boundary between questions. */
function insertedAsQuestions(
  sampled: readonly Candidate[],
  runs: readonly Candidate[][],
  random: () => number,
): Candidate[] {
  const out: Candidate[][] = [...groupByQuestion(sampled).values()];
  for (const run of runs) out.splice(Math.floor(random() * (out.length + 1)), 0, run);
  return out.flat();
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Pairs by question, in the order questions first appear (each question's pairs in their order). */
function groupByQuestion(pairs: readonly Candidate[]): Map<number, Candidate[]> {
  const byQuestion = new Map<number, Candidate[]>();
  for (const c of pairs) push(byQuestion, c.queryId, c);
  return byQuestion;
}

/** Parses a campaign's stored gold settings (null: no gold items). */
export function parseGoldSettings(stored: string | null): GoldSettings | null {
  return stored ? goldSettingsSchema.parse(JSON.parse(stored)) : null;
}
