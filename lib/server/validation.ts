import "server-only";
import type { z } from "zod";
import { AppError } from "./errors";

/** Parses `value` or throws an "invalid" AppError whose message names each bad field on one line. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where?: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message));
  throw new AppError("invalid", `${where ? `Invalid ${where}: ` : ""}${problems.join("; ")}`, result.error.issues);
}
