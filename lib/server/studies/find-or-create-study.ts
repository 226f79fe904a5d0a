import "server-only";
import { slugify } from "@/lib/domain/slug";
import { getDb } from "../db/client";

/** The study whose slug or name is `name`, created (named `name`) when there is none. For the CLI. */
export async function findOrCreateStudy(
  name: string,
): Promise<{ id: number; slug: string; name: string; created: boolean }> {
  const db = await getDb();
  const existing = await db.study.findFirst({ where: { OR: [{ slug: name }, { name }] }, orderBy: { id: "asc" } });
  if (existing) return { id: existing.id, slug: existing.slug, name: existing.name, created: false };
  const study = await db.study.upsert({
    where: { slug: slugify(name) },
    update: {},
    create: { slug: slugify(name), name },
  });
  return { id: study.id, slug: study.slug, name: study.name, created: study.name === name };
}

/** The study whose slug or name is `name` (or whose id it is), or null. */
export async function findStudy(name: string): Promise<{ id: number; slug: string; name: string } | null> {
  const db = await getDb();
  const select = { id: true, slug: true, name: true } as const;
  const named = await db.study.findFirst({ where: { OR: [{ slug: name }, { name }] }, orderBy: { id: "asc" }, select });
  return named ?? (/^\d+$/.test(name) ? db.study.findUnique({ where: { id: Number(name) }, select }) : null);
}
