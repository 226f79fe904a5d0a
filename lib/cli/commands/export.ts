import fs from "node:fs";
import { once } from "node:events";
import { parseArgs } from "node:util";
import { exportStudy } from "@/lib/server/exports/export-study";
import { textChunks } from "@/lib/server/exports/text-chunks";
import { findStudy } from "@/lib/server/studies/find-or-create-study";
import { orInputError } from "../operator";
import { UsageError } from "../usage-error";
import type { CliIo } from "../io";

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
    },
  });
  if (!values.study) throw new UsageError("--study is required");
  if (!values.what) throw new UsageError("--what is required");
  if (!values.format) throw new UsageError("--format is required");
  const study = await orInputError(findStudy(values.study));
  if (!study) throw new UsageError(`no study named "${values.study}" (see \`npm run assay -- studies list\`)`);
  const campaign = values.campaign === undefined ? undefined : Number(values.campaign);
  if (campaign !== undefined && !(Number.isInteger(campaign) && campaign > 0))
    throw new UsageError("--campaign must be a campaign id");
  const judges = values.judge
    ?.flatMap((j) => j.split(","))
    .map((j) => j.trim())
    .filter(Boolean);
  const { lines } = await exportStudy(study.id, {
    what: values.what,
    format: values.format,
    judges,
    scale: values.scale,
    binarized: values.binarized,
    campaign,
  });
  // a buffer of a few blocks: the next page is read while the last ones are written
  const out = values.out ? fs.createWriteStream(values.out, { highWaterMark: 1 << 20 }) : io.stdout;
  for await (const chunk of textChunks(lines)) {
    if (!out.write(chunk)) await once(out, "drain");
  }
  if (values.out) {
    (out as fs.WriteStream).end();
    await once(out, "finish");
  }
}
