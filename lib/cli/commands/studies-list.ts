import { parseArgs } from "node:util";
import { listStudies } from "@/lib/server/studies/list-studies";
import { CLI_OPERATOR } from "../operator";
import { UsageError } from "../usage-error";
import { printTable } from "../print-table";
import { printLine, type CliIo } from "../io";

export async function studiesList(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({ args, options: { format: { type: "string", default: "table" } }, strict: true });
  if (values.format !== "json" && values.format !== "table") throw new UsageError("--format must be json or table");
  const studies = await listStudies(CLI_OPERATOR);
  if (values.format === "json") {
    printLine(io, JSON.stringify({ studies }, null, 2));
    return;
  }
  if (studies.length === 0) {
    printLine(io, "No studies.");
    return;
  }
  const rows = [
    ["ID", "SLUG", "QUESTIONS", "CHUNKS", "CAMPAIGNS", "NAME"],
    ...studies.map((s) => [
      String(s.id),
      s.slug,
      String(s.counts.queries),
      String(s.counts.documents),
      String(s.counts.campaigns),
      s.name,
    ]),
  ];
  printTable(io, rows);
}
