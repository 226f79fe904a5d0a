import { levelOfPayload } from "./judgment";

/** A seat count of the campaign: how many seats an annotator (or nobody: null) holds in a status. */
export type SeatCount = { userId: number | null; status: string; count: number };

/**
 * The campaign's labels and each annotator's progress: labels stored of those still expected
 * (closed seats are not), and per annotator their labels, skips and held items, how often they
 * kept or changed their label after the reveal, and the median and total time they spent per item.
 */
export function buildAnnotatorProgress(inputs: {
  annotators: readonly { id: number; email: string; name: string }[];
  seats: readonly SeatCount[];
  /** Time spent per (annotator, item), over every save. */
  durations: readonly { userId: number; ms: number }[];
  /** The blind and revised annotations of a blind-then-reveal campaign. */
  phases: readonly { userId: number; itemId: number; phase: string; payload: string }[];
}) {
  const count = (userId: number, status: string) =>
    inputs.seats.find((s) => s.userId === userId && s.status === status)?.count ?? 0;
  const all = (status: string) => inputs.seats.filter((s) => s.status === status).reduce((n, s) => n + s.count, 0);
  const afterReveal = revealChoices(inputs.phases);
  return {
    labels: { submitted: all("submitted"), target: all("submitted") + all("leased") + all("open") },
    annotators: inputs.annotators.map((a) => {
      const seconds = inputs.durations.filter((d) => d.userId === a.id).map((d) => d.ms / 1000);
      return {
        userId: a.id,
        email: a.email,
        name: a.name,
        submitted: count(a.id, "submitted"),
        skipped: count(a.id, "skipped"),
        leased: count(a.id, "leased"),
        confirmed: afterReveal.get(a.id)?.confirmed ?? 0,
        changed: afterReveal.get(a.id)?.changed ?? 0,
        medianSeconds: median(seconds),
        totalSeconds: Math.round(seconds.reduce((s, x) => s + x, 0)),
      };
    }),
  };
}

/** Per annotator, of their revisions after the reveal: how many kept the blind label and how many changed it. */
function revealChoices(
  annotations: readonly { userId: number; itemId: number; phase: string; payload: string }[],
): Map<number, { confirmed: number; changed: number }> {
  const blind = new Map(
    annotations.filter((a) => a.phase === "blind").map((a) => [`${a.userId}:${a.itemId}`, levelOfPayload(a.payload)]),
  );
  const out = new Map<number, { confirmed: number; changed: number }>();
  for (const a of annotations.filter((x) => x.phase === "revised")) {
    const mine = out.get(a.userId) ?? out.set(a.userId, { confirmed: 0, changed: 0 }).get(a.userId)!;
    if (blind.get(`${a.userId}:${a.itemId}`) === levelOfPayload(a.payload)) mine.confirmed++;
    else mine.changed++;
  }
  return out;
}

/** The median, to a tenth; null for no values. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round((sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10;
}
