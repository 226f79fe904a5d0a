import { evaluateRun, kendallTauB } from "@/lib/domain/impact/retrieval-metrics";
import { inputError, parseContractArgs } from "./contract-input";
import { DEFAULT_METRICS, depthOf, parseMetrics, readNuggetQrels, readRuns } from "./retrieval-inputs";

/**
 * The stable `compare-rankings` contract: the runs scored under two nugget qrels (say LLM and human
 * labels, or two corpus snapshots), and per metric Kendall's tau-b between the two scorings.
 * Prints {"kendall_tau_b": {"<metric>": x}, "rankings": {"a": {"<metric>": [{"run", "score"}, ...]}, "b": {...}}},
 * each ranking best first (ties by run tag); tau is null when a scoring ties every run. Bad input exits 2.
 */
export async function compareRankingsCommand(args: string[]): Promise<void> {
  const values = parseContractArgs(args, {
    "nugget-qrels-a": { type: "string" },
    "nugget-qrels-b": { type: "string" },
    run: { type: "string", multiple: true },
    metrics: { type: "string" },
  });
  if (!values["nugget-qrels-a"] || !values["nugget-qrels-b"])
    throw inputError("--nugget-qrels-a and --nugget-qrels-b are required");
  if (!values.run?.length) throw inputError("--run is required (one or more)");
  const metrics = parseMetrics(values.metrics ?? DEFAULT_METRICS);
  const [qrelsA, qrelsB, runs] = [
    await readNuggetQrels(values["nugget-qrels-a"]),
    await readNuggetQrels(values["nugget-qrels-b"]),
    await readRuns(values.run, depthOf(metrics)),
  ];
  const tags = [...runs.keys()].sort();
  const scoresA = tags.map((tag) => evaluateRun(qrelsA, runs.get(tag)!, metrics));
  const scoresB = tags.map((tag) => evaluateRun(qrelsB, runs.get(tag)!, metrics));
  const ranking = (scores: Record<string, number>[], metric: string) =>
    tags
      .map((run, i) => ({ run, score: scores[i]![metric]! }))
      .sort((x, y) => y.score - x.score || x.run.localeCompare(y.run));
  console.log(
    JSON.stringify({
      kendall_tau_b: Object.fromEntries(
        metrics.map((m) => [
          m.id,
          kendallTauB(
            scoresA.map((s) => s[m.id]!),
            scoresB.map((s) => s[m.id]!),
          ),
        ]),
      ),
      rankings: {
        a: Object.fromEntries(metrics.map((m) => [m.id, ranking(scoresA, m.id)])),
        b: Object.fromEntries(metrics.map((m) => [m.id, ranking(scoresB, m.id)])),
      },
    }),
  );
}
