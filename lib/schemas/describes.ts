import type { z } from "zod";

/**
 * The fields of `T` that `S` does not name, at any depth, as their names (never when it names all).
 * Arrays compare their elements; a nullable field its value; a record its values.
 */
type Unnamed<T, S> = T extends null | undefined
  ? never
  : T extends readonly (infer E)[]
    ? NonNullable<S> extends readonly (infer F)[]
      ? Unnamed<E, F>
      : never
    : T extends object
      ? { [K in keyof T]-?: K extends keyof NonNullable<S> ? Unnamed<T[K], NonNullable<S>[K]> : K }[keyof T]
      : never;

/**
 * A response schema that describes a builder's type: `describes<Report>()(z.object({...}))`
 * compiles only when every value of `Report` is one the schema accepts and the schema names every
 * field of `Report`, so the API's documented answer cannot fall behind what the report's builder
 * returns (the type lives in lib/domain; the schema here only checks it). The schema may say less
 * about a value than the type (a string where the builder names its literals).
 */
export function describes<T>() {
  return <S extends z.ZodType>(
    schema: S,
    ..._mismatch: [T] extends [z.input<S>] ? ([Unnamed<T, z.output<S>>] extends [never] ? [] : [never]) : [never]
  ) => schema;
}
