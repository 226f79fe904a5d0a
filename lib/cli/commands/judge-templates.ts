import { parseArgs } from "node:util";
import { BUILTIN_TEMPLATES } from "@/lib/domain/judging/builtin-templates";
import { templateVersion } from "@/lib/server/judging/template-version";
import { UsageError } from "../usage-error";
import { printTable } from "../print-table";

/**
 * `assay judge templates`: the judge prompt templates with their versions (the content hash; its
 * first 12 digits in the table). Today the built-in ones; `--format json` gives their whole text.
 */
export async function judgeTemplates(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { format: { type: "string", default: "table" } }, strict: true });
  if (values.format !== "json" && values.format !== "table") throw new UsageError("--format must be json or table");
  const templates = BUILTIN_TEMPLATES.map((t) => ({ ...t, version: templateVersion(t), builtin: true }));
  if (values.format === "json") {
    console.log(JSON.stringify({ templates }, null, 2));
    return;
  }
  const rows = [
    ["NAME", "VERSION", "TASK", "SCALE", "READS"],
    ...templates.map((t) => [
      t.name,
      t.version.slice(0, 12),
      t.task,
      t.scale,
      t.output.kind === "regex" ? `/${t.output.pattern}/` : `JSON field ${t.output.field}`,
    ]),
  ];
  printTable(rows);
}
