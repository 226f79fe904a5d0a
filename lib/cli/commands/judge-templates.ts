import { parseArgs } from "node:util";
import { studyTemplates } from "@/lib/server/judging/judge-templates";
import { UsageError } from "../usage-error";
import { printTable } from "../print-table";
import { studyOption } from "./study-option";
import { printLine, type CliIo } from "../io";

/**
 * `assay judge templates --study S`: the judge prompt templates a study may run, the built-in ones
 * and those its researchers saved, each version with its hash (its first 12 digits in the table,
 * newest first); `--format json` gives their whole text.
 */
export async function judgeTemplates(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { study: { type: "string" }, format: { type: "string", default: "table" } },
    strict: true,
  });
  if (values.format !== "json" && values.format !== "table") throw new UsageError("--format must be json or table");
  const study = await studyOption(values.study);
  const versions = (await studyTemplates(study.id)).flatMap((t) => t.versions);
  if (values.format === "json") {
    const templates = versions.map((v) => ({
      ...v.template,
      version: v.version,
      builtin: v.builtin,
      createdBy: v.createdBy,
      createdAt: v.createdAt,
    }));
    printLine(io, JSON.stringify({ templates }, null, 2));
    return;
  }
  const rows = [
    ["NAME", "VERSION", "TASK", "SCALE", "READS"],
    ...versions.map(({ template: t, version }) => [
      t.name,
      version.slice(0, 12),
      t.task,
      t.scale,
      t.output.kind === "regex" ? `/${t.output.pattern}/` : `JSON field ${t.output.field}`,
    ]),
  ];
  printTable(io, rows);
}
