import "server-only";
import { scaleSchema } from "@/lib/domain/scales";
import type { MyAdjudication } from "@/lib/schemas/adjudication";
import { getDb } from "../db/client";
import type { UserDto } from "../users/user-dto";
import { adjudicationState } from "./adjudication-state";

/**
 * The started campaigns a user was named to adjudicate, in studies they are still a member of and
 * where they annotate no campaign still running, with where each queue stands. (A study's researchers reach every
 * campaign's queue from its page.)
 */
export async function listMyAdjudications(user: UserDto): Promise<MyAdjudication[]> {
  const db = await getDb();
  const rows = await db.campaign.findMany({
    where: {
      adjudicatorId: user.id,
      status: { not: "draft" },
      annotators: { none: { userId: user.id } },
      study: {
        members: { some: { userId: user.id } },
        // not while they annotate a campaign of the study still running (adjudication-access.ts)
        campaigns: { none: { status: { not: "closed" }, annotators: { some: { userId: user.id } } } },
      },
      ...(user.token ? { studyId: { in: [...user.token.studies] } } : {}),
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, scale: true, adjudicateEvery: true, study: { select: { name: true } } },
  });
  return Promise.all(
    rows.map(async (c) => ({
      id: c.id,
      name: c.name,
      studyName: c.study.name,
      counts: (await adjudicationState({ id: c.id, scale: scaleSchema.parse(JSON.parse(c.scale)) }, c.adjudicateEvery))
        .counts,
    })),
  );
}
