import "server-only";
import { nameKey } from "@/lib/domain/slug";
import { getDb } from "../db/client";
import { invalid } from "../errors";
import { createStudy } from "./create-study";

type StudyRef = { id: number; slug: string; name: string };

/**
 * The study a value names (for the CLI's --study): its slug, its name (ignoring case and
 * surrounding spaces) or its id; null for none. A value that names two different studies (one's
 * slug and another's name, or two names that differ only in case, made before names had to
 * differ) is refused with both, so an import never lands in the study the user did not mean.
 */
export async function findStudy(value: string): Promise<StudyRef | null> {
  const db = await getDb();
  const studies = await db.study.findMany({ select: { id: true, slug: true, name: true }, orderBy: { id: "asc" } });
  const key = nameKey(value);
  const id = /^\d+$/.test(value) ? Number(value) : null;
  const named = studies.filter((s) => s.slug === value || nameKey(s.name) === key || s.id === id);
  if (named.length > 1)
    throw invalid(
      `"${value}" names ${named.length} studies: ${named
        .map((s) => `${s.id} "${s.name}" (slug ${s.slug})`)
        .join(", ")}; name the one you mean by its id`,
    );
  return named[0] ?? null;
}

/** The study a value names (see findStudy), created (named `value`) when there is none. For the CLI. */
export async function findOrCreateStudy(value: string): Promise<StudyRef & { created: boolean }> {
  const existing = await findStudy(value);
  if (existing) return { ...existing, created: false };
  return { ...(await createStudy({ name: value }, null)), created: true };
}
