import "server-only";
import { newApiTokenSchema, type CreatedApiToken, type NewApiToken } from "@/lib/schemas/api-tokens";
import { hashToken, newTokenText } from "../auth/api-token";
import { getDb } from "../db/client";
import { invalid } from "../errors";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { tokenStudies, toApiTokenDto } from "./list-api-tokens";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A personal API token: its secret is returned this once and only its SHA-256 is kept. It names
 * studies the user may open (a member's, or any for an admin) and acts with the user's own rights
 * in them, read only or read-write, until it expires or is revoked.
 */
export async function createApiToken(user: UserDto, input: NewApiToken, now = new Date()): Promise<CreatedApiToken> {
  const { name, studies, access, expiresInDays } = parseOrThrow(newApiTokenSchema, input);
  const db = await getDb();
  const open = new Map((await tokenStudies(db, user)).map((s) => [s.id, s.name]));
  const unknown = studies.filter((id) => !open.has(id));
  if (unknown.length > 0) throw invalid(`studies: you are not a member of study ${unknown.join(", ")}`);
  const secret = newTokenText();
  const token = await db.apiToken.create({
    data: {
      userId: user.id,
      name,
      tokenHash: hashToken(secret),
      access,
      studies: JSON.stringify([...new Set(studies)].sort((a, b) => a - b)),
      createdAt: now,
      expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS),
    },
  });
  return { token: toApiTokenDto(token, open), secret };
}
