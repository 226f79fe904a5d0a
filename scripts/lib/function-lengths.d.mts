/** A function of the sources: its length in lines, "file:line" and name (scripts/lib/function-lengths.mjs). */
export type FunctionLength = { lines: number; where: string; name: string };

/** Every function of the project's sources (tests and e2e specs aside), longest first. */
export function functionLengths(): FunctionLength[];
