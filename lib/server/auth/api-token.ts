import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { RateLimiter } from "@/lib/domain/rate-limiter";
import { userRoleSchema } from "@/lib/domain/roles";
import { tokenByHash } from "../db/api-tokens";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import type { UserDto } from "../users/user-dto";

/** Every token starts so, which makes one easy to recognise in a leaked file or a secret scanner. */
export const TOKEN_PREFIX = "assay_";

/** A new token's text: the prefix and 32 random bytes (256 bits), base64url. */
export const newTokenText = () => `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;

/** What the database keeps of a token: its SHA-256, in hex. */
export const hashToken = (text: string) => createHash("sha256").update(text).digest("hex");

/** Requests per token and minute, in each server process. */
export const TOKEN_REQUESTS_PER_MINUTE = 600;
const shared = globalThis as unknown as { assayTokenLimiter?: RateLimiter };
const limiter = (shared.assayTokenLimiter ??= new RateLimiter(TOKEN_REQUESTS_PER_MINUTE, 60_000));

/** The last use is written at most once a minute per token: a script's every request needs no write. */
const LAST_USE_STEP_MS = 60_000;

/** The token of an `Authorization: Bearer <token>` header, or null when the request has none. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header && /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * The owner of a token, with the token's scope: unauthenticated when the token is unknown,
 * revoked or expired or its owner disabled, too-many-requests beyond the token's rate.
 */
export async function tokenUser(text: string, now = new Date()): Promise<UserDto> {
  const token = await tokenByHash(hashToken(text));
  const refuse = (why: string) => new AppError("unauthenticated", `This API token ${why}`);
  if (!token) throw refuse("is not valid");
  if (token.revokedAt) throw refuse("was revoked");
  if (token.expiresAt <= now) throw refuse(`expired on ${token.expiresAt.toISOString().slice(0, 10)}`);
  if (token.user.disabled) throw refuse("belongs to a disabled account");
  const wait = limiter.take(String(token.id), now.getTime());
  if (wait > 0)
    throw new AppError(
      "rate_limited",
      `This API token made more than ${TOKEN_REQUESTS_PER_MINUTE} requests in a minute; try again in ${Math.ceil(wait / 1000)} s`,
      { retryAfterSeconds: Math.ceil(wait / 1000) },
    );
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= LAST_USE_STEP_MS)
    await (await getDb()).apiToken.update({ where: { id: token.id }, data: { lastUsedAt: now } });
  return {
    id: token.user.id,
    email: token.user.email,
    name: token.user.name,
    role: userRoleSchema.parse(token.user.role),
    token: { id: token.id, studies: JSON.parse(token.studies) as number[], write: token.access === "read-write" },
  };
}
