import "server-only";

/**
 * Lists of values bound into one statement (an `IN (...)` list, a multi-row VALUES): every one
 * goes through here. An `IN` list binds at most MAX_BOUND values, far under SQLite's 32,766
 * parameters and PostgreSQL's 65,535 (and under the 999 Prisma allows itself on SQLite), so a
 * list built from data is read or written in chunks (`chunksOf`), and a list that is short by
 * design (a run's few ids, a judge's scales) is checked to be so (`placeholders`).
 */
export const MAX_BOUND = 500;

/** The values in chunks of at most `size` (default MAX_BOUND), in their order. */
export function* chunksOf<T>(values: Iterable<T>, size = MAX_BOUND): Generator<T[]> {
  let chunk: T[] = [];
  for (const value of values) {
    chunk.push(value);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** `read` run on each chunk of `values` (distinct), its rows concatenated in the chunks' order. */
export async function readInChunks<T, R>(values: Iterable<T>, read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (const chunk of chunksOf(new Set(values))) out.push(...(await read(chunk)));
  return out;
}

/** "?, ?, ?" for a list short enough for one statement; a longer one is a bug: chunk it (chunksOf). */
export function placeholders(values: readonly unknown[]): string {
  if (values.length > MAX_BOUND)
    throw new Error(`a list of ${values.length} values bound into one statement (at most ${MAX_BOUND}): chunk it`);
  return values.map(() => "?").join(", ");
}

/**
 * The values one multi-row INSERT binds at most: its own statement, never Prisma's, so it may bind
 * more than MAX_BOUND, and fewer statements make a bulk write faster; still under both engines' limits.
 */
const MAX_ROW_VALUES = 20_000;

/** How many rows of `columns` values one multi-row statement takes (at least one). */
export const rowsPerStatement = (columns: number) => Math.max(1, Math.floor(MAX_ROW_VALUES / columns));
