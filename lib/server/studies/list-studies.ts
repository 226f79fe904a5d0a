import "server-only";
import type { StudySummary } from "@/lib/schemas/studies";
import { getDb } from "../db/client";
import type { UserDto } from "../users/user-dto";
import { researcherStudiesWhere } from "./access";

/** The studies a researcher (or admin) can open, newest first. */
export async function listStudies(user: UserDto): Promise<StudySummary[]> {
  const db = await getDb();
  const rows = await db.study.findMany({
    where: researcherStudiesWhere(user),
    orderBy: { createdAt: "desc" },
    include: { _count: { select: { queries: true, documents: true, campaigns: true, members: true } } },
  });
  return rows.map((s) => ({
    id: s.id,
    slug: s.slug,
    name: s.name,
    description: s.description,
    createdAt: s.createdAt.toISOString(),
    counts: {
      queries: s._count.queries,
      documents: s._count.documents,
      campaigns: s._count.campaigns,
      members: s._count.members,
    },
  }));
}
