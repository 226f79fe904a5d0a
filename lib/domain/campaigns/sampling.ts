import { z } from "zod";
import { pickOne, seededRandom, shuffled } from "../random";
import { nuggetDocumentKey, parseChunkPairKey, queryDocumentKey, questionKey } from "../targets";

/**
 * How a campaign picks its items from the study's pooled pairs, reproducibly from the campaign's
 * seed (docs/DOMAIN.md, "Protocols and campaigns"):
 * - all_pairs: every pooled pair;
 * - random_pairs: N pairs uniformly at random, the sample prediction-powered estimates of a
 *   share or mean over pairs need (docs/DOMAIN.md, "Corrected estimates");
 * - random_questions: every pair of N random questions (whole pools, what a per-question
 *   estimate such as a run's metric needs);
 * - llm_positive_per_question: FreshStack's calibration design, N random questions with at least
 *   one pair the LLM judged positive, one such pair each;
 * - feb4rag: FeB4RAG's design, for every question and group (collection or engine), one pair the
 *   LLM judged positive and one it judged negative;
 * - targets: the pairs a researcher chose (by target key, e.g. from the disagreement queue).
 * `cap` keeps at most that many of the sampled items (a seeded random subset, in order).
 * `citations` (citation support) takes each sampled answer sentence with the passage it cites
 * first, as Thakur et al. judged them ("first", the default), or with every passage it cites.
 */
const cap = z.number().int().positive().max(1_000_000).optional();
export const CITATION_CHOICES = ["first", "every"] as const;
const citations = z.enum(CITATION_CHOICES).optional();
const questions = z.number().int().positive().max(1_000_000);
const judge = z.string().min(1);

export const sampleSpecSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all_pairs"), cap, citations }),
  z.object({ kind: z.literal("random_pairs"), pairs: z.number().int().positive().max(1_000_000), citations }),
  z.object({ kind: z.literal("random_questions"), questions, cap, citations }),
  z.object({ kind: z.literal("llm_positive_per_question"), questions, judge, cap }),
  z.object({ kind: z.literal("feb4rag"), judge, cap }),
  z.object({
    kind: z.literal("targets"),
    targetKeys: z
      .array(
        z
          .string()
          .refine(
            (key) => parseChunkPairKey(key) !== null,
            "a target key is nd:<nugget>:<chunk> or qd:<question>:<chunk>",
          ),
      )
      .min(1)
      .max(10_000),
  }),
]);
export type SampleSpec = z.infer<typeof sampleSpecSchema>;
export type SampleKind = SampleSpec["kind"];

/**
 * What a sample drew uniformly at random: pairs (random_pairs), whole questions (random_questions
 * without a cap), or neither. The designs on which a share over pairs or a run's per-question
 * metric can be estimated for the whole study (Corrected estimates' PPI intervals).
 */
export function uniformUnit(sample: { kind: string; cap?: number }): "pairs" | "questions" | null {
  if (sample.kind === "random_pairs") return "pairs";
  if (sample.kind === "random_questions" && sample.cap === undefined) return "questions";
  return null;
}

export const SAMPLE_KIND_LABELS: Record<SampleKind, string> = {
  all_pairs: "All pooled pairs",
  random_pairs: "Corrected estimates: N pairs uniformly at random",
  random_questions: "N random questions, all their pairs (whole pools)",
  llm_positive_per_question: "FreshStack calibration: N random questions, one LLM-positive pair each",
  feb4rag: "FeB4RAG: per question and group, one LLM-positive and one LLM-negative pair",
  targets: "The chosen pairs (from the disagreement queue)",
};

/** The samples a nugget-quality campaign draws (whole questions with nuggets), in its own words. */
export const QUESTION_SAMPLE_LABELS: Partial<Record<SampleKind, string>> = {
  random_questions: "N random questions with nuggets",
  all_pairs: "Every question with nuggets",
};

/** The samples a nugget-assignment campaign draws (systems' answers to questions with nuggets), in its own words. */
export const ANSWER_SAMPLE_LABELS: Partial<Record<SampleKind, string>> = {
  all_pairs: "Every answer to a question with nuggets",
  random_questions: "N random questions with nuggets, all their answers",
  random_pairs: "N random answers",
};

/**
 * The samples a citation-support campaign draws (answers' cited sentences, each with the passage
 * it cites first, or every passage it cites: a setting), in its own words.
 */
export const CITATION_SAMPLE_LABELS: Partial<Record<SampleKind, string>> = {
  all_pairs: "Every answer's cited sentences",
  random_questions: "N random questions, all their answers' cited sentences",
  random_pairs: "N random answers, all their cited sentences",
};

/** The samples a preference campaign draws (requests the systems answered), in its own words. */
export const REQUEST_SAMPLE_LABELS: Partial<Record<SampleKind, string>> = {
  random_questions: "N random requests the systems answered",
  all_pairs: "Every request the systems answered",
};

/** Whether the sample needs an LLM judge's labels. */
export function sampleJudge(spec: SampleSpec): string | null {
  switch (spec.kind) {
    case "all_pairs":
    case "random_pairs":
    case "random_questions":
    case "targets":
      return null;
    case "llm_positive_per_question":
    case "feb4rag":
      return spec.judge;
  }
}

/**
 * A pooled pair that could become an item, or a question (documentId null: a nugget-quality item).
 * `llm` is the sampling judge's binarized label, if any.
 */
