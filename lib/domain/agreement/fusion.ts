/**
 * FeB4RAG's fusion of two LLMs (fuse_judgements.py): the mean of their numeric labels, then the
 * closest level, ties going to the lower level (Python's min() keeps the first). So a binary
 * decision "fused >= minimal" is exactly "mean >= 1". Labels are level positions 0..k-1.
 */
export function fuseLevels(a: number, b: number): number {
  return fuseMean([a, b]);
}

/** The same fusion of any number of LLMs' levels: their mean's closest level, ties to the lower. */
export function fuseMean(levels: readonly number[]): number {
  const mean = levels.reduce((s, v) => s + v, 0) / levels.length;
  return Math.ceil(mean - 0.5) + 0; // + 0 turns -0 into 0
}
