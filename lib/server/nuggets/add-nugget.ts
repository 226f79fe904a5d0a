import "server-only";
import type { AddedNugget, NewNugget } from "@/lib/schemas/nuggets";
import { FIRST_NUGGET_SET } from "@/lib/domain/nuggets/nugget-sets";
import { getDb } from "../db/client";
import { invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { resolveNuggetSet } from "./nugget-sets";

/**
 * Adds a nugget after a question's last one in a nugget set (the study's first unless named),
 * named "<question>_<position>" (with "-added", "-added-2"... when the study has that name). A nugget
 * with the same text already in the question's list is returned, not added twice.
 */
export async function addNugget(user: UserDto, studyId: number, input: NewNugget): Promise<AddedNugget> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const query = await db.query.findUnique({ where: { studyId_externalId: { studyId, externalId: input.question } } });
  if (!query) throw invalid(`question: this study has no question "${input.question}"`);
  const text = input.text.trim();
  if (!text) throw invalid("text: a nugget needs a text");
  const set =
    (await resolveNuggetSet(db, studyId, input.nuggetSet)) ??
    (await db.nuggetSet.create({ data: { studyId, name: FIRST_NUGGET_SET, origin: "nuggets added by a researcher" } }));
  const nuggets = await db.nugget.findMany({
    where: { setId: set.id, queryId: query.id },
    orderBy: { position: "asc" },
  });
  const same = nuggets.find((n) => n.text.trim() === text);
  if (same) return { id: same.externalId, position: same.position, added: false };
  const position = (nuggets.at(-1)?.position ?? 0) + 1;
  const name = `${query.externalId}_${position}`;
  let externalId = name;
  for (let k = 1; await db.nugget.findUnique({ where: { studyId_externalId: { studyId, externalId } } }); k++)
    externalId = k === 1 ? `${name}-added` : `${name}-added-${k}`;
  const created = await db.nugget.create({
    data: { studyId, setId: set.id, queryId: query.id, position, externalId, text },
  });
  // a new version of the question's list (its first list is version 1): running nugget-quality campaigns keep the one they started with
  if (nuggets.length > 0)
    await db.nuggetList.upsert({
      where: { setId_queryId: { setId: set.id, queryId: query.id } },
      create: { setId: set.id, queryId: query.id, version: 2 },
      update: { version: { increment: 1 } },
    });
  return { id: created.externalId, position: created.position, added: true };
}
