/**
 * Typed application errors. `message` is safe to show a user; `cause` is for the log only.
 * lib/server/http/route.ts maps codes to HTTP statuses in one place.
 */
export type ErrorCode =
  "unauthenticated" | "forbidden" | "not_found" | "invalid" | "conflict" | "too_large" | "rate_limited" | "unavailable";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "AppError";
  }
}

export const notFound = (what = "Not found") => new AppError("not_found", what);
export const invalid = (message: string, details?: unknown) => new AppError("invalid", message, details);

export const HTTP_STATUS: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid: 400,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};
