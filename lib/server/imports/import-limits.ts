import "server-only";
import type { LineError } from "@/lib/formats/parsed";

/** The setting that raises how large one field of an imported file may be. */
export const FIELD_LIMIT_SETTING = "ASSAY_IMPORT_MAX_FIELD_BYTES";

/** How large one field of an imported file may be: ASSAY_IMPORT_MAX_FIELD_BYTES, 1 MiB unless set. */
export function maxFieldBytes(): number {
  const configured = Number(process.env[FIELD_LIMIT_SETTING]);
  return Number.isInteger(configured) && configured > 0 ? configured : 1024 * 1024;
}

/**
 * The longest line an import reads, in characters: room for one field at the limit, escaped as
 * JSON, beside the line's other fields. A longer line stops the import there, without being held
 * in memory whole.
 */
export const maxLineLength = (fieldBytes: number) => 8 * fieldBytes + 64 * 1024;

/**
 * The first text of a parsed row larger than `maxBytes` (UTF-8), as an error on `line` naming the
 * field by its path in the row ("text", "query.body", "responses[1].text"; a bundle's record
 * fields by their own names), or null.
 */
export function oversizedField(row: object, line: number, maxBytes: number): LineError | null {
  const found = walk(row, "", maxBytes);
  if (!found) return null;
  return {
    line,
    field: found.path.replace(/^record\./, ""),
    message: `is ${found.bytes.toLocaleString("en-US")} bytes, more than the ${maxBytes.toLocaleString("en-US")} a field may hold (${FIELD_LIMIT_SETTING} raises it)`,
  };
}

function walk(value: unknown, path: string, maxBytes: number): { path: string; bytes: number } | null {
  if (typeof value === "string") {
    if (value.length * 3 <= maxBytes) return null; // cannot be over: at most 3 bytes per UTF-16 unit
    const bytes = Buffer.byteLength(value, "utf8");
    return bytes > maxBytes ? { path, bytes } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = walk(item, `${path}[${i}]`, maxBytes);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      const found = walk(item, path ? `${path}.${key}` : key, maxBytes);
      if (found) return found;
    }
  return null;
}
