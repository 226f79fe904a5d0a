// `assay <command>` (the bin, scripts/assay.mjs, runs this file as scripts/build-cli.mjs bundled
// it): the command line on the process's own streams. What each command does is run-assay.ts's.
import { closeDb } from "@/lib/server/db/client";
import { processIo } from "./io";
import { runAssay } from "./run-assay";

// Output piped into a command that stops reading (`| head`) is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

try {
  process.exitCode = await runAssay(process.argv.slice(2), processIo());
} finally {
  await closeDb().catch(() => undefined); // nothing to close when the command never opened the database
}
