import { evaluateRun } from "@/lib/domain/impact/retrieval-metrics";
import { inputError, parseContractArgs } from "./contract-input";
import { DEFAULT_METRICS, depthOf, parseMetrics, readNuggetQrels, readRuns } from "./retrieval-inputs";

/**
 * The stable `evaluate` contract: each run's FreshStack metrics against nugget qrels, averaged over
 * every query of the qrels. Prints {"runs": {"<tag>": {"<metric>": x}}}; bad input exits 2.
 */
export async function evaluateCommand(args: string[]): Promise<void> {
  const values = parseContractArgs(args, {
    "nugget-qrels": { type: "string" },
    run: { type: "string", multiple: true },
    metrics: { type: "string" },
  });
  if (!values["nugget-qrels"]) throw inputError("--nugget-qrels is required");
  if (!values.run?.length) throw inputError("--run is required (one or more)");
  const metrics = parseMetrics(values.metrics ?? DEFAULT_METRICS);
  const qrels = await readNuggetQrels(values["nugget-qrels"]);
  const runs = await readRuns(values.run, depthOf(metrics));
  const scores = Object.fromEntries(
    [...runs].sort(([a], [b]) => a.localeCompare(b)).map(([tag, run]) => [tag, evaluateRun(qrels, run, metrics)]),
  );
  console.log(JSON.stringify({ runs: scores }));
}
