/**
 * The value axis of a slopegraph of scores in [0, 1]: the scores' range padded by 0.05 and rounded
 * out to tenths, never beyond 0 or 1, and at least 0.2 wide (so systems that tie still get a
 * sensible axis around their score instead of a range the scores cannot reach).
 */
export function scoreDomain(values: readonly number[]): [number, number] {
  if (values.length === 0) return [0, 1];
  const min = Math.min(...values);
  const max = Math.max(...values);
  let lo = Math.max(0, Math.floor((min - 0.05) * 10) / 10);
  let hi = Math.min(1, Math.ceil((max + 0.05) * 10) / 10);
  if (hi - lo < 0.2 - 1e-9) {
    const mid = (lo + hi) / 2;
    [lo, hi] = [Math.max(0, mid - 0.1), Math.min(1, mid + 0.1)];
    if (hi - lo < 0.2 - 1e-9) [lo, hi] = lo === 0 ? [0, 0.2] : [0.8, 1];
  }
  return [Math.round(lo * 10) / 10, Math.round(hi * 10) / 10];
}

/**
 * Where to write the names at one end of a slopegraph: each name at its point's height, moved
 * apart where they would overlap (`gap` pixels between baselines at least), kept inside the plot.
 * `ys` are the points' pixel heights (top = 0); returns the names' heights in the same order.
 */
export function spreadLabels(ys: readonly number[], gap: number, top: number, bottom: number): number[] {
  const order = ys.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const placed = order.map((o) => o.y);
  for (let k = 1; k < placed.length; k++) placed[k] = Math.max(placed[k]!, placed[k - 1]! + gap);
  // pushed past the bottom: shift the stack up, then keep the first inside the top
  const overflow = (placed.at(-1) ?? bottom) - bottom;
  if (overflow > 0) for (let k = 0; k < placed.length; k++) placed[k] = placed[k]! - overflow;
  for (let k = 0; k < placed.length && placed[k]! < top + k * gap; k++) placed[k] = top + k * gap;
  const out = new Array<number>(ys.length);
  order.forEach((o, k) => (out[o.i] = placed[k]!));
  return out;
}
