// `assay <command>` (the bin, scripts/assay.mjs, runs this file as scripts/build-cli.mjs bundled
// it): the Assay command line. Thin: it parses arguments and calls the same lib/server operations
// as the web app. Errors print one line to stderr and exit 1 (2 for `agreement`, `evaluate`,
// `compare-rankings`, `compare-leaderboards`, `graded-precision`, `ppi-mean`, `studies create` and
// `members`, whose contracts say so). Commands load lazily, so `agreement` never loads Prisma (the client module
// loads it only when a command opens the database, after checking that it answers and is migrated).
import { closeDb } from "@/lib/server/db/client";
import { checkDatabase } from "@/lib/server/db/check-database";
import { HELP } from "./help";
import { UsageError } from "./usage-error";

type Command = (args: string[]) => Promise<void>;

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
  "graded-precision": async () => (await import("./commands/graded-precision")).gradedPrecisionCommand,
  evaluate: async () => (await import("./commands/evaluate")).evaluateCommand,
  "compare-rankings": async () => (await import("./commands/compare-rankings")).compareRankingsCommand,
  "ppi-mean": async () => (await import("./commands/ppi-mean")).ppiMeanCommand,
  "compare-leaderboards": async () => (await import("./commands/compare-leaderboards")).compareLeaderboardsCommand,
  "db copy": async () => (await import("./commands/db-copy")).dbCopy,
  "judge templates": async () => (await import("./commands/judge-templates")).judgeTemplates,
  "judge run": async () => (await import("./commands/judge-run")).judgeRun,
  "judge export": async () => (await import("./commands/judge-export")).judgeExport,
};

async function main(argv: string[]): Promise<number> {
  const [first, second, ...rest] = argv;
  if (!first || first === "help" || first === "--help" || first === "-h") {
    console.log(HELP);
    return 0;
  }
  const twoWords = COMMANDS[`${first} ${second ?? ""}`];
  const oneWord = COMMANDS[first];
  if (USES_DATABASE.has(twoWords ? `${first} ${second}` : first)) {
    const problem = await checkDatabase();
    if (problem) throw new DatabaseProblem(problem);
  }
  if (twoWords) await (await twoWords())(rest);
  else if (oneWord) await (await oneWord())(second === undefined ? rest : [second, ...rest]);
  else throw new UsageError(`unknown command "${[first, second].filter(Boolean).join(" ")}"`);
  return 0;
}

/** The database does not answer or is not migrated: one line saying what to do, no stack trace. */
class DatabaseProblem extends Error {}

// Output piped into a command that stops reading (`| head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.exitCode = error instanceof UsageError ? error.exitCode : 1;
  if (error instanceof DatabaseProblem) {
    console.error(`assay: ${error.message}`);
  } else if (error instanceof UsageError && error.exitCode !== 1) {
    console.error(`assay: ${error.message}`);
  } else if (error instanceof UsageError) {
    console.error(`assay: ${error.message}\nRun \`npx assay help\` for usage.`);
  } else {
    console.error(`assay: ${error instanceof Error ? error.message : String(error)}`);
    const listed = (error as { details?: { errors?: unknown } }).details?.errors;
    if (Array.isArray(listed) && listed.length > 1) for (const line of listed) console.error(`  ${String(line)}`);
  }
} finally {
  await closeDb().catch(() => undefined); // nothing to close when the command never opened the database
}
