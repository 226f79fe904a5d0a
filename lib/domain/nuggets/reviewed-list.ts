import type { NuggetImportance } from "../nugget-scores/nugget-scores";
import type { NuggetList } from "./nugget-list";
import type { NuggetReview } from "./nugget-review";

/** A nugget of a reviewed list: its text, importance (a missing nugget the experts wrote has none), and whether the reviews added it. */
export type ReviewedNugget = { text: string; importance: NuggetImportance | null; added: boolean };

/**
 * A question's list after its reviews (FreshStack's A/B/C review; docs/DOMAIN.md, "Nugget sets"):
 * a nugget most of the question's reviews mark hallucinated (A) or minor or redundant (B) is left
 * out (a tie keeps it); the missing nuggets the reviewers wrote out come after the kept ones, each
 * text once (spaces around trimmed), in the order first written, unless a kept nugget says the
 * same. A question no one reviewed keeps its list.
 */
export function reviewedList(list: NuggetList, reviews: readonly NuggetReview[]): ReviewedNugget[] {
  const kept = list.nuggets.filter((nugget) => {
    const marks = reviews.map((r) => r.nuggets.find((n) => n.nugget === nugget.id));
    const dropped = marks.filter((m) => m && (m.hallucinated || m.redundant)).length;
    return dropped * 2 <= reviews.length;
  });
  const out: ReviewedNugget[] = kept.map((n) => ({ text: n.text, importance: n.importance ?? null, added: false }));
  const texts = new Set(out.map((n) => n.text.trim()));
  for (const review of reviews)
    for (const written of review.missingNuggets) {
      const text = written.trim();
      if (texts.has(text)) continue;
      texts.add(text);
      out.push({ text, importance: null, added: true });
    }
  return out;
}
