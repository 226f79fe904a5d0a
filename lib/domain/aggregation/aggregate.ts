/** One judge's label of one item, as an aggregation reads it (`item,judge,label`). */
export type Response = { item: string; judge: string; label: string };

/** An item's aggregated label and its posterior (Dawid-Skene) or vote share (majority) per label. */
export type ItemAggregate = { item: string; label: string; posteriors: Record<string, number> };

/** A judge's estimated confusion: for each true label, the probability of each label they gave. */
export type JudgeConfusion = Record<string, Record<string, number>>;

/** Labels and items are compared as text, as Python compares strings (crowd-kit sorts them so). */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The most probable label of a row: the first of the highest in the labels' order (pandas' idxmax). */
export function argmax(labels: readonly string[], row: readonly number[]): string {
  let best = 0;
  for (let c = 1; c < row.length; c++) if (row[c]! > row[best]!) best = c;
  return labels[best]!;
}

/** Each item's responses' labels counted, items and labels in text order. */
export function voteShares(responses: readonly Response[]): { items: string[]; labels: string[]; shares: number[][] } {
  const labels = [...new Set(responses.map((r) => r.label))].sort(byText);
  const items = [...new Set(responses.map((r) => r.item))].sort(byText);
  const itemIndex = new Map(items.map((t, i) => [t, i]));
  const labelIndex = new Map(labels.map((l, i) => [l, i]));
  const counts = items.map(() => labels.map(() => 0));
  for (const r of responses) counts[itemIndex.get(r.item)!]![labelIndex.get(r.label)!]!++;
  const shares = counts.map((row) => {
    const total = row.reduce((s, n) => s + n, 0);
    return row.map((n) => n / total);
  });
  return { items, labels, shares };
}

/**
 * The majority vote as crowd-kit's `MajorityVote` gives it: each item's vote shares over every
 * label seen, and the label with the most votes (a tie: the first in text order).
 */
export function majorityVote(responses: readonly Response[]): ItemAggregate[] {
  const { items, labels, shares } = voteShares(responses);
  return items.map((item, t) => ({
    item,
    label: argmax(labels, shares[t]!),
    posteriors: Object.fromEntries(labels.map((l, c) => [l, shares[t]![c]!])),
  }));
}
