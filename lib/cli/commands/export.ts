import { once } from "node:events";
import { parseArgs } from "node:util";
import { labelSetListSchema } from "@/lib/schemas/label-set-name";
import { exportStudy } from "@/lib/server/exports/export-study";
import { textChunks } from "@/lib/server/exports/text-chunks";
import { findStudy } from "@/lib/server/studies/find-or-create-study";
import { orInputError } from "../operator";
import { UsageError } from "../usage-error";
import type { CliIo } from "../io";
import { idOption } from "../numeric-options";
import { writeOut } from "../out-file";

export async function exportCommand(args: string[], io: CliIo): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      study: { type: "string" },
      what: { type: "string" },
      format: { type: "string" },
      judge: { type: "string", multiple: true },
      scale: { type: "string" },
      binarized: { type: "boolean", default: false },
      out: { type: "string" },
      campaign: { type: "string" },
      "nugget-set": { type: "string" },
    },
  });
  if (!values.study) throw new UsageError("--study is required");
  if (!values.what) throw new UsageError("--what is required");
  if (!values.format) throw new UsageError("--format is required");
  const study = await orInputError(findStudy(values.study));
  if (!study) throw new UsageError(`no study named "${values.study}" (see \`npm run assay -- studies list\`)`);
  const campaign = values.campaign === undefined ? undefined : idOption("campaign", values.campaign, "a campaign");
  const judges = labelSetListSchema().safeParse(values.judge?.join(","));
  if (!judges.success) throw new UsageError(`--judge: ${judges.error.issues[0]!.message}`);
  const { lines } = await exportStudy(study.id, {
    what: values.what,
    format: values.format,
    judges: judges.data,
    scale: values.scale,
    binarized: values.binarized,
    campaign,
    nuggetSet: values["nugget-set"],
  });
  // a buffer of a few blocks: the next page is read while the last ones are written; a file is
  // moved into place only once whole
  await writeOut(
    values.out,
    io.stdout,
    async (out) => {
      for await (const chunk of textChunks(lines)) if (!out.write(chunk)) await once(out, "drain");
    },
    { highWaterMark: 1 << 20 },
  );
}
