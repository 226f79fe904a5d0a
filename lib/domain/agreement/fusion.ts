/**
 * FeB4RAG's fusion of two LLMs (fuse_judgements.py): the mean of their numeric labels, then the
 * closest level, ties going to the lower level (Python's min() keeps the first). So a binary
 * decision "fused >= minimal" is exactly "mean >= 1". Labels are level positions 0..k-1.
 */
export function fuseLevels(a: number, b: number): number {
  return Math.ceil((a + b) / 2 - 0.5) + 0; // + 0 turns -0 into 0
}
