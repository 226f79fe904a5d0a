import "server-only";
import { importFormat, IMPORT_FORMAT_IDS, IMPORT_FORMATS, type ImportFormat } from "@/lib/formats/import-formats";
import { EncodingError, readLines } from "@/lib/formats/read-lines";
import type { ImportRow } from "@/lib/formats/rows";
import type { ImportSummary } from "@/lib/schemas/imports";
import { withBulkTransaction } from "../db/transactions";
import { AppError, invalid } from "../errors";
import { ImportContext, MAX_REPORTED_ERRORS } from "./import-context";
import { resolveLabelPolicy, type ImportOptions } from "./import-policy";
import { difference, studyCounts } from "@/lib/server/db/study-counts";
import { writeBatch, type FileState } from "./write-batch";
import type { Numbered } from "./writers/shared";

export type ImportFile = { name: string; chunks: AsyncIterable<Uint8Array | string> };
export type ImportRequest = ImportOptions & {
  format: string;
  files: ImportFile[];
  blockLines?: number;
  /** Create the queries and documents that qrels or a run name but the study lacks, with no text yet. */
  createMissing?: boolean;
};
export type ImportProgress = { file: string; line: number };

const BATCH_ROWS = 2000;

class ImportRejected extends Error {}

/**
 * Imports files of one format into a study, all or nothing: every file is read once, streamed in
 * batches of BATCH_ROWS rows inside one transaction; any error (the first 50 are reported, with
 * the total) rolls everything back. Re-importing the same files changes nothing.
 */
export async function importIntoStudy(
  studyId: number,
  request: ImportRequest,
  { now = new Date(), onProgress }: { now?: Date; onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportSummary> {
  const format = importFormat(request.format);
  if (!format) throw invalid(`unknown format "${request.format}" (one of ${IMPORT_FORMAT_IDS.join(", ")})`);
  const policy = resolveLabelPolicy(format, request);
  if (request.files.length === 0) throw invalid("no file to import");
  if (request.createMissing && !format.createsMissing)
    throw invalid(
      `only ${IMPORT_FORMATS.filter((f: ImportFormat) => f.createsMissing)
        .map((f) => f.id)
        .join(" and ")} imports create missing queries and documents`,
    );
  const started = Date.now();
  let context: ImportContext | undefined;
  try {
    return await withBulkTransaction(async (tx) => {
      const ctx = (context = new ImportContext(tx, studyId, now, {
        create: request.createMissing ?? false,
        offered: format.createsMissing ?? false,
      }));
      const before = await studyCounts(tx, studyId);
      const files: ImportSummary["files"] = [];
      for (const file of request.files) {
        ctx.file = file.name;
        const parse = format.createParser({ fileName: file.name, blockLines: request.blockLines });
        const state: FileState = { system: format.id === "trec-run" ? {} : null };
        let batch: Numbered<ImportRow>[] = [];
        let lines = 0;
        let rows = 0;
        try {
          for await (const { line, text } of readLines(file.chunks)) {
            lines = line;
            const parsed = parse(text, line);
            if (!parsed) continue;
            if ("error" in parsed) {
              ctx.fail(parsed.error);
              continue;
            }
            rows++;
            if (batch.length > 0 && batch[0]!.row.kind !== parsed.row.kind) {
              await writeBatch(ctx, policy, state, batch);
              batch = [];
            }
            batch.push({ line, row: parsed.row });
            if (batch.length >= BATCH_ROWS) {
              await writeBatch(ctx, policy, state, batch);
              batch = [];
              onProgress?.({ file: file.name, line });
            }
          }
        } catch (error) {
          if (!(error instanceof EncodingError)) throw error;
          ctx.fail(error.lineError);
        }
        await writeBatch(ctx, policy, state, batch);
        if (rows === 0 && !ctx.failed)
          ctx.fail({ line: Math.max(lines, 1), message: lines === 0 ? "the file is empty" : "the file has no rows" });
        onProgress?.({ file: file.name, line: lines });
        files.push({ name: file.name, lines, rows });
      }
      if (ctx.failed) throw new ImportRejected();
      const added = difference(await studyCounts(tx, studyId), before);
      return {
        format: format.id,
        judge: policy?.judge ?? null,
        scale: policy?.scale ?? null,
        files,
        added,
        createdAccounts: ctx.createdAccounts,
        durationMs: Date.now() - started,
      };
    });
  } catch (error) {
    if (!(error instanceof ImportRejected) || !context) throw error;
    const { errors, errorCount } = context;
    const more = errorCount > errors.length ? ` (showing the first ${MAX_REPORTED_ERRORS})` : "";
    throw new AppError(
      "invalid",
      `Nothing was imported: ${errorCount} error${errorCount === 1 ? "" : "s"}${more}. ${errors[0]}`,
      { errors, errorCount },
    );
  }
}
