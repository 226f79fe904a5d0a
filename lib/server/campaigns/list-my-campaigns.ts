import "server-only";
import { protocolSchema } from "@/lib/domain/campaigns/protocol";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import type { MyCampaign } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import type { UserDto } from "../users/user-dto";

/**
 * The campaigns a user is assigned to, in studies they are still a member of, with their own
 * progress: items they submitted out of the items the campaign could give them (one per item).
 */
export async function listMyCampaigns(user: UserDto): Promise<MyCampaign[]> {
  const db = await getDb();
  const rows = await db.campaign.findMany({
    where: {
      status: { not: "draft" },
      annotators: { some: { userId: user.id } },
      study: { members: { some: { userId: user.id } } },
      ...(user.token ? { studyId: { in: [...user.token.studies] } } : {}),
    },
    orderBy: { createdAt: "desc" },
    include: { study: { select: { name: true } }, _count: { select: { items: true } } },
  });
  const submitted = await db.assignment.groupBy({
    by: ["campaignId"],
    where: { userId: user.id, status: "submitted", campaignId: { in: rows.map((r) => r.id) } },
    _count: { _all: true },
  });
  const doneByCampaign = new Map(submitted.map((s) => [s.campaignId, s._count._all]));
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    studyName: c.study.name,
    taskType: taskTypeSchema.parse(c.taskType),
    protocol: protocolSchema.parse(c.protocol),
    status: c.status,
    progress: { submitted: doneByCampaign.get(c.id) ?? 0, target: c._count.items },
  }));
}
