import { changeJudgeRun, studyOfJudgeRun } from "@/lib/server/judging/judge-runs";
import { CLI_OPERATOR, orInputError } from "../operator";
import { inputError, parseContractArgs } from "./contract-input";
import { studyOption } from "./study-option";
import { printLine, type CliIo } from "../io";
import { idOption } from "../numeric-options";

type Action = "pause" | "resume" | "cancel" | "retry";

/**
 * `assay judge pause|resume|cancel|retry --run ID [--study S]`: what the run's buttons on the LLM
 * judges page do (retry: its unparsed and failed calls again). Prints the run as one JSON line; a
 * change the run's state refuses (pausing a finished run) exits 2 with the reason.
 */
export const judgeControl =
  (action: Action) =>
  async (args: string[], io: CliIo): Promise<void> => {
    const values = parseContractArgs(args, { run: { type: "string" }, study: { type: "string" } });
    if (values.run === undefined) throw inputError("--run is required");
    const runId = idOption("run", values.run, "a run");
    const studyId = values.study === undefined ? await studyOfJudgeRun(runId) : (await studyOption(values.study)).id;
    if (studyId === null) throw inputError(`--run: there is no judge run ${runId}`);
    const { run } = await orInputError(changeJudgeRun(CLI_OPERATOR, studyId, runId, action));
    printLine(
      io,
      JSON.stringify({ run: run.id, judge: run.judge, status: run.status, calls: run.calls, total: run.total }),
    );
  };
