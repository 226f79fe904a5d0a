// The Assay command line as a function: `runAssay(argv, io)` runs a command and answers its exit
// code, printing any error as one line on io.stderr. main.ts (the bin) calls it with the process's
// streams; tests call it with memory streams, in-process. It parses arguments and calls the same
// lib/server operations as the web app. Errors exit 1 (2 for `agreement`, `aggregate`, `evaluate`,
// `compare-rankings`, `compare-leaderboards`, `graded-precision`, `ppi-mean`, `alt-test`, `significance`, `nugget-scores`, `studies create` and
// `members`, whose contracts say so). Commands load lazily, so `agreement` never loads Prisma (the
// client module loads it only when a command opens the database, after checking that it answers
// and is migrated).
import { HELP } from "./help";
import { printError, printLine, type CliIo } from "./io";
import { UsageError } from "./usage-error";

type Command = (args: string[], io: CliIo) => Promise<void>;

/** The commands that open the database: they first check that it answers and is migrated. */
const USES_DATABASE = new Set([
  "user create",
  "studies list",
  "studies create",
  "members add",
  "members list",
  "members remove",
  "import",
  "export",
  "db copy",
  "judge templates",
  "judge run",
  "judge export",
  "judge endpoints add",
  "judge endpoints list",
  "judge endpoints check",
  "judge endpoints remove",
  "judge pause",
  "judge resume",
  "judge cancel",
  "judge retry",
]);

const COMMANDS: Record<string, () => Promise<Command>> = {
  "user create": async () => (await import("./commands/user-create")).userCreate,
  "studies list": async () => (await import("./commands/studies-list")).studiesList,
  "studies create": async () => (await import("./commands/studies-create")).studiesCreate,
  "members add": async () => (await import("./commands/members")).membersAdd,
  "members list": async () => (await import("./commands/members")).membersList,
  "members remove": async () => (await import("./commands/members")).membersRemove,
  import: async () => (await import("./commands/import")).importCommand,
  export: async () => (await import("./commands/export")).exportCommand,
  agreement: async () => (await import("./commands/agreement")).agreementCommand,
  "alt-test": async () => (await import("./commands/alt-test")).altTestCommand,
  aggregate: async () => (await import("./commands/aggregate")).aggregateCommand,
  "graded-precision": async () => (await import("./commands/graded-precision")).gradedPrecisionCommand,
  evaluate: async () => (await import("./commands/evaluate")).evaluateCommand,
  significance: async () => (await import("./commands/significance")).significanceCommand,
  "compare-rankings": async () => (await import("./commands/compare-rankings")).compareRankingsCommand,
  "ppi-mean": async () => (await import("./commands/ppi-mean")).ppiMeanCommand,
  "nugget-scores": async () => (await import("./commands/nugget-scores")).nuggetScoresCommand,
  "compare-leaderboards": async () => (await import("./commands/compare-leaderboards")).compareLeaderboardsCommand,
  "db copy": async () => (await import("./commands/db-copy")).dbCopy,
  "judge templates": async () => (await import("./commands/judge-templates")).judgeTemplates,
  "judge run": async () => (await import("./commands/judge-run")).judgeRun,
  "judge export": async () => (await import("./commands/judge-export")).judgeExport,
  "judge endpoints add": async () => (await import("./commands/judge-endpoints")).judgeEndpointsAdd,
  "judge endpoints list": async () => (await import("./commands/judge-endpoints")).judgeEndpointsList,
  "judge endpoints check": async () => (await import("./commands/judge-endpoints")).judgeEndpointsCheck,
  "judge endpoints remove": async () => (await import("./commands/judge-endpoints")).judgeEndpointsRemove,
  "judge pause": async () => (await import("./commands/judge-control")).judgeControl("pause"),
  "judge resume": async () => (await import("./commands/judge-control")).judgeControl("resume"),
  "judge cancel": async () => (await import("./commands/judge-control")).judgeControl("cancel"),
  "judge retry": async () => (await import("./commands/judge-control")).judgeControl("retry"),
};

/** The database does not answer or is not migrated: one line saying what to do, no stack trace. */
class DatabaseProblem extends Error {}

/** Runs the command argv names (its longest match, up to three words); its exit code (one it set, else 0). */
async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [first] = argv;
  if (!first || first === "help" || first === "--help" || first === "-h") {
    printLine(io, HELP);
    return 0;
  }
  const words = [3, 2, 1].find((n) => argv.length >= n && COMMANDS[argv.slice(0, n).join(" ")]);
  if (words === undefined) throw new UsageError(`unknown command "${argv.slice(0, 2).filter(Boolean).join(" ")}"`);
  const name = argv.slice(0, words).join(" ");
  if (USES_DATABASE.has(name)) {
    const { checkDatabase } = await import("@/lib/server/db/check-database");
    const problem = await checkDatabase();
    if (problem) throw new DatabaseProblem(problem);
  }
  await (
    await COMMANDS[name]!()
  )(argv.slice(words), io);
  return io.exitCode ?? 0;
}

/** Runs `assay <argv>` on `io`: the exit code, with any error printed as one line (and a listed import's errors under it). */
export async function runAssay(argv: string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof DatabaseProblem) {
      printError(io, `assay: ${error.message}`);
    } else if (error instanceof UsageError && error.exitCode !== 1) {
      printError(io, `assay: ${error.message}`);
    } else if (error instanceof UsageError) {
      printError(io, `assay: ${error.message}\nRun \`npx assay help\` for usage.`);
    } else {
      printError(io, `assay: ${error instanceof Error ? error.message : String(error)}`);
      const listed = (error as { details?: { errors?: unknown } }).details?.errors;
      if (Array.isArray(listed) && listed.length > 1) for (const line of listed) printError(io, `  ${String(line)}`);
    }
    return error instanceof UsageError ? error.exitCode : 1;
  }
}
