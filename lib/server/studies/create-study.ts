import "server-only";
import { nameKey, slugify } from "@/lib/domain/slug";
import { newStudySchema, type CreatedStudy, type NewStudy } from "@/lib/schemas/studies";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/prisma-errors";
import { AppError, invalid } from "../errors";
import { parseOrThrow } from "../validation";
import type { UserDto } from "../users/user-dto";

/**
 * Creates an empty study with a slug of its own ("novel-eval", then "novel-eval-2", ...). Its
 * researcher is `owner`: the researcher who creates it on the Studies page, or the account the
 * CLI's --owner names (an admin sees every study without being a member). Names are unique,
 * ignoring case and surrounding spaces (nameKey).
 */
export async function createStudy(input: NewStudy, owner: UserDto | null): Promise<CreatedStudy> {
  const { name, description } = parseOrThrow(newStudySchema, input);
  if (owner && owner.role === "annotator")
    throw invalid(
      `owner: ${owner.email} is an annotator account; a study's researcher must be a researcher or an admin`,
    );
  const db = await getDb();
  const twin = (await db.study.findMany({ select: { name: true } })).find((s) => nameKey(s.name) === nameKey(name));
  if (twin)
    throw new AppError(
      "conflict",
      twin.name === name
        ? `name: a study named "${name}" already exists`
        : `name: a study named "${twin.name}" already exists (names may not differ only in case or spaces)`,
    );
  const base = slugify(name);
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    try {
      const study = await db.study.create({ data: { slug, name, description } });
      if (owner) await db.studyMember.create({ data: { studyId: study.id, userId: owner.id, role: "researcher" } });
      return { id: study.id, slug: study.slug, name: study.name };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new AppError("conflict", `name: too many studies are named like "${name}"`);
}
