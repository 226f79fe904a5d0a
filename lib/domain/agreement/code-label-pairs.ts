import { binarize, scaleById, levelIndex, PREFERENCE_SCALE_ID, PREFERENCE_VALUES, type Scale } from "../scales";

/** Two sources' labels of the same target(s); `count` identical pairs (default 1). */
export type LabelPair = { a: { value: string; scale: string }; b: { value: string; scale: string }; count?: number };

export type CodedPairs = {
  a: Int32Array;
  b: Int32Array;
  categories: string[];
  ordered: boolean;
  /** True when the sources use different scales and are compared through each one's binarization. */
  binarized: boolean;
  comparedOn: string;
  /** Pairs dropped because a value is not a level of its scale. */
  skipped: number;
};

const BINARY = ["not relevant", "relevant"];

/**
 * Codes label pairs for agreement statistics. On one shared scale the categories are its levels
 * (ordered); a preference scale is nominal (a, b, none); on different scales each side is reduced to
 * positive / not positive by its own scale's threshold (docs/DOMAIN.md, "Agreement": FeB4RAG compares human BEIR
 * label > 0 with LLM label >= minimal).
 */
export function codeLabelPairs(pairs: readonly LabelPair[]): CodedPairs {
  const scalesA = new Set(pairs.map((p) => p.a.scale));
  const scalesB = new Set(pairs.map((p) => p.b.scale));
  const [scaleA] = scalesA;
  const same = scalesA.size === 1 && scalesB.size === 1 && scaleA === [...scalesB][0];
  const total = pairs.reduce((sum, p) => sum + (p.count ?? 1), 0);
  const a = new Int32Array(total);
  const b = new Int32Array(total);
  let n = 0;
  let skipped = 0;
  const put = (p: LabelPair, x: number, y: number) => {
    for (let c = p.count ?? 1; c > 0; c--) [a[n], b[n++]] = [x, y];
  };
  if (same && scaleA === PREFERENCE_SCALE_ID) {
    const index = (v: string) => PREFERENCE_VALUES.indexOf(v as (typeof PREFERENCE_VALUES)[number]);
    for (const p of pairs) {
      const [x, y] = [index(p.a.value), index(p.b.value)];
      if (x < 0 || y < 0) skipped += p.count ?? 1;
      else put(p, x, y);
    }
    return {
      a: a.slice(0, n),
      b: b.slice(0, n),
      categories: [...PREFERENCE_VALUES],
      ordered: false,
      binarized: false,
      comparedOn: "preference (a, b, none)",
      skipped,
    };
  }
  const scale = same ? scaleById(scaleA!) : null;
  if (scale) {
    for (const p of pairs) {
      const [x, y] = [levelIndex(scale, p.a.value), levelIndex(scale, p.b.value)];
      if (x === null || y === null) skipped += p.count ?? 1;
      else put(p, x, y);
    }
    return {
      a: a.slice(0, n),
      b: b.slice(0, n),
      categories: scale.levels.map((l) => l.label),
      ordered: true,
      binarized: false,
      comparedOn: scale.name,
      skipped,
    };
  }
  const cache = new Map<string, Scale | null>();
  const positive = (label: { value: string; scale: string }) => {
    if (!cache.has(label.scale)) cache.set(label.scale, scaleById(label.scale));
    const s = cache.get(label.scale);
    return s ? binarize(s, label.value) : null;
  };
  for (const p of pairs) {
    const [x, y] = [positive(p.a), positive(p.b)];
    if (x === null || y === null) skipped += p.count ?? 1;
    else put(p, x ? 1 : 0, y ? 1 : 0);
  }
  const names = [...new Set([...scalesA, ...scalesB])].join(" and ");
  return {
    a: a.slice(0, n),
    b: b.slice(0, n),
    categories: BINARY,
    ordered: true,
    binarized: true,
    comparedOn: `each scale's binarization (${names})`,
    skipped,
  };
}
