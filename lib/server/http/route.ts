import "server-only";
import type { z } from "zod";
import type { UserRole } from "@/lib/domain/roles";
import { bearerToken, tokenUser } from "../auth/api-token";
import type { Endpoint } from "./api/endpoint";
import { requireUser } from "../auth/current-user";
import { campaignById } from "../db/campaigns";
import { AppError, HTTP_STATUS, notFound } from "../errors";
import { tokenReaches } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { readJsonBody } from "./request-body";

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** What the OpenAPI document says of a route (its catalog entry, spread into the spec; see api-catalog.ts and api/<part>.ts). */
type Documented = Partial<Pick<Endpoint, "summary" | "tag" | "response" | "public" | "upload" | "csvReport">>;

type Spec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R> = Documented & {
  /** Roles allowed to call the route; every route requires a signed-in user. */
  roles?: readonly UserRole[];
  /**
   * Whether an API token may call the route (the default): false for what only a person at the
   * browser may do (accounts, tokens, creating studies).
   */
  tokens?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** With `?format=csv`, the handler's result is written as a CSV download by `write`, named by `filename`. */
  csv?: { write: (result: R) => string; filename: (input: Input<P, Q, B>) => string };
};

type Input<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  user: UserDto;
  params: z.infer<P>;
  query: z.infer<Q>;
  body: z.infer<B>;
  request: Request;
};

/**
 * The one wrapper every API route uses: authentication and role, zod parsing of params, query and
 * body, and the mapping of errors to JSON responses. The handler calls one lib/server operation and
 * returns a JSON-serializable DTO (or a Response, for downloads); a report route names its CSV writer.
 */
export function route<
  P extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  B extends z.ZodType = z.ZodUnknown,
  R = unknown,
>(spec: Spec<P, Q, B, R>, handler: (input: Input<P, Q, B>) => Promise<R>) {
  return wrap(
    spec as WrapSpec,
    (request) => callerOf(request, spec.roles, spec.tokens ?? true),
    handler as (input: unknown) => Promise<unknown>,
  );
}

/**
 * Who calls: with `Authorization: Bearer <token>`, the token's owner narrowed to the token (the
 * request's cookies are not read); otherwise the signed-in user of the session cookie.
 */
async function callerOf(request: Request, roles: readonly UserRole[] | undefined, tokens: boolean): Promise<UserDto> {
  const token = bearerToken(request);
  if (token === null) return requireUser(roles);
  if (!tokens) throw new AppError("forbidden", "An API token cannot do this: sign in to Assay in a browser");
  const user = await tokenUser(token);
  if (!user.token!.write && !READS.has(request.method))
    throw new AppError("forbidden", "This API token may only read (GET); create a read-write token to change things");
  if (roles && !roles.includes(user.role)) throw new AppError("forbidden", "You do not have access to this");
  return user;
}

const READS = new Set(["GET", "HEAD"]);

/**
 * A token request for a study or a campaign its token does not name is not-found at once, before
 * its path, query or body is validated (every operation checks again, with the session's rules).
 */
async function assertTokenReaches(user: UserDto, params: Record<string, unknown>): Promise<void> {
  const id = (value: unknown) => (typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : null);
  const [studyId, campaignId] = [id(params.studyId), id(params.campaignId)];
  if (params.studyId !== undefined && (studyId === null || !tokenReaches(user, studyId)))
    throw notFound("Study not found");
  if (params.campaignId !== undefined) {
    const campaign = campaignId === null ? null : await campaignById(campaignId);
    if (!campaign || !tokenReaches(user, campaign.studyId)) throw notFound("Campaign not found");
  }
}

/**
 * The wrapper for the few routes a signed-out visitor may call (setting a password through an
 * invite link): the same cross-site refusal, parsing and error mapping, and no user.
 */
export function publicRoute<P extends z.ZodType = z.ZodUnknown, B extends z.ZodType = z.ZodUnknown>(
  spec: Documented & { params?: P; body?: B },
  handler: (input: Omit<Input<P, z.ZodUnknown, B>, "user" | "query">) => Promise<unknown>,
) {
  return wrap(spec, async () => undefined, handler as (input: unknown) => Promise<unknown>);
}

type WrapSpec = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  csv?: { write: (result: unknown) => string; filename: (input: unknown) => string };
};

/** The request's handling for both wrappers: the caller (or none), then params, query and body, then errors as JSON. */
function wrap(
  spec: WrapSpec,
  caller: (request: Request) => Promise<UserDto | undefined>,
  handler: (input: unknown) => Promise<unknown>,
) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      refuseCrossSite(request);
      const user = await caller(request);
      const raw = await context.params;
      if (user?.token) await assertTokenReaches(user, raw ?? {});
      const params = parse(spec.params, raw, "path");
      const query = parse(spec.query, Object.fromEntries(new URL(request.url).searchParams), "query");
      const body = spec.body ? parse(spec.body, await readJsonBody(request), "body") : undefined;
      const input = { user, params, query, body, request };
      const result = await handler(input);
      if (spec.csv && (query as { format?: string } | undefined)?.format === "csv")
        return csvDownload(spec.csv.write(result), spec.csv.filename(input));
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/**
 * Mutations must come from Assay's own pages: a request the browser marks cross-site
 * (Sec-Fetch-Site), or whose Origin is neither this server's nor NEXTAUTH_URL's, is refused before
 * anything is read or written (the session cookie alone never authorizes a change). A request with
 * an API token is exempt: it is authenticated by the token alone, which no other site can send.
 */
function refuseCrossSite(request: Request): void {
  if (READS.has(request.method)) return;
  if (bearerToken(request) !== null) return; // a token is sent on purpose, never by a browser on its own
  const origin = request.headers.get("origin");
  const own = [new URL(request.url).origin, process.env.NEXTAUTH_URL && new URL(process.env.NEXTAUTH_URL).origin];
  if (request.headers.get("sec-fetch-site") === "cross-site" || (origin !== null && !own.includes(origin))) {
    throw new AppError("forbidden", "Cross-site requests are refused");
  }
}

function csvDownload(text: string, filename: string): Response {
  return new Response(text, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
    },
  });
}

function parse<S extends z.ZodType>(schema: S | undefined, value: unknown, where: string): z.infer<S> | undefined {
  return schema ? parseOrThrow(schema, value, where) : undefined;
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const retry = (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
    return Response.json(
      { error: { code: error.code, message: error.message, details: error.details } },
      { status: HTTP_STATUS[error.code], headers: retry === undefined ? undefined : { "retry-after": String(retry) } },
    );
  }
  console.error("[assay] unexpected error", error);
  return Response.json({ error: { code: "internal", message: "Something went wrong on the server" } }, { status: 500 });
}
