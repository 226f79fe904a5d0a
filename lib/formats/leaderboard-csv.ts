// A published score table as CSV `system,metric,score` (compare-leaderboards' input).
import { headedCsvParser } from "./csv";
import { bad, ok, type Parsed } from "./parsed";

export type LeaderboardRow = { system: string; metric: string; score: number };

const COLUMNS = ["system", "metric", "score"] as const;

/** A parser of the file's lines, the header first; null for the header and blank lines. */
export function leaderboardCsvParser() {
  return headedCsvParser(COLUMNS, ({ system, metric, score }, line): Parsed<LeaderboardRow> => {
    if (system === "") return bad(line, "is empty", "system");
    if (metric === "") return bad(line, "is empty", "metric");
    const value = Number(score);
    if (score === "" || !Number.isFinite(value)) return bad(line, `expected a number, got "${score}"`, "score");
    return ok({ system, metric, score: value });
  });
}
