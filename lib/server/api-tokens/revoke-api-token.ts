import "server-only";
import type { ApiTokenDto } from "@/lib/schemas/api-tokens";
import { getDb } from "../db/client";
import { notFound } from "../errors";
import type { UserDto } from "../users/user-dto";
import { studyNamesOf, toApiTokenDto } from "./list-api-tokens";

/** Revokes one of the user's own tokens: its next request is refused. Revoking twice changes nothing. */
export async function revokeApiToken(user: UserDto, tokenId: number, now = new Date()): Promise<ApiTokenDto> {
  const db = await getDb();
  const token = await db.apiToken.findFirst({ where: { id: tokenId, userId: user.id } });
  if (!token) throw notFound("Token not found");
  const revoked = token.revokedAt
    ? token
    : await db.apiToken.update({ where: { id: token.id }, data: { revokedAt: now } });
  return toApiTokenDto(revoked, await studyNamesOf(db, [revoked]));
}
