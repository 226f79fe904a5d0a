import type { z } from "zod";

/**
 * A response schema that describes a builder's type: `describes<Report>()(z.object({...}))`
 * compiles only when every value of `Report` is one the schema accepts, so the API's documented
 * answer cannot fall behind what the report's builder returns (the type lives in lib/domain, the
 * schema here only checks it). The schema may say less than the type (a string where the builder
 * names its literals).
 */
export function describes<T>() {
  return <S extends z.ZodType>(schema: S, ..._mismatch: [T] extends [z.input<S>] ? [] : [never]) => schema;
}
