import { defined, undefinedBecause, type Statistic } from "../agreement/statistic";
import type { QuestionReview } from "../nuggets/nugget-review";

export type NuggetQuality = { nuggets: number; precision: Statistic; recall: Statistic; groundedness: Statistic };

type Tally = { n: number; a: number; b: number; c: number };

const tally = (r: QuestionReview): Tally => ({
  n: r.nuggets.length,
  a: r.nuggets.filter((x) => x.hallucinated).length,
  b: r.nuggets.filter((x) => x.redundant).length,
  c: r.missing,
});

/**
 * Precision (|N| - ΣB) / |N|, recall (|N| - ΣB) / (|N| - ΣB + C) and groundedness (|N| - ΣA) / |N|
 * from summed counts; null with the reason when a denominator is 0.
 */
function fromTally({ n, a, b, c }: Tally): Omit<NuggetQuality, "nuggets"> {
  const noNuggets = undefinedBecause("no nuggets");
  return {
    precision: n === 0 ? noNuggets : defined((n - b) / n),
    recall: n - b + c === 0 ? undefinedBecause("no useful nugget and none missing") : defined((n - b) / (n - b + c)),
    groundedness: n === 0 ? noNuggets : defined((n - a) / n),
  };
}

/** One question's nugget precision, recall and groundedness. */
export function questionQuality(review: QuestionReview): NuggetQuality {
  const t = tally(review);
  return { nuggets: t.n, ...fromTally(t) };
}

/** Micro: every nugget (and every missing one) counted once, over all questions' summed counts. */
export function microQuality(reviews: readonly QuestionReview[]): NuggetQuality {
  const sum = reviews
    .map(tally)
    .reduce((s, t) => ({ n: s.n + t.n, a: s.a + t.a, b: s.b + t.b, c: s.c + t.c }), { n: 0, a: 0, b: 0, c: 0 });
  return { nuggets: sum.n, ...fromTally(sum) };
}

/** Macro: the mean over questions of each question's value, over the questions where it is defined. */
export function macroQuality(reviews: readonly QuestionReview[]): NuggetQuality {
  const per = reviews.map(questionQuality);
  const mean = (key: "precision" | "recall" | "groundedness"): Statistic => {
    const values = per.map((q) => q[key].value).filter((v) => v !== null);
    return values.length === 0
      ? undefinedBecause("no question where it is defined")
      : defined(values.reduce((s, v) => s + v, 0) / values.length);
  };
  return {
    nuggets: per.reduce((s, q) => s + q.nuggets, 0),
    precision: mean("precision"),
    recall: mean("recall"),
    groundedness: mean("groundedness"),
  };
}

/**
 * By nugget position (1 = first): how many nuggets sit there, and the share of them not marked
 * minor or redundant (precision at that position) and not hallucinated (groundedness). FreshStack
 * found the last nugget behind about half of the precision errors.
 */
export function qualityByPosition(
  reviews: readonly QuestionReview[],
): { position: number; nuggets: number; precision: number; groundedness: number }[] {
  const at: Tally[] = [];
  for (const r of reviews) {
    r.nuggets.forEach((x, i) => {
      const t = (at[i] ??= { n: 0, a: 0, b: 0, c: 0 });
      t.n++;
      if (x.hallucinated) t.a++;
      if (x.redundant) t.b++;
    });
  }
  return at.map((t, i) => ({
    position: i + 1,
    nuggets: t.n,
    precision: (t.n - t.b) / t.n,
    groundedness: (t.n - t.a) / t.n,
  }));
}

/** A nugget's TREC RAG importance as the report groups it: vital, okay, or not graded. */
export type ImportanceGroup = "vital" | "okay" | "not graded";

/**
 * By nugget importance (the TREC RAG track's vital or okay, as the nuggets were reviewed): how many
 * nuggets are of each kind, and the share of them not marked minor or redundant (precision) and not
 * hallucinated (groundedness). Only the kinds some nugget has are listed, vital first.
 */
export function qualityByImportance(
  nuggets: readonly { importance: ImportanceGroup; hallucinated: boolean; redundant: boolean }[],
): { importance: ImportanceGroup; nuggets: number; precision: number; groundedness: number }[] {
  return (["vital", "okay", "not graded"] as const).flatMap((importance) => {
    const these = nuggets.filter((n) => n.importance === importance);
    const n = these.length;
    if (n === 0) return [];
    const a = these.filter((x) => x.hallucinated).length;
    const b = these.filter((x) => x.redundant).length;
    return [{ importance, nuggets: n, precision: (n - b) / n, groundedness: (n - a) / n }];
  });
}

/**
 * Of all the nuggets marked minor or redundant, the share that were their question's last nugget
 * (FreshStack found the last nugget behind about half of the precision errors).
 */
export function lastNuggetShareOfRedundant(reviews: readonly QuestionReview[]): Statistic {
  let redundant = 0;
  let last = 0;
  for (const r of reviews) {
    r.nuggets.forEach((x, i) => {
      if (!x.redundant) return;
      redundant++;
      if (i === r.nuggets.length - 1) last++;
    });
  }
  return redundant === 0 ? undefinedBecause("no nugget is marked minor or redundant") : defined(last / redundant);
}
