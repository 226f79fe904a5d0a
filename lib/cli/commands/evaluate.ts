import { inputError, parseContractArgs } from "./contract-input";
import { labelsOption, readScorer, scoreRunFiles } from "./retrieval-inputs";
import { printLine, type CliIo } from "../io";

/**
 * The stable `evaluate` contract: each run's metrics under graded TREC qrels (trec_eval's
 * semantics) or nugget qrels (FreshStack's). Prints {"runs": {"<tag>": {"<metric>": x}}}, runs by
 * tag; bad input exits 2. Run files are read one after another, each let go once scored.
 */
export async function evaluateCommand(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    qrels: { type: "string" },
    "nugget-qrels": { type: "string" },
    run: { type: "string", multiple: true },
    metrics: { type: "string" },
    "judged-only": { type: "boolean" },
  });
  const labels = labelsOption(values, { qrels: "qrels", "nugget-qrels": "nugget-qrels" });
  if (!values.run?.length) throw inputError("--run is required (one or more)");
  const scorer = await readScorer(labels.kind, labels.file, values.metrics, { judgedOnly: values["judged-only"] });
  // a file at a time: memory holds the qrels and one file's runs
  const byTag = await scoreRunFiles(values.run, (_tag, run) => scorer.score(run));
  const scores = Object.fromEntries([...byTag].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  printLine(io, JSON.stringify({ runs: scores }));
}
