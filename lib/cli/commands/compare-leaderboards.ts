import { kendallTauB, spearmanRho } from "@/lib/domain/impact/rank-correlation";
import { describeLineError } from "@/lib/formats/parsed";
import { leaderboardCsvParser } from "@/lib/formats/leaderboard-csv";
import { eachRow, inputError, parseContractArgs } from "./contract-input";
import { printLine, type CliIo } from "../io";

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A score table by metric, then system; a repeated (system, metric) is an input error naming both lines. */
async function readLeaderboard(file: string): Promise<Map<string, Map<string, number>>> {
  const table = new Map<string, Map<string, number>>();
  const lines = new Map<string, number>();
  await eachRow(file, leaderboardCsvParser(), (row, line) => {
    const key = `${row.system}\u0000${row.metric}`;
    const first = lines.get(key);
    if (first !== undefined)
      throw inputError(
        describeLineError(file, {
          line,
          message: `system "${row.system}" has a second ${row.metric} score (first on line ${first})`,
        }),
      );
    lines.set(key, line);
    (table.get(row.metric) ?? table.set(row.metric, new Map()).get(row.metric)!).set(row.system, row.score);
  });
  return table;
}

/**
 * The stable `compare-leaderboards` contract: two published score tables (CSV system,metric,score),
 * and per metric Kendall's tau-b and Spearman's rho between their orders of the systems both
 * list. Prints {"kendall_tau_b", "spearman_rho", "systems", "unmatched": {"a", "b"}}; a system in
 * one table only is listed and left out. Bad input, a metric in one table only, or fewer than two
 * systems in both exits 2.
 */
export async function compareLeaderboardsCommand(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, { a: { type: "string" }, b: { type: "string" } });
  if (!values.a || !values.b) throw inputError("--a and --b are required (CSV files system,metric,score)");
  const [a, b] = [await readLeaderboard(values.a), await readLeaderboard(values.b)];
  for (const [table, other, side] of [
    [a, b, "--a"],
    [b, a, "--b"],
  ] as const)
    for (const metric of table.keys())
      if (!other.has(metric))
        throw inputError(`metric "${metric}" is only in ${side}: both tables must score the same metrics`);
  const systems = (table: Map<string, Map<string, number>>) =>
    new Set([...table.values()].flatMap((scores) => [...scores.keys()]));
  const [inA, inB] = [systems(a), systems(b)];
  const both = [...inA].filter((s) => inB.has(s)).sort(byName);
  if (both.length < 2)
    throw inputError(`compare-leaderboards needs two or more systems in both tables: found ${both.length}`);
  const metrics = [...a.keys()].sort(byName);
  const statistic = (f: (x: number[], y: number[]) => number | null) =>
    Object.fromEntries(
      metrics.map((metric) => {
        const matched = both.filter((s) => a.get(metric)!.has(s) && b.get(metric)!.has(s));
        return [
          metric,
          f(
            matched.map((s) => a.get(metric)!.get(s)!),
            matched.map((s) => b.get(metric)!.get(s)!),
          ),
        ];
      }),
    );
  printLine(
    io,
    JSON.stringify({
      kendall_tau_b: statistic(kendallTauB),
      spearman_rho: statistic(spearmanRho),
      systems: both.length,
      unmatched: {
        a: [...inA].filter((s) => !inB.has(s)).sort(byName),
        b: [...inB].filter((s) => !inA.has(s)).sort(byName),
      },
    }),
  );
}
