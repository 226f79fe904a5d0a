import { defined, undefinedBecause, type Statistic } from "./statistic";

/**
 * Reliability data: value i was given to unit unit[i] (0..units-1) as category code[i]
 * (0..categories-1, in the scale's order). Units may have any number of values; missing values are
 * simply absent.
 */
export type ReliabilityData = { unit: ArrayLike<number>; code: ArrayLike<number>; units: number; categories: number };

export type AlphaLevel = "nominal" | "ordinal" | "interval";

/**
 * The coincidence matrix o_ck = Σ_u (number of c-k pairs of values in unit u) / (m_u - 1), over
 * units with m_u ≥ 2 values (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability").
 * Built in O(values + units + Σ m_u²), independent of the number of judges.
 */
export function coincidenceMatrix({ unit, code, units, categories }: ReliabilityData): number[][] {
  const start = new Int32Array(units + 1);
  for (let i = 0; i < unit.length; i++) start[unit[i]! + 1]!++;
  for (let u = 0; u < units; u++) start[u + 1]! += start[u]!;
  const fill = start.slice(0, units);
  const grouped = new Int32Array(unit.length);
  for (let i = 0; i < unit.length; i++) grouped[fill[unit[i]!]!++] = code[i]!;
  const o = Array.from({ length: categories }, () => new Float64Array(categories));
  const tally = new Float64Array(categories);
  for (let u = 0; u < units; u++) {
    const m = start[u + 1]! - start[u]!;
    if (m < 2) continue;
    tally.fill(0);
    for (let i = start[u]!; i < start[u + 1]!; i++) tally[grouped[i]!]!++;
    addUnit(o, tally, m, 1);
  }
  return o.map((row) => Array.from(row));
}

/**
 * The coincidence matrix from each unit's category counts (counts[u][c] = values c in unit u),
 * unit u counted weights[u] times (default once): the form the bootstrap resamples.
 */
export function coincidencesFromCounts(
  counts: readonly (readonly number[])[],
  weights?: ArrayLike<number>,
): number[][] {
  const categories = counts[0]?.length ?? 0;
  const o = Array.from({ length: categories }, () => new Float64Array(categories));
  counts.forEach((tally, u) => {
    const m = tally.reduce((s, v) => s + v, 0);
    const weight = weights ? weights[u]! : 1;
    if (m >= 2 && weight > 0) addUnit(o, tally, m, weight);
  });
  return o.map((row) => Array.from(row));
}

/** Adds one unit's pairs of values to the coincidences, each pair weighted 1 / (m - 1). */
function addUnit(o: Float64Array[], tally: ArrayLike<number>, m: number, weight: number): void {
  for (let c = 0; c < o.length; c++) {
    if (tally[c] === 0) continue;
    for (let k = 0; k < o.length; k++) {
      const pairs = c === k ? tally[c]! * (tally[c]! - 1) : tally[c]! * tally[k]!;
      if (pairs) o[c]![k]! += (weight * pairs) / (m - 1);
    }
  }
}

/**
 * Krippendorff's alpha α = 1 - (n - 1) · Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck, where n_c are the
 * coincidence marginals and n = Σ n_c. Difference functions: nominal δ² = [c ≠ k]; ordinal
 * δ² = (Σ_{g=c..k} n_g - (n_c + n_k)/2)²; interval δ² = (v_c - v_k)² with `values` the categories'
 * numbers (default 0, 1, 2, ...).
 */
export function krippendorffAlpha(data: ReliabilityData, level: AlphaLevel, values?: readonly number[]): Statistic {
  return alphaFromCoincidences(coincidenceMatrix(data), level, values);
}

/** Krippendorff's alpha from a coincidence matrix (see krippendorffAlpha). */
export function alphaFromCoincidences(
  o: readonly (readonly number[])[],
  level: AlphaLevel,
  values?: readonly number[],
): Statistic {
  const k = o.length;
  const nc = o.map((row) => row.reduce((s, v) => s + v, 0));
  const n = nc.reduce((s, v) => s + v, 0);
  if (n === 0) return undefinedBecause("no unit has two or more values");
  const value = (c: number) => values?.[c] ?? c;
  const delta2 = (c: number, j: number): number => {
    if (c === j) return 0;
    if (level === "nominal") return 1;
    if (level === "interval") return (value(c) - value(j)) ** 2;
    const [lo, hi] = c < j ? [c, j] : [j, c];
    let between = 0;
    for (let g = lo; g <= hi; g++) between += nc[g]!;
    return (between - (nc[c]! + nc[j]!) / 2) ** 2;
  };
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < k; c++) {
    for (let j = 0; j < k; j++) {
      const d = delta2(c, j);
      if (d === 0) continue;
      observed += o[c]![j]! * d;
      expected += nc[c]! * nc[j]! * d;
    }
  }
  if (expected === 0) return undefinedBecause("all pairable values are the same category");
  return defined(1 - ((n - 1) * observed) / expected);
}
