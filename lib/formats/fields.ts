import { bad, type LineError } from "./parsed";

type Fail = { error: LineError };

/** Parses one JSON object per line. */
export function jsonObject(text: string, line: number): Record<string, unknown> | Fail {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return bad(
      line,
      `invalid JSON (${e instanceof Error ? e.message : "parse error"})${text.length > 0 && !text.trimEnd().endsWith("}") ? "; is the line truncated?" : ""}`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return bad(line, "expected a JSON object");
  const nul = text.includes("\\u0000") ? nulCharacterAt(value) : null;
  if (nul !== null) return bad(line, NUL_MESSAGE, nul);
  return value as Record<string, unknown>;
}

/** Why a NUL character is refused: PostgreSQL cannot store it in text, so neither engine takes it. */
export const NUL_MESSAGE = "contains the NUL character (U+0000), which the database cannot store";

/** The path ("nuggets[2].text", a key itself) of the first string in a JSON value holding U+0000, or null. */
function nulCharacterAt(value: unknown, path = ""): string | null {
  if (typeof value === "string") return value.includes("\0") ? path : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key.includes("\0")) return at;
    const found = nulCharacterAt(item, at);
    if (found !== null) return found;
  }
  return null;
}

/** A required non-empty string field; JSON numbers are accepted as ids and turned into strings. */
export function stringField(
  obj: Record<string, unknown>,
  key: string,
  line: number,
  { allowEmpty = false } = {},
): string | Fail {
  const value = obj[key];
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string")
    return bad(line, value === undefined ? "missing" : `expected a string, got ${typeName(value)}`, key);
  if (!allowEmpty && value.trim() === "") return bad(line, "is empty", key);
  return value;
}

export function optionalString(obj: Record<string, unknown>, key: string, line: number): string | undefined | Fail {
  return obj[key] === undefined || obj[key] === null ? undefined : stringField(obj, key, line, { allowEmpty: true });
}

export function stringArray(
  obj: Record<string, unknown>,
  key: string,
  line: number,
  { optional = false } = {},
): string[] | Fail {
  const value = obj[key];
  if (value === undefined && optional) return [];
  if (!Array.isArray(value))
    return bad(line, value === undefined ? "missing" : `expected an array, got ${typeName(value)}`, key);
  const out: string[] = [];
  for (const [i, item] of value.entries()) {
    if (typeof item === "number" && Number.isFinite(item)) out.push(String(item));
    else if (typeof item === "string" && item !== "") out.push(item);
    else return bad(line, `item ${i} is not a non-empty string`, key);
  }
  return out;
}

export function objectField(obj: Record<string, unknown>, key: string, line: number): Record<string, unknown> | Fail {
  const value = obj[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    return bad(line, `expected an object, got ${typeName(value)}`, key);
  return value as Record<string, unknown>;
}

/** Whitespace-separated columns; an error names the expected shape when the count is wrong. */
export function columns(text: string, line: number, expected: number, shape: string): string[] | Fail {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== expected) return bad(line, `expected ${expected} columns (${shape}), found ${parts.length}`);
  return parts;
}

/** The largest integer the database's integer columns hold (32 bits on PostgreSQL). */
export const MAX_INTEGER = 2_147_483_647;

export function integer(text: string, line: number, field: string, { min }: { min?: number } = {}): number | Fail {
  if (!/^-?\d+$/.test(text)) return bad(line, `expected an integer, got "${text}"`, field);
  const value = Number(text);
  if (min !== undefined && value < min) return bad(line, `must be at least ${min}, got ${value}`, field);
  if (Math.abs(value) > MAX_INTEGER)
    return bad(line, `must be between -${MAX_INTEGER} and ${MAX_INTEGER}, got ${text}`, field);
  return value;
}

export function finiteNumber(text: string, line: number, field: string): number | Fail {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) return bad(line, `expected a number, got "${text}"`, field);
  return value;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}
