import "server-only";
import type { z } from "zod";
import type { UserRole } from "@/lib/domain/roles";

/**
 * An API route as the OpenAPI document describes it and as `route()` checks it: the roles, whether
 * a token may call it, the zod schemas of its path, query and body, and what it answers. A route
 * file spreads its entry into its `route()` spec, so the document shows the schemas the route uses
 * (lib/server/http/openapi.test.ts checks every route against its entry).
 */
export type Endpoint = {
  summary: string;
  tag: string;
  roles?: readonly UserRole[];
  tokens?: boolean;
  /** A route anyone may call (the invite link is its own credential; the health probe). */
  public?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is a file, sent raw (any import format), with the options in the query string. */
  upload?: true;
  /** The JSON answer (a download: a file, streamed). */
  response: z.ZodType | "download";
  /** `?format=csv` answers the report as text/csv. */
  csvReport?: true;
};

export const STAFF = ["admin", "researcher"] as const;
export const ADMIN = ["admin"] as const;
