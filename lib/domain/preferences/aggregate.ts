import type { Choice } from "./criteria";

/**
 * One judgment of a side-by-side item: an annotator's choice per criterion between systems a and b
 * of a question, and which system was on the left (null when unknown, as for imported labels).
 */
export type PreferenceJudgment = {
  question: string;
  group: string;
  annotator: string;
  a: string;
  b: string;
  left: "a" | "b" | null;
  choices: Readonly<Record<string, Choice>>;
};

/** The verdict of a judgment: the system preferred on more of the criteria; a tie is no preference. */
export function verdictOf(choices: Readonly<Record<string, Choice>>, criteria: readonly string[]): Choice {
  const a = criteria.filter((c) => choices[c] === "a").length;
  const b = criteria.filter((c) => choices[c] === "b").length;
  return a > b ? "a" : b > a ? "b" : "none";
}

/** How often, for one pair of systems (first < second by name), each won and how often neither. */
export type PairTally = { first: string; second: string; firstWins: number; secondWins: number; none: number };

/**
 * Per pair of systems, the wins of each and the no-preferences on one criterion, or on the verdict
 * (`criterion` null). Pairs are named in name order whatever side of the data they were.
 */
export function pairTallies(
  judgments: readonly PreferenceJudgment[],
  criteria: readonly string[],
  criterion: string | null,
): PairTally[] {
  const tallies = new Map<string, PairTally>();
  for (const j of judgments) {
    const choice = criterion === null ? verdictOf(j.choices, criteria) : j.choices[criterion];
    if (choice === undefined) continue;
    const [first, second] = j.a < j.b ? [j.a, j.b] : [j.b, j.a];
    const key = `${first}\n${second}`;
    const t = tallies.get(key) ?? tallies.set(key, { first, second, firstWins: 0, secondWins: 0, none: 0 }).get(key)!;
    if (choice === "none") t.none++;
    else if ((choice === "a" ? j.a : j.b) === first) t.firstWins++;
    else t.secondWins++;
  }
  return [...tallies.values()].sort((x, y) => x.first.localeCompare(y.first) || x.second.localeCompare(y.second));
}

/** Position bias: of the choices for a side (on any criterion) where the sides are known, how many went to the left response. */
export function leftWins(
  judgments: readonly PreferenceJudgment[],
  criteria: readonly string[],
): { decided: number; left: number } {
  let decided = 0;
  let left = 0;
  for (const j of judgments) {
    if (j.left === null) continue;
    for (const c of criteria) {
      const choice = j.choices[c];
      if (choice !== "a" && choice !== "b") continue;
      decided++;
      if (choice === j.left) left++;
    }
  }
  return { decided, left };
}

/** Wilson's 95% score interval for a proportion; null without trials. */
export function wilsonInterval(
  successes: number,
  trials: number,
  z = 1.959963984540054,
): { low: number; high: number } | null {
  if (trials === 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Bradley-Terry strengths from pairwise tallies (a no-preference counts half a win for each),
 * fitted by Hunter's MM algorithm and scaled to sum to 1. A system that never wins gets 0.
 */
export function bradleyTerry(
  tallies: readonly PairTally[],
  iterations = 10_000,
  tolerance = 1e-12,
): Map<string, number> {
  const systems = [...new Set(tallies.flatMap((t) => [t.first, t.second]))].sort();
  const wins = new Map(systems.map((s) => [s, 0]));
  for (const t of tallies) {
    wins.set(t.first, wins.get(t.first)! + t.firstWins + t.none / 2);
    wins.set(t.second, wins.get(t.second)! + t.secondWins + t.none / 2);
  }
  let strength = new Map(systems.map((s) => [s, 1 / systems.length]));
  for (let round = 0; round < iterations; round++) {
    const next = new Map<string, number>();
    for (const s of systems) {
      let denominator = 0;
      for (const t of tallies) {
        if (t.first !== s && t.second !== s) continue;
        const other = t.first === s ? t.second : t.first;
        denominator += (t.firstWins + t.secondWins + t.none) / (strength.get(s)! + strength.get(other)!);
      }
      next.set(s, denominator === 0 ? 0 : wins.get(s)! / denominator);
    }
    const total = [...next.values()].reduce((x, y) => x + y, 0);
    for (const s of systems) next.set(s, total === 0 ? 1 / systems.length : next.get(s)! / total);
    const change = Math.max(...systems.map((s) => Math.abs(next.get(s)! - strength.get(s)!)));
    strength = next;
    if (change < tolerance) break;
  }
  return strength;
}

/** Per item judged by two or more annotators, how many chose a, b and none on a criterion (rows for the multi-rater statistics). */
export function choiceCounts(judgments: readonly PreferenceJudgment[], criterion: string): number[][] {
  const items = new Map<string, number[]>();
  for (const j of judgments) {
    const choice = j.choices[criterion];
    if (choice === undefined) continue;
    const key = `${j.question}\n${j.a}\n${j.b}`;
    const row = items.get(key) ?? items.set(key, [0, 0, 0]).get(key)!;
    row[choice === "a" ? 0 : choice === "b" ? 1 : 2]!++;
  }
  return [...items.values()].filter((row) => row[0]! + row[1]! + row[2]! >= 2);
}
