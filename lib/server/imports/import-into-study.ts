import "server-only";
import { importFormat, IMPORT_FORMAT_IDS, IMPORT_FORMATS, type ImportFormat } from "@/lib/formats/import-formats";
import { EncodingError, readLines } from "@/lib/formats/read-lines";
import { FIELD_LIMIT_SETTING, maxFieldBytes, maxLineLength, oversizedField } from "./import-limits";
import { NUL_MESSAGE } from "@/lib/formats/fields";
import type { LineError } from "@/lib/formats/parsed";
import type { ImportRow } from "@/lib/formats/import-row";
import type { ImportSummary } from "@/lib/schemas/imports";
import { writeRunRankings } from "../db/run-rankings";
import { withBulkTransaction } from "../db/transactions";
import { AppError, invalid } from "../errors";
import { ImportContext, MAX_REPORTED_ERRORS } from "./import-context";
import { resolveLabelPolicy, type ImportOptions } from "./import-policy";
import { difference, studyCounts } from "@/lib/server/db/study-counts";
import { writeBatch } from "./write-batch";
import type { Numbered } from "./writers/shared";

export type ImportFile = { name: string; chunks: AsyncIterable<Uint8Array | string> };
export type ImportRequest = ImportOptions & {
  format: string;
  files: ImportFile[];
  blockLines?: number;
  /** Create the queries and documents that qrels or a run name but the study lacks, with no text yet. */
  createMissing?: boolean;
  /** Where the import was asked for, which the hints name (the import page's checkbox, or the CLI's flag). */
  surface?: "web" | "cli";
};

/** How to create what a file names but the study lacks, as the caller's surface puts it. */
const createMissingHint = (what: string, surface: "web" | "cli") =>
  surface === "web"
    ? `To create the ${what} the file names but the study lacks, tick “Create missing ${what}” and import again.`
    : `To create the ${what} the file names but the study lacks, import again with --create-missing.`;
export type ImportProgress = { file: string; line: number };

const BATCH_ROWS = 2000;

class ImportRejected extends Error {}

/**
 * Writes batches one after another while the next one is read: write() starts a batch once the
 * previous one is written and returns without waiting for it, so parsing overlaps the database's
 * work (PostgreSQL's, on another core; SQLite's driver blocks the thread anyway). Batches still
 * run in file order on the transaction's one connection, each seeing the rows written before it,
 * and a line's own error is recorded after the batches before it, as if nothing overlapped.
 */
class BatchWriter {
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: ImportContext,
    private readonly writeRows: (rows: Numbered<ImportRow>[]) => Promise<void>,
  ) {}

  async write(rows: Numbered<ImportRow>[]): Promise<void> {
    await this.pending;
    this.then(() => this.writeRows(rows));
  }

  fail(error: LineError): void {
    this.then(() => this.ctx.fail(error));
  }

  /** Waits for the last batch; its error, if any, is thrown here. */
  finish(): Promise<void> {
    return this.pending;
  }

  /** Waits for the last batch, ignoring its error (the caller is already failing with another). */
  settle(): Promise<void> {
    return this.pending.catch(() => {});
  }

  private then(next: () => void | Promise<void>): void {
    this.pending = this.pending.then(next);
    this.pending.catch(() => {}); // its error surfaces at the next write or at finish, not as unhandled
  }
}

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
  if (request.display && !format.passages)
    throw invalid(
      `display: ${format.id} files bring no passages' texts (${IMPORT_FORMATS.filter((f: ImportFormat) => f.passages)
        .map((f) => f.id)
        .join(", ")} do)`,
    );
  if (request.nuggetSet && !format.nuggets)
    throw invalid(
      `nuggetSet: ${format.id} files bring no nuggets (${IMPORT_FORMATS.filter((f: ImportFormat) => f.nuggets)
        .map((f) => f.id)
        .join(", ")} do)`,
    );
  if (request.createMissing && !format.createsMissing)
    throw invalid(
      `only ${inWords(IMPORT_FORMATS.filter((f: ImportFormat) => f.createsMissing).map((f) => f.id))} imports create what a file names but the study lacks`,
    );
  const started = Date.now();
  const fieldBytes = maxFieldBytes();
  const lineLimit = { maxLineLength: maxLineLength(fieldBytes), tooLong: `${FIELD_LIMIT_SETTING} raises it` };
  let context: ImportContext | undefined;
  try {
    return await withBulkTransaction(async (tx) => {
      const ctx = (context = new ImportContext(
        tx,
        studyId,
        now,
        { create: request.createMissing ?? false, offered: format.createsMissing !== undefined },
        request.display ?? null,
        request.nuggetSet ?? null,
      ));
      const before = await studyCounts(tx, studyId);
      const files: ImportSummary["files"] = [];
      for (const file of request.files) {
        ctx.file = file.name;
        const parse = format.createParser({ fileName: file.name, blockLines: request.blockLines });
        const writer = new BatchWriter(ctx, (rows) => writeBatch(ctx, policy, rows));
        let batch: Numbered<ImportRow>[] = [];
        let lines = 0;
        let rows = 0;
        try {
          for await (const { line, text } of readLines(file.chunks, lineLimit)) {
            lines = line;
            const nul = text.indexOf("\0");
            if (nul !== -1) {
              writer.fail({ line, message: `${NUL_MESSAGE} (character ${nul + 1}); is it a binary file?` });
              continue;
            }
            const parsed = parse(text, line);
            if (!parsed) continue;
            if ("error" in parsed) {
              writer.fail(parsed.error);
              continue;
            }
            const oversized = oversizedField(parsed.row, line, fieldBytes);
            if (oversized) {
              writer.fail(oversized);
              continue;
            }
            rows++;
            if (batch.length > 0 && batch[0]!.row.kind !== parsed.row.kind) {
              await writer.write(batch);
              batch = [];
            }
            batch.push({ line, row: parsed.row });
            if (batch.length >= BATCH_ROWS) {
              await writer.write(batch);
              batch = [];
              onProgress?.({ file: file.name, line });
            }
          }
        } catch (error) {
          await writer.settle();
          if (!(error instanceof EncodingError)) throw error;
          ctx.fail(error.lineError);
        }
        await writer.write(batch);
        await writer.finish();
        if (rows === 0 && !ctx.failed)
          ctx.fail({ line: Math.max(lines, 1), message: lines === 0 ? "the file is empty" : "the file has no rows" });
        onProgress?.({ file: file.name, line: lines });
        files.push({ name: file.name, lines, rows });
      }
      if (ctx.failed) throw new ImportRejected();
      await writeRunRankings(tx, ctx.rankedSystems);
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
    const hint =
      context.missingIds && format.createsMissing
        ? createMissingHint(format.createsMissing.what, request.surface ?? "cli")
        : null;
    throw new AppError(
      "invalid",
      `Nothing was imported: ${errorCount} error${errorCount === 1 ? "" : "s"}${more}. ${errors[0]}${hint ? `. ${hint}` : ""}`,
      { errors, errorCount, hint },
    );
  }
}

/** "a", "a and b", "a, b and c". */
const inWords = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
