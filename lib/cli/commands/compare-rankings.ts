import { kendallTauB, spearmanRho } from "@/lib/domain/impact/rank-correlation";
import { inputError, parseContractArgs } from "./contract-input";
import { labelsOption, readScorer, scoreRunFiles, type Run, type Scorer } from "./retrieval-inputs";
import { printLine, type CliIo } from "../io";

const byTag = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The stable `compare-rankings` contract: runs scored under two label sets (say LLM and human
 * labels, or two corpus snapshots), and per metric Kendall's tau-b and Spearman's rho between the
 * two scorings of the runs both sides have (matched by tag). `--run` scores the same runs on both
 * sides; `--run-a` and `--run-b` give each side its own. Prints {"kendall_tau_b", "spearman_rho",
 * "rankings": {"a", "b"}, "unmatched": {"a", "b"}}; each ranking lists its side's runs best first
 * (ties by tag). A statistic is null when a side gives every matched run the same score. Bad input,
 * or fewer than two matched runs, exits 2.
 */
export async function compareRankingsCommand(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    "qrels-a": { type: "string" },
    "qrels-b": { type: "string" },
    "nugget-qrels-a": { type: "string" },
    "nugget-qrels-b": { type: "string" },
    run: { type: "string", multiple: true },
    "run-a": { type: "string", multiple: true },
    "run-b": { type: "string", multiple: true },
    metrics: { type: "string" },
    "judged-only": { type: "boolean" },
  });
  const a = labelsOption(values, { qrels: "qrels-a", "nugget-qrels": "nugget-qrels-a" });
  const b = labelsOption(values, { qrels: "qrels-b", "nugget-qrels": "nugget-qrels-b" });
  if (a.kind !== b.kind)
    throw inputError("--qrels-a/--qrels-b or --nugget-qrels-a/--nugget-qrels-b: both sides of one kind");
  const shared = values.run ?? [];
  const own = { a: values["run-a"] ?? [], b: values["run-b"] ?? [] };
  if (shared.length > 0 === (own.a.length > 0 || own.b.length > 0))
    throw inputError("give --run (one or more), or --run-a and --run-b (one or more each)");
  if (shared.length === 0 && (own.a.length === 0 || own.b.length === 0))
    throw inputError("--run-a and --run-b are both required (one or more each)");

  const scorerA = await readScorer(a.kind, a.file, values.metrics, { judgedOnly: values["judged-only"] });
  const scorerB = await readScorer(b.kind, b.file, values.metrics, { judgedOnly: values["judged-only"] });
  const metrics = scorerA.metrics;
  const { scoresA, scoresB } = await scoreSides(scorerA, scorerB, shared, own);
  const matched = [...scoresA.keys()].filter((tag) => scoresB.has(tag)).sort(byTag);
  if (matched.length < 2)
    throw inputError(
      `compare-rankings needs two or more runs that both sides score (matched by tag): found ${matched.length}`,
    );

  const statistic = (f: (x: number[], y: number[]) => number | null) =>
    Object.fromEntries(
      metrics.map((m) => [
        m,
        f(
          matched.map((tag) => scoresA.get(tag)![m]!),
          matched.map((tag) => scoresB.get(tag)![m]!),
        ),
      ]),
    );
  const ranking = (scores: Map<string, Record<string, number>>) =>
    Object.fromEntries(
      metrics.map((m) => [
        m,
        [...scores].map(([run, s]) => ({ run, score: s[m]! })).sort((x, y) => y.score - x.score || byTag(x.run, y.run)),
      ]),
    );
  printLine(
    io,
    JSON.stringify({
      kendall_tau_b: statistic(kendallTauB),
      spearman_rho: statistic(spearmanRho),
      rankings: { a: ranking(scoresA), b: ranking(scoresB) },
      unmatched: {
        a: [...scoresA.keys()].filter((tag) => !scoresB.has(tag)).sort(byTag),
        b: [...scoresB.keys()].filter((tag) => !scoresA.has(tag)).sort(byTag),
      },
    }),
  );
}

type Scores = Map<string, Record<string, number>>;

/**
 * Each side's runs scored by its labels, a file at a time: shared runs scored on both sides as each
 * file is read, or each side's own files. A run that shares no query with a side's labels is refused.
 */
async function scoreSides(
  scorerA: Scorer,
  scorerB: Scorer,
  shared: readonly string[],
  own: { a: readonly string[]; b: readonly string[] },
): Promise<{ scoresA: Scores; scoresB: Scores }> {
  const scored = (scorer: Scorer, side: string, tag: string, run: Run) => {
    const scores = scorer.score(run);
    if (scorer.metrics.some((m) => scores[m] === null))
      throw inputError(`run "${tag}" shares no query with the labels of side ${side}`);
    return scores as Record<string, number>;
  };
  if (shared.length === 0)
    return {
      scoresA: await scoreRunFiles(own.a, (tag, run) => scored(scorerA, "a", tag, run)),
      scoresB: await scoreRunFiles(own.b, (tag, run) => scored(scorerB, "b", tag, run)),
    };
  const both = await scoreRunFiles(shared, (tag, run) => ({
    a: scored(scorerA, "a", tag, run),
    b: scored(scorerB, "b", tag, run),
  }));
  return {
    scoresA: new Map([...both].map(([tag, s]) => [tag, s.a])),
    scoresB: new Map([...both].map(([tag, s]) => [tag, s.b])),
  };
}
