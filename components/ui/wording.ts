/** "1 campaign", "2 campaigns", "1,204 questions": a number with its noun in the right number. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? singular : plural}`;
}

/** A duration as people say it: "40 ms" under a second, "1.2 s" under a minute, "3 min" beyond. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.max(1, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/** A difference of two shares in percentage points, signed: "+3.2 pts", "-0.5 pts". */
export function signedPoints(difference: number): string {
  return `${difference > 0 ? "+" : ""}${(difference * 100).toFixed(1)} pts`;
}
