import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db/client";
import { buildWorld } from "@/test/db-world";
import { listMyCampaigns } from "./list-my-campaigns";

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  world = await buildWorld(await getDb());
});

describe("listMyCampaigns", () => {
  it("lists the active campaigns an annotator is assigned to, not drafts", async () => {
    const campaigns = await listMyCampaigns(world.annotator);
    expect(campaigns).toEqual([
      {
        id: world.campaign.id,
        name: "Active",
        studyName: world.study.name,
        taskType: "support",
        protocol: "blind",
        status: "active",
        progress: { submitted: 0, target: 2 },
      },
    ]);
  });

  it("counts only the annotator's own submitted items", async () => {
    const db = await getDb();
    const now = new Date();
    await db.assignment.create({
      data: {
        campaignId: world.campaign.id,
        position: 1,
        itemId: world.items[0]!.id,
        userId: world.annotator.id,
        status: "submitted",
        claimedAt: now,
        submittedAt: now,
      },
    });
    await db.assignment.create({
      data: {
        campaignId: world.campaign.id,
        position: 2,
        itemId: world.items[1]!.id,
        userId: world.annotator.id,
        status: "leased",
        claimedAt: now,
        leaseExpiresAt: now,
      },
    });
    await db.campaignAnnotator.create({ data: { campaignId: world.campaign.id, userId: world.researcher.id } });
    expect((await listMyCampaigns(world.annotator))[0]?.progress).toEqual({ submitted: 1, target: 2 });
    expect((await listMyCampaigns(world.researcher))[0]?.progress).toEqual({ submitted: 0, target: 2 });
  });

  it("hides campaigns of studies the user is no longer a member of", async () => {
    const db = await getDb();
    await db.campaignAnnotator.create({ data: { campaignId: world.campaign.id, userId: world.outsider.id } });
    expect(await listMyCampaigns(world.outsider)).toEqual([]);
  });
});
