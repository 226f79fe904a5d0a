import "server-only";
import { parseNuggetList } from "@/lib/domain/nuggets/nugget-list";
import { nuggetReviewSchema, type NuggetReview } from "@/lib/domain/nuggets/nugget-review";
import { reviewedList } from "@/lib/domain/nuggets/reviewed-list";
import { newReviewedSetSchema, type NewReviewedSet, type ReviewedSet } from "@/lib/schemas/nuggets";
import { reportCampaign } from "../campaigns/campaign-access";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/prisma-errors";
import { AppError, invalid } from "../errors";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";

/**
 * Saves a nugget quality campaign's reviewed lists as a new nugget set of its study (source
 * "review"): for each of its questions, the list the campaign started with after each annotator's
 * latest review (reviewedList: the nuggets most reviews mark A or B left out, the missing ones the
 * reviewers wrote added), so the reviewed list grades systems too. Nugget ids stay unique in the
 * study: "<question>_<position>", or with "_2", "_3"... when another set has that one.
 */
export async function saveReviewedSet(user: UserDto, studyId: number, input: NewReviewedSet): Promise<ReviewedSet> {
  const request = parseOrThrow(newReviewedSetSchema, input);
  const campaign = await reportCampaign(
    user,
    studyId,
    request.campaign,
    "nugget-quality",
    "campaign: only a nugget quality campaign's reviews make a reviewed nugget set",
  );
  const db = await getDb();
  const items = await db.item.findMany({
    where: { campaignId: campaign.id },
    orderBy: { position: "asc" },
    select: { id: true, nuggets: true, query: { select: { id: true, externalId: true } } },
  });
  // each annotator's latest review of each item
  const latest = new Map<string, { itemId: number; review: NuggetReview }>();
  for (const a of await db.annotation.findMany({
    where: { item: { campaignId: campaign.id } },
    orderBy: { id: "asc" },
    select: { itemId: true, userId: true, payload: true },
  }))
    latest.set(`${a.itemId}:${a.userId}`, {
      itemId: a.itemId,
      review: nuggetReviewSchema.parse(JSON.parse(a.payload)),
    });
  const lists = items.flatMap((item) => {
    const list = parseNuggetList(item.nuggets);
    if (!list || !item.query) return [];
    const reviews = [...latest.values()].filter((r) => r.itemId === item.id).map((r) => r.review);
    return [{ query: item.query, nuggets: reviewedList(list, reviews) }];
  });
  if (lists.length === 0) throw invalid("campaign: it has no questions with a kept nugget list");
  const taken = new Set(
    (await db.nugget.findMany({ where: { studyId }, select: { externalId: true } })).map((n) => n.externalId),
  );
  const freeId = (base: string) => {
    let id = base;
    for (let k = 2; taken.has(id); k++) id = `${base}_${k}`;
    taken.add(id);
    return id;
  };
  try {
    await db.$transaction(async (tx) => {
      const set = await tx.nuggetSet.create({
        data: { studyId, name: request.name, source: "review", origin: `the reviews of campaign "${campaign.name}"` },
      });
      await tx.nugget.createMany({
        data: lists.flatMap(({ query, nuggets }) =>
          nuggets.map((n, i) => ({
            studyId,
            setId: set.id,
            queryId: query.id,
            externalId: freeId(`${query.externalId}_${i + 1}`),
            position: i + 1,
            text: n.text,
            importance: n.importance,
          })),
        ),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("conflict", `name: the study has a nugget set named "${request.name}"`);
    throw error;
  }
  const nuggets = lists.flatMap((l) => l.nuggets);
  return {
    name: request.name,
    questions: lists.length,
    kept: nuggets.filter((n) => !n.added).length,
    added: nuggets.filter((n) => n.added).length,
  };
}
