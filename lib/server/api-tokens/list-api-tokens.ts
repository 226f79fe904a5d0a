import "server-only";
import type { ApiTokenDto, ApiTokenList, TokenAccess } from "@/lib/schemas/api-tokens";
import type { Db } from "../db/client";
import { getDb } from "../db/client";
import type { UserDto } from "../users/user-dto";

type TokenRecord = {
  id: number;
  name: string;
  access: string;
  studies: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** The studies a user's tokens may name: every study for an admin, the studies they are a member of otherwise. */
export async function tokenStudies(db: Db, user: UserDto): Promise<{ id: number; name: string }[]> {
  return db.study.findMany({
    where: user.role === "admin" ? {} : { members: { some: { userId: user.id } } },
    orderBy: { name: "asc" },
    select: { id: true, name: true },
  });
}

export function toApiTokenDto(t: TokenRecord, names: ReadonlyMap<number, string>): ApiTokenDto {
  const ids = JSON.parse(t.studies) as number[];
  return {
    id: t.id,
    name: t.name,
    access: t.access as TokenAccess,
    studies: ids.map((id) => ({ id, name: names.get(id) ?? `study ${id} (deleted)` })),
    createdAt: t.createdAt.toISOString(),
    expiresAt: t.expiresAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}

/** The user's own API tokens (revoked and expired ones too, with when), newest first. */
export async function listApiTokens(user: UserDto): Promise<ApiTokenList> {
  const db = await getDb();
  const [tokens, studies] = await Promise.all([
    db.apiToken.findMany({ where: { userId: user.id }, orderBy: { id: "desc" } }),
    tokenStudies(db, user),
  ]);
  const names = await studyNamesOf(db, tokens);
  return { tokens: tokens.map((t) => toApiTokenDto(t, names)), studies };
}

/** The names of the studies these tokens name, by id. */
export async function studyNamesOf(db: Db, tokens: readonly { studies: string }[]): Promise<Map<number, string>> {
  const ids = [...new Set(tokens.flatMap((t) => JSON.parse(t.studies) as number[]))];
  const named = await db.study.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(named.map((s) => [s.id, s.name]));
}
