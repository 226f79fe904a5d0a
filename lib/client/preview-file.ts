import { importFormat } from "@/lib/formats/import-formats";
import type { LineError } from "@/lib/formats/parsed";

export type Preview = { rows: Record<string, unknown>[]; errors: LineError[]; truncated: boolean };

const PREVIEW_BYTES = 64 * 1024;

/** Parses the first rows of a file in the browser with the same parser the server uses. */
export async function previewFile(file: File, formatId: string, maxRows = 8): Promise<Preview> {
  const format = importFormat(formatId);
  if (!format) return { rows: [], errors: [], truncated: false };
  const truncated = file.size > PREVIEW_BYTES;
  const text = new TextDecoder("utf-8").decode(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
  const lines = text.split(/\r?\n/);
  if (truncated) lines.pop(); // the last line may be cut
  const parse = format.createParser({ fileName: file.name });
  const rows: Record<string, unknown>[] = [];
  const errors: LineError[] = [];
  for (const [i, raw] of lines.entries()) {
    if (rows.length >= maxRows || errors.length >= maxRows) break;
    const parsed = parse(i === 0 ? raw.replace(/^\ufeff/, "") : raw, i + 1);
    if (!parsed) continue;
    if ("error" in parsed) errors.push(parsed.error);
    else rows.push(parsed.row as Record<string, unknown>);
  }
  return { rows, errors, truncated };
}
