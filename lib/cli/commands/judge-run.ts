import { costText, finishedCalls, roundMoney } from "@/lib/domain/judging/run-progress";
import type { JudgeRunProgress, JudgeRunSample, NewJudgeRun } from "@/lib/schemas/judging";
import { createJudgeRun } from "@/lib/server/judging/create-judge-run";
import { getJudgeRun, getJudgeRunProgress } from "@/lib/server/judging/judge-runs";
import { startJudgeWorker } from "@/lib/server/judging/judge-worker";
import { CLI_OPERATOR, orInputError } from "../operator";
import { inputError, parseContractArgs } from "./contract-input";
import { studyOption } from "./study-option";
import { printLine, printError, type CliIo } from "../io";
import { decimalOption, idOption, wholeOption } from "../numeric-options";

/**
 * The sample a --sample option names: all, pairs:N, questions:N (for a preference: N requests) or
 * campaign:NAME. N is a decimal integer from 1, nothing else (not 1e1, 0x3 or " 2"); one larger
 * than the study's pool is refused when the run is created, with the pool's size.
 */
export function sampleOption(text: string): JudgeRunSample {
  if (text === "all") return { kind: "all_pairs" };
  const [kind, rest] = [text.slice(0, text.indexOf(":")), text.slice(text.indexOf(":") + 1)];
  const n = /^[1-9][0-9]{0,8}$/.test(rest) ? Number(rest) : null;
  if (kind === "pairs" && n !== null) return { kind: "random_pairs", pairs: n };
  if (kind === "questions" && n !== null) return { kind: "random_questions", questions: n };
  if (kind === "campaign" && rest.trim()) return { kind: "campaign", campaign: rest.trim() };
  throw inputError(
    `--sample: "${text}" is not all, pairs:N, questions:N (N a whole number from 1, in decimal digits) or campaign:NAME`,
  );
}

const progressLine = (run: JudgeRunProgress) => ({
  run: run.id,
  judge: run.judge,
  status: run.status,
  finished: finishedCalls(run),
  total: run.total,
  calls: run.calls,
  cached: run.cachedCalls,
  inconsistentPairs: run.inconsistentPairs,
  inputTokens: run.inputTokens,
  outputTokens: run.outputTokens,
  cost: { ...run.cost, known: roundMoney(run.cost.known) },
  etaSeconds: run.etaSeconds,
  waiting: run.waiting,
  ...(run.failure === null ? {} : { failure: run.failure }),
});

/** A nuggetizer template's options (--label-set, --level, --window-size, --max-nuggets, --max-tries), those given. */
function nuggetizerOptions(values: Partial<Record<string, string | boolean>>): Pick<NewJudgeRun, "nuggetizer"> {
  const whole = (name: string, min: number) =>
    typeof values[name] === "string" ? wholeOption(name, values[name], { min }) : undefined;
  const given = {
    labelSet: typeof values["label-set"] === "string" ? values["label-set"] : undefined,
    level: whole("level", 0),
    windowSize: whole("window-size", 1),
    maxNuggets: whole("max-nuggets", 1),
    maxTries: whole("max-tries", 1),
  };
  const set = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  return Object.keys(set).length ? { nuggetizer: set } : {};
}

