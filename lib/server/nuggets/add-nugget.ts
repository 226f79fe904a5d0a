import "server-only";
import type { AddedNugget, NewNugget } from "@/lib/schemas/nuggets";
import { getDb } from "../db/client";
import { invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * Adds a nugget after a question's last one, named "<question>_<position>" (or with "-added" when
 * that name is taken). A nugget with the same text already on the question is returned, not added twice.
 */
export async function addNugget(user: UserDto, studyId: number, input: NewNugget): Promise<AddedNugget> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const query = await db.query.findUnique({
    where: { studyId_externalId: { studyId, externalId: input.question } },
    include: { nuggets: { orderBy: { position: "asc" } } },
  });
  if (!query) throw invalid(`question: this study has no question "${input.question}"`);
  const text = input.text.trim();
  if (!text) throw invalid("text: a nugget needs a text");
  const same = query.nuggets.find((n) => n.text.trim() === text);
  if (same) return { id: same.externalId, position: same.position, added: false };
  const position = (query.nuggets.at(-1)?.position ?? 0) + 1;
  const name = `${query.externalId}_${position}`;
  const taken = await db.nugget.findUnique({ where: { studyId_externalId: { studyId, externalId: name } } });
  const created = await db.nugget.create({
    data: { studyId, queryId: query.id, position, externalId: taken ? `${name}-added` : name, text },
  });
  // a new version of the question's list (its first list is version 1): running nugget-quality campaigns keep the one they started with
  if (query.nuggets.length > 0)
    await db.query.update({ where: { id: query.id }, data: { nuggetVersion: { increment: 1 } } });
  return { id: created.externalId, position: created.position, added: true };
}
