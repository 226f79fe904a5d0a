import {
  answerNuggetScores,
  meanNuggetScores,
  textOrder,
  type NuggetScores,
} from "@/lib/domain/nugget-scores/nugget-scores";
import { parseNuggetizerAssignmentsLine } from "@/lib/formats/nuggetizer";
import { printLine, type CliIo } from "../io";
import { eachRow, inputError, parseContractArgs, repeated } from "./contract-input";

/**
 * The stable `nugget-scores` contract: nuggetizer's assignments JSONL in, each run's nugget scores
 * out as nuggetizer computes them (All, Vital and their strict forms; a run's score is the mean over
 * its answers). `--by run` (the default) prints one JSON line per run, `{"run_id", "answers",
 * "strict_vital_score", "strict_all_score", "vital_score", "all_score"}`; `--by answer` one per run
 * and question, with "qid" and without "answers"; sorted by run_id, then qid. A run answering a
 * question twice, or any bad line, exits 2 naming the file, line and field.
 */
export async function nuggetScoresCommand(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, { assignments: { type: "string" }, by: { type: "string" } });
  if (!values.assignments) throw inputError("--assignments is required");
  const by = values.by ?? "run";
  if (by !== "run" && by !== "answer") throw inputError(`--by must be run or answer, not "${by}"`);
  const file = values.assignments;
  const runs = new Map<string, Map<string, { line: number; scores: NuggetScores }>>();
  await eachRow(file, parseNuggetizerAssignmentsLine, (row, line) => {
    const answers = runs.get(row.runId) ?? new Map();
    runs.set(row.runId, answers);
    const first = answers.get(row.qid);
    if (first) throw repeated(file, line, `run ${row.runId}'s answer to ${row.qid}`, first.line, "qid");
    answers.set(row.qid, { line, scores: answerNuggetScores(row.nuggets) });
  });
  for (const runId of [...runs.keys()].sort(textOrder)) {
    const answers = [...runs.get(runId)!].sort(([a], [b]) => textOrder(a, b));
    if (by === "answer") {
      for (const [qid, { scores }] of answers) printLine(io, JSON.stringify({ run_id: runId, qid, ...scores }));
    } else {
      const mean = meanNuggetScores(answers.map(([, a]) => a.scores));
      printLine(io, JSON.stringify({ run_id: runId, answers: answers.length, ...mean }));
    }
  }
}