function progressBar(run: JudgeRunProgress): string {
  const line = progressLine(run);
  const width = 30;
  const filled = run.total === 0 ? width : Math.round((line.finished / run.total) * width);
  const eta = run.waiting ? ` · ${run.waiting}` : run.etaSeconds === null ? "" : ` · ETA ${run.etaSeconds} s`;
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${line.finished}/${run.total} · ${run.inputTokens + run.outputTokens} tokens · cost ${costText(run)}${eta}`;
}

/**
 * `assay judge run --study S --template NAME[@VERSION] --endpoint NAME [--sample S] [--temperature T]
 * [--seed N] [--systems A,B --criterion C]` (a preference template: the systems it compares)
 * [--nugget-set NAME] (the set a nugget task reads, or a nuggetizer-score run grades)
 * [--label-set L --level N] (a nuggetizer-create run: the passages it reads) [--window-size N
 * --max-nuggets N --max-tries N] (nuggetizer's windows, list length and tries a window), or
 * `--run ID` to work an existing run: makes the run's calls in this process (beside any server
 * working it too) until none is left, with a progress bar on a terminal and a JSON line per second
 * otherwise; then one JSON line, the run's totals. Exits as endedWith says how the run stands (0
 * done, 1 failed, 3 paused, 4 cancelled, 5 cannot go on), 2 for a usage error, 130 on SIGINT and
 * 143 on SIGTERM (calls in flight are abandoned and given back; --run ID goes on).
 */
export async function judgeRun(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    study: { type: "string" },
    template: { type: "string" },
    endpoint: { type: "string" },
    sample: { type: "string", default: "all" },
    temperature: { type: "string", default: "0" },
    seed: { type: "string" },
    systems: { type: "string" },
    criterion: { type: "string" },
    "nugget-set": { type: "string" },
    "label-set": { type: "string" },
    level: { type: "string" },
    "window-size": { type: "string" },
    "max-nuggets": { type: "string" },
    "max-tries": { type: "string" },
    run: { type: "string" },
  });
  const study = await studyOption(values.study);
  let runId: number;
  if (values.run !== undefined) {
    runId = idOption("run", values.run, "a run");
    await orInputError(getJudgeRun(CLI_OPERATOR, study.id, runId));
  } else {
    if (!values.template) throw inputError("--template is required (or --run ID)");
    if (!values.endpoint) throw inputError("--endpoint is required (or --run ID)");
    const temperature = decimalOption("temperature", values.temperature!, { min: 0, max: 2, example: "0.7" });
    const seed = values.seed === undefined ? null : wholeOption("seed", values.seed, { min: -2_147_483_648 });
    const created = await orInputError(
      createJudgeRun(CLI_OPERATOR, study.id, {
        template: values.template,
        endpoint: values.endpoint,
        sample: sampleOption(values.sample!),
        temperature,
        seed,
        ...(values.systems === undefined ? {} : { systems: values.systems.split(",").map((s) => s.trim()) }),
        ...(values.criterion === undefined ? {} : { criterion: values.criterion }),
        ...(values["nugget-set"] === undefined ? {} : { nuggetSet: values["nugget-set"] }),
        ...nuggetizerOptions(values),
      }),
    );
    runId = created.id;
  }
  const tty = io.stderr.isTTY;
  const report = async (final: boolean) => {
    const run = await getJudgeRunProgress(CLI_OPERATOR, study.id, runId);
    if (final) {
      if (tty) io.stderr.write(`\r${progressBar(run)}\n`);
      printLine(io, JSON.stringify({ ...progressLine(run), final: true }));
    } else if (tty) io.stderr.write(`\r${progressBar(run)}`);
    else printLine(io, JSON.stringify(progressLine(run)));
  };
  const worker = startJudgeWorker({ runIds: [runId], pollMs: 500 });
  let interrupted: number | null = null;
  let onInterrupt = () => {};
  const interruption = new Promise<void>((resolve) => (onInterrupt = resolve));
  const interruptWith = (code: number) => () => {
    interrupted = code;
    onInterrupt();
  };
  const interrupt = interruptWith(130);
  const terminate = interruptWith(143);
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", terminate);
  const timer = setInterval(() => void report(false).catch(() => {}), tty ? 250 : 1000);
  try {
    await Promise.race([worker.idle(), interruption]); // an interrupted run keeps its stored calls; --run ID goes on
  } finally {
    clearInterval(timer);
    await worker.stop();
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", terminate);
  }
  await report(true);
  io.exitCode = interrupted ?? (await endedWith(io, study.id, runId));
}

/**
 * How a run's process tells the shell how the run stands (docs/CLI.md, "Exit codes"): 0 done (with
 * how many calls gave no label on stderr), 1 failed (the reason), 3 paused and 4 cancelled (by
 * someone else, from another terminal or the page), 5 cannot go on here (its endpoint is gone).
 */
async function endedWith(io: CliIo, studyId: number, runId: number): Promise<number> {
  const { run, problems } = await getJudgeRun(CLI_OPERATOR, studyId, runId);
  switch (run.status) {
    case "failed":
      printError(
        io,
        run.calls.done + run.calls.unparsed === 0
          ? `assay: judge run ${run.id} failed: no call was answered; the first reason: ${run.failure}`
          : `assay: judge run ${run.id} failed: ${run.failure}`,
      );
      return 1;
    case "paused":
      printError(
        io,
        `assay: judge run ${run.id} is paused with ${run.total - finishedCalls(run)} of ${run.total} calls left: \`judge resume --run ${run.id}\`, then \`judge run --run ${run.id}\` goes on`,
      );
      return 3;
    case "cancelled":
      printError(
        io,
        `assay: judge run ${run.id} was cancelled with ${run.total - finishedCalls(run)} of ${run.total} calls left`,
      );
      return 4;
    case "running":
      printError(
        io,
        `assay: judge run ${run.id} cannot go on here: this server has no endpoint "${run.endpoint}" any more; register it again (the same name and URL), then \`judge run --run ${run.id}\``,
      );
      return 5;
    case "done": {
      const failed = run.calls.failed + run.calls.unparsed;
      if (failed > 0)
        printError(
          io,
          `assay: judge run ${run.id}: ${run.calls.failed} of ${run.total} calls failed and ${run.calls.unparsed} did not parse (the first: ${problems.find((p) => p.status !== "skipped")?.error}); \`judge retry --run ${run.id}\` makes them again`,
        );
      return 0;
    }
  }
}
