/** A database id column read through the driver (a number, a bigint or a string), or null. */
export const nullableId = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
