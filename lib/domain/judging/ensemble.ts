/**
 * How an ensemble of judges gives one label from its members' levels (level positions, 0 the
 * lowest): `majority` for nominal labels (a tie gives none, and is counted), `lower-median` for
 * ordinal ones (of an even number, the lower of the middle two). FeB4RAG's fusion of two LLMs is
 * the label set "fused:<x>+<y>" (fusedLabels, by fuseLevels).
 */
export type EnsembleRule = "majority" | "lower-median";

export function ensembleLevel(rule: EnsembleRule, levels: readonly number[]): number | null {
  if (levels.length === 0) return null;
  if (rule === "lower-median") return levels.toSorted((a, b) => a - b)[(levels.length - 1) >> 1]!;
  const counts = new Map<number, number>();
  for (const level of levels) counts.set(level, (counts.get(level) ?? 0) + 1);
  const most = Math.max(...counts.values());
  const winners = [...counts].filter(([, n]) => n === most);
  return winners.length === 1 ? winners[0]![0] : null;
}
