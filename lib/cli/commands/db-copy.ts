import { parseArgs } from "node:util";
import { copyDatabase, type CopyProgress } from "@/lib/server/db/copy-database";
import { databaseUrl, describeUrl } from "@/lib/server/db/database-url.mjs";
import { UsageError } from "../usage-error";
import { printLine, type CliIo } from "../io";

/**
 * `assay db copy --to URL`: the whole instance at DATABASE_URL copied into the migrated, empty
 * database at URL (see copyDatabase). A progress bar on a terminal (stderr), a JSON line per table
 * otherwise; the summary as JSON on stdout.
 */
export async function dbCopy(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: "string" } }, strict: true });
  if (!values.to) throw new UsageError("--to is required: the URL of the target database (migrated and empty)");
  const from = databaseUrl();
  const bar = io.stderr.isTTY;
  let lastTable = "";
  const progress = (p: CopyProgress) => {
    if (bar) {
      const share = p.total === 0 ? 1 : p.done / p.total;
      const width = 30;
      const filled = Math.round(share * width);
      io.stderr.write(
        `\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${(share * 100).toFixed(0).padStart(3)}% ${p.table} ${p.copied.toLocaleString("en")}/${p.rows.toLocaleString("en")}\u001b[K`,
      );
    } else if (p.copied === p.rows && p.table !== lastTable) {
      lastTable = p.table;
      io.stderr.write(`${JSON.stringify({ table: p.table, rows: p.rows, done: p.done, total: p.total })}\n`);
    }
  };
  io.stderr.write(`Copying ${describeUrl(from)} to ${describeUrl(values.to)}\n`);
  const summary = await copyDatabase(from, values.to, progress);
  if (bar) io.stderr.write("\n");
  printLine(
    io,
    JSON.stringify({
      from: describeUrl(from),
      to: describeUrl(values.to),
      rows: summary.rows,
      ms: summary.ms,
      tables: Object.fromEntries(summary.tables.map((t) => [t.name, { rows: t.rows, sha256: t.sha256 }])),
    }),
  );
}