export type Candidate = {
  queryKey: string; // the query's external id: sorting by it makes the sample independent of row order
  queryId: number;
  nuggetId: number | null;
  nuggetPosition: number | null;
  documentKey: string;
  documentId: number | null;
  group: string;
  llm: boolean | null;
};

/**
 * The sampled items in the order annotators get them: questions in a seeded random order, then by
 * nugget and chunk within each question, whatever the design (gold items take their place in the
 * same order: gold.ts).
 */
export function sampleCandidates(candidates: readonly Candidate[], spec: SampleSpec, seed: number): Candidate[] {
  const random = seededRandom(seed);
  const byQuery = new Map<string, Candidate[]>();
  for (const c of [...candidates].sort(compareCandidates)) {
    const list = byQuery.get(c.queryKey);
    if (list) list.push(c);
    else byQuery.set(c.queryKey, [c]);
  }
  const queryOrder = shuffled([...byQuery.keys()], random);
  let picked: Candidate[];
  switch (spec.kind) {
    case "all_pairs":
      picked = queryOrder.flatMap((q) => byQuery.get(q)!);
      break;
    case "random_pairs":
      // every pair equally likely, whatever its question: a uniform subset, kept in question order
      return keepRandom(
        queryOrder.flatMap((q) => byQuery.get(q)!),
        spec.pairs,
        random,
      );
    case "random_questions":
      picked = queryOrder.slice(0, spec.questions).flatMap((q) => byQuery.get(q)!);
      break;
    case "llm_positive_per_question":
      picked = queryOrder
        .map((q) => byQuery.get(q)!)
        .filter((pairs) => pairs.some((c) => c.llm === true))
        .slice(0, spec.questions)
        .flatMap((pairs) => unitOfQuestion(spec, pairs, random));
      break;
    case "feb4rag":
      // each question's pairs in chunk order, like every design's: the order of the draw (a group's
      // LLM-positive pair, then its negative) would tell a blind annotator the LLM's label
      picked = queryOrder.flatMap((q) => unitOfQuestion(spec, byQuery.get(q)!, random).sort(compareCandidates));
      break;
    case "targets": {
      const chosen = new Set(spec.targetKeys);
      picked = queryOrder.flatMap((q) => byQuery.get(q)!.filter((c) => chosen.has(targetKeyOf(c))));
      return picked;
    }
  }
  return spec.cap !== undefined && picked.length > spec.cap ? keepRandom(picked, spec.cap, random) : picked;
}

/** The key of a candidate's target (support: nugget x chunk, relevance: question x chunk, nugget quality: the question). */
export function targetKeyOf(c: Candidate): string {
  if (c.documentId === null) return questionKey(c.queryId);
  return c.nuggetId === null ? queryDocumentKey(c.queryId, c.documentId) : nuggetDocumentKey(c.nuggetId, c.documentId);
}

/**
 * What a design that takes a fixed unit of each question takes from one question's pairs (in
 * their order): one LLM-positive pair (FreshStack's calibration), or per group one LLM-positive and
 * one LLM-negative pair (FeB4RAG). Gold items of these designs are such units of other questions.
 */
export function unitOfQuestion(
  spec: Extract<SampleSpec, { kind: "llm_positive_per_question" | "feb4rag" }>,
  pairs: readonly Candidate[],
  random: () => number,
): Candidate[] {
  if (spec.kind === "feb4rag") return onePositiveAndNegativePerGroup(pairs, random);
  const positive = pickOne(
    pairs.filter((c) => c.llm === true),
    random,
  );
  return positive ? [positive] : [];
}

function onePositiveAndNegativePerGroup(pairs: readonly Candidate[], random: () => number): Candidate[] {
  const groups = [...new Set(pairs.map((c) => c.group))].sort();
  return groups.flatMap((group) => {
    const inGroup = pairs.filter((c) => c.group === group);
    return [
      pickOne(
        inGroup.filter((c) => c.llm === true),
        random,
      ),
      pickOne(
        inGroup.filter((c) => c.llm === false),
        random,
      ),
    ].filter((c): c is Candidate => c !== undefined);
  });
}

/** `n` of `items` chosen at random, kept in their order. */
function keepRandom<T>(items: readonly T[], n: number, random: () => number): T[] {
  const keep = new Set(
    shuffled(
      items.map((_, i) => i),
      random,
    ).slice(0, n),
  );
  return items.filter((_, i) => keep.has(i));
}

/** The order of pairs annotators get within a question (and of questions by their key): by nugget, then chunk. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    compareText(a.queryKey, b.queryKey) ||
    (a.nuggetPosition ?? 0) - (b.nuggetPosition ?? 0) ||
    compareText(a.documentKey, b.documentKey)
  );
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The answer pairs of the requests a sample draws (all, or N random requests; each request once,
 * however many pairs it has), in the sample's order of requests, then by system A and system B.
 */
export function sampleResponsePairs<P extends { candidate: Candidate; systemA: number; systemB: number }>(
  pairs: readonly P[],
  spec: SampleSpec,
  seed: number,
): P[] {
  const requests = sampleCandidates(
    [...new Map(pairs.map((p) => [p.candidate.queryKey, p.candidate])).values()],
    spec,
    seed,
  );
  const order = new Map(requests.map((q, i) => [q.queryId, i]));
  return pairs
    .filter((p) => order.has(p.candidate.queryId))
    .sort(
      (x, y) =>
        order.get(x.candidate.queryId)! - order.get(y.candidate.queryId)! ||
        x.systemA - y.systemA ||
        x.systemB - y.systemB,
    );
}
