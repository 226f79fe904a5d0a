import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { importIntoStudy } from "@/lib/server/imports/import-into-study";
import { addMember } from "@/lib/server/members/add-member";
import { orInputError } from "../operator";
import { findOrCreateStudy } from "@/lib/server/studies/find-or-create-study";
import { findUserByEmail } from "@/lib/server/users/find-user";
import { CLI_OPERATOR } from "../operator";
import { UsageError } from "../usage-error";
import { passageKindSchema } from "@/lib/domain/passages/passage-kind";
import { printLine, printError, type CliIo } from "../io";
import { wholeOption } from "../numeric-options";
import { collectGarbage } from "../collect-garbage";

/** Lines read between two full garbage collections of an import (see below). */
const GC_LINES = 200_000;

export async function importCommand(args: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      study: { type: "string" },
      format: { type: "string" },
      judge: { type: "string" },
      "judge-kind": { type: "string" },
      scale: { type: "string" },
      "block-lines": { type: "string" },
      owner: { type: "string" },
      "create-missing": { type: "boolean" },
      "nugget-set": { type: "string" },
      display: { type: "string" },
    },
  });
  if (!values.study) throw new UsageError("--study is required");
  if (!values.format) throw new UsageError("--format is required");
  if (positionals.length === 0) throw new UsageError("name at least one FILE to import");
  const judgeKind = values["judge-kind"];
  if (judgeKind !== undefined && judgeKind !== "model" && judgeKind !== "human")
    throw new UsageError("--judge-kind must be model or human");
  for (const file of positionals) if (!fs.existsSync(file)) throw new UsageError(`no such file: ${file}`);
  const display = values.display === undefined ? undefined : passageKindSchema.safeParse(values.display).data;
  if (values.display !== undefined && display === undefined)
    throw new UsageError("--display must be code, prose or markdown");
  const blockLines =
    values["block-lines"] === undefined ? undefined : wholeOption("block-lines", values["block-lines"], { min: 1 });

  const owner = values.owner === undefined ? null : await findUserByEmail(values.owner);
  if (values.owner !== undefined && !owner) throw new UsageError(`--owner: no user has the email ${values.owner}`);
  if (owner?.role === "annotator")
    throw new UsageError(
      `--owner: ${owner.email} is an annotator account; a study's researcher must be a researcher or an admin`,
    );

  const study = await orInputError(findOrCreateStudy(values.study));
  const shown = io.stderr.isTTY;
  // every GC_LINES lines, a full collection: the batches written are garbage, which V8 would
  // otherwise keep until the process had grown to twice its live data (the runs of a TREC-sized
  // study on PostgreSQL: 508 MB at its peak)
  let collectedAt = 0;
  const progress = ({ file, line }: { file: string; line: number }) => {
    if (shown) io.stderr.write(`\r${file}: line ${line.toLocaleString("en")}   `);
    if (line < collectedAt) collectedAt = 0; // the next file
    if (line - collectedAt >= GC_LINES) {
      collectedAt = line;
      collectGarbage();
    }
  };
  const summary = await importIntoStudy(
    study.id,
    {
      format: values.format,
      judge: values.judge,
      judgeKind,
      scale: values.scale,
      blockLines,
      createMissing: values["create-missing"] ?? false,
      display,
      nuggetSet: values["nugget-set"],
      files: positionals.map((file) => ({ name: path.basename(file), chunks: fs.createReadStream(file) })),
    },
    { onProgress: progress },
  );
  if (shown) io.stderr.write("\n");
  if (owner) await addMember(CLI_OPERATOR, study.id, { email: owner.email, role: "researcher" });
  printLine(
    io,
    JSON.stringify({ study: { slug: study.slug, name: study.name, created: study.created }, ...summary }, null, 2),
  );
  if (study.created && !owner && summary.added.members === 0) {
    printError(
      io,
      `assay: study "${study.name}" has no members yet; add its researcher with\n  npm run assay -- members add --study ${study.slug} --email EMAIL --role researcher\n(or pass --owner EMAIL to the import)`,
    );
  }
}
