import "server-only";
import { MIN_NORMAL_UNITS } from "@/lib/domain/reports/minimum-sample";
import { AppError } from "./errors";

/**
 * The secret that signs session tokens. `npm start` provides a generated one for local use;
 * deployments must set NEXTAUTH_SECRET (checked at start by instrumentation.ts).
 */
export function authSecret(): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret || secret.length < 16) {
    throw new AppError(
      "unavailable",
      "NEXTAUTH_SECRET is not set (or shorter than 16 characters): set it to a long random string",
    );
  }
  return secret;
}

/** The default length of a session, in hours, from sign-in. */
const DEFAULT_SESSION_HOURS = 12;

/**
 * How long a session lasts from sign-in, in seconds: ASSAY_SESSION_HOURS (a whole number of
 * hours from 1 to 720), 12 unless set. Absolute: using a session does not extend it. An invalid
 * value stops the server at start (checkStartup).
 */
export function sessionSeconds(): number {
  const configured = process.env.ASSAY_SESSION_HOURS;
  if (configured === undefined || configured === "") return DEFAULT_SESSION_HOURS * 3600;
  if (!/^\d+$/.test(configured) || Number(configured) < 1 || Number(configured) > 720)
    throw new AppError(
      "unavailable",
      `ASSAY_SESSION_HOURS is "${configured}": set it to a whole number of hours from 1 to 720 (default 12)`,
    );
  return Number(configured) * 3600;
}

/**
 * The fewest labelled units (pairs, or questions for run scores) a report shows a
 * normal-approximation or PPI interval, or an order's verdict, for: ASSAY_MIN_INTERVAL_UNITS (a
 * whole number from 2 to 10,000), MIN_NORMAL_UNITS (30) unless set.
 */
export function minIntervalUnits(): number {
  const configured = process.env.ASSAY_MIN_INTERVAL_UNITS;
  if (configured === undefined || configured === "") return MIN_NORMAL_UNITS;
  if (!/^\d+$/.test(configured) || Number(configured) < 2 || Number(configured) > 10_000)
    throw new AppError(
      "unavailable",
      `ASSAY_MIN_INTERVAL_UNITS is "${configured}": set it to a whole number from 2 to 10000 (default ${MIN_NORMAL_UNITS})`,
    );
  return Number(configured);
}
