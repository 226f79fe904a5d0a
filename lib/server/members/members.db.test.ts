import { beforeAll, describe, expect, it } from "vitest";
import { annotatorCampaign } from "@/lib/server/campaigns/campaign-access";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { getDb } from "@/lib/server/db/client";
import { getStudyOverview } from "@/lib/server/studies/get-study-overview";
import { createStudy } from "@/lib/server/studies/create-study";
import { listStudies } from "@/lib/server/studies/list-studies";
import { buildWorld, levelSave } from "@/test/db-world";
import { updateCampaign } from "@/lib/server/campaigns/update-campaign";
import { updateUser } from "@/lib/server/users/update-user";
import { addMember } from "./add-member";
import { changeMemberRole } from "./change-member-role";
import { listMembers } from "./list-members";
import { removeMember } from "./remove-member";

let world: Awaited<ReturnType<typeof buildWorld>>;
beforeAll(async () => {
  world = await buildWorld(await getDb());
});

describe("createStudy", () => {
  it("gives a researcher's new study its researcher, and slugs of its own", async () => {
    const first = await createStudy(
      { name: `NovelEval ${world.id}`, description: "Twenty questions" },
      world.researcher,
    );
    expect(first.slug).toBe(`noveleval-${world.id}`);
    expect(await listMembers(world.researcher, first.id)).toMatchObject([
      { email: world.researcher.email, role: "researcher" },
    ]);
    expect((await listStudies(world.researcher)).map((s) => s.id)).toContain(first.id);
    // a different name with the same slug gets the next free one
    const second = await createStudy({ name: `NovelEval! ${world.id}` }, world.researcher);
    expect(second.slug).toBe(`noveleval-${world.id}-2`);
  });

  it("refuses a name already taken, an empty name and an annotator as owner", async () => {
    await createStudy({ name: `Taken ${world.id}` }, null);
    await expect(createStudy({ name: `Taken ${world.id}` }, world.researcher)).rejects.toThrow(
      `name: a study named "Taken ${world.id}" already exists`,
    );
    await expect(createStudy({ name: "  " }, world.researcher)).rejects.toThrow(/^name: Name the study/);
    await expect(createStudy({ name: `Mine ${world.id}` }, world.annotator)).rejects.toThrow(/annotator account/);
  });
});

describe("adding and changing members", () => {
  it("adds an existing account by email, in any case, once", async () => {
    const study = await createStudy({ name: `Members ${world.id}` }, world.researcher);
    expect(
      await addMember(world.researcher, study.id, { email: world.annotator.email.toUpperCase(), role: "annotator" }),
    ).toMatchObject({ added: true });
    expect(
      await addMember(world.researcher, study.id, { email: world.annotator.email, role: "annotator" }),
    ).toMatchObject({ added: false });
    expect((await listMembers(world.researcher, study.id)).map((m) => [m.email, m.role])).toEqual([
      [world.researcher.email, "researcher"],
      [world.annotator.email, "annotator"],
    ]);
    expect((await listMembers(world.researcher, study.id))[1]).toMatchObject({
      accountRole: "annotator",
      disabled: false,
      invited: false,
      campaigns: 0,
    });
    await addMember(world.researcher, study.id, { email: world.otherResearcher.email, role: "annotator" });
    await expect(
      addMember(world.researcher, study.id, { email: world.otherResearcher.email, role: "researcher" }),
    ).rejects.toThrow(/already an annotator of this study; change their role instead/);
  });

  it("tells a researcher that only admins create accounts, and refuses an annotator account as researcher", async () => {
    const study = await createStudy({ name: `Unknown ${world.id}` }, world.researcher);
    await expect(
      addMember(world.researcher, study.id, { email: `nobody-${world.id}@test.local`, role: "annotator" }),
    ).rejects.toThrow(/ask an admin to create it or send an invite link/);
    await expect(
      addMember(world.admin, study.id, { email: `nobody-${world.id}@test.local`, role: "annotator" }),
    ).rejects.toThrow(/create it \(or an invite link\) first/);
    await expect(
      addMember(world.researcher, study.id, { email: world.outsider.email, role: "researcher" }),
    ).rejects.toThrow(/annotator account/);
  });

  it("is not found for a researcher of another study and for annotators", async () => {
    for (const user of [world.otherResearcher, world.annotator]) {
      await expect(listMembers(user, world.study.id)).rejects.toMatchObject({ code: "not_found" });
      await expect(
        addMember(user, world.study.id, { email: world.outsider.email, role: "annotator" }),
      ).rejects.toMatchObject({ code: "not_found" });
      await expect(removeMember(user, world.study.id, world.annotator.id)).rejects.toMatchObject({ code: "not_found" });
      await expect(changeMemberRole(user, world.study.id, world.annotator.id, "annotator")).rejects.toMatchObject({
        code: "not_found",
      });
    }
  });

  it("never makes an annotator of a running blind campaign a researcher, and says why", async () => {
    const db = await getDb();
    const study = await createStudy({ name: `Blind ${world.id}` }, world.researcher);
    await addMember(world.researcher, study.id, { email: world.otherResearcher.email, role: "annotator" });
    const campaign = await db.campaign.create({
      data: { studyId: study.id, name: "Blind run", taskType: "relevance", protocol: "blind", status: "active" },
    });
    await db.campaignAnnotator.create({ data: { campaignId: campaign.id, userId: world.otherResearcher.id } });
    await expect(changeMemberRole(world.researcher, study.id, world.otherResearcher.id, "researcher")).rejects.toThrow(
      `role: ${world.otherResearcher.email} annotates the running blind campaign "Blind run" of this study, and a researcher sees the LLM's labels; close that campaign or take ${world.otherResearcher.email} off it first`,
    );
    await db.campaign.update({ where: { id: campaign.id }, data: { status: "closed" } });
    expect(await changeMemberRole(world.researcher, study.id, world.otherResearcher.id, "researcher")).toEqual({
      role: "researcher",
    });
  });

  it("holds the blind rule for account roles: no blind annotator becomes admin or researcher, no admin annotates", async () => {
    const db = await getDb();
    const w = await buildWorld(db);
    // w.annotator annotates the running blind campaign "Active"
    for (const role of ["admin", "researcher"] as const)
      await expect(updateUser(w.admin, w.annotator.id, { role })).rejects.toThrow(
        `role: ${w.annotator.email} annotates the running blind campaign "Active", and ${role === "admin" ? "an admin" : "a researcher"} sees the LLM's labels; close it or take ${w.annotator.email} off first`,
      );
    expect((await db.user.findUniqueOrThrow({ where: { id: w.annotator.id } })).role).toBe("annotator");
    // an annotator member of a study becomes no admin even with nothing running
    await db.campaign.updateMany({ where: { studyId: w.study.id }, data: { status: "closed" } });
    await expect(updateUser(w.admin, w.annotator.id, { role: "admin" })).rejects.toThrow(
      `role: ${w.annotator.email} is an annotator member of a study, and an admin cannot annotate`,
    );
    expect(await updateUser(w.admin, w.annotator.id, { role: "researcher" })).toMatchObject({ role: "researcher" });

    // an admin account is no annotator member, by the Members page or by a change of role
    const refusal = `${w.admin.email} has an admin account, which sees every study's LLM labels, so it cannot annotate`;
    await expect(addMember(w.researcher, w.study.id, { email: w.admin.email, role: "annotator" })).rejects.toThrow(
      `role: ${refusal}`,
    );
    await addMember(w.researcher, w.study.id, { email: w.admin.email, role: "researcher" });
    await expect(changeMemberRole(w.researcher, w.study.id, w.admin.id, "annotator")).rejects.toThrow(
      `role: ${refusal}`,
    );
    // nor, when an older database made one an annotator member, a campaign's annotator
    await db.campaign.update({ where: { id: w.campaign.id }, data: { status: "active" } });
    await db.studyMember.update({
      where: { studyId_userId: { studyId: w.study.id, userId: w.admin.id } },
      data: { role: "annotator" },
    });
    await expect(
      updateCampaign(w.researcher, w.campaign.id, { annotatorIds: [w.annotator.id, w.admin.id] }),
    ).rejects.toThrow(`annotatorIds: ${refusal}`);
  });

  it("does not let a researcher change or remove themselves", async () => {
    await expect(changeMemberRole(world.researcher, world.study.id, world.researcher.id, "annotator")).rejects.toThrow(
      /your own role/,
    );
    await expect(removeMember(world.researcher, world.study.id, world.researcher.id)).rejects.toThrow(
      /remove yourself/,
    );
  });
});

describe("removing a member", () => {
  it("keeps their labels, releases the items they held, and ends their access", async () => {
    const db = await getDb();
    const w = await buildWorld(db);
    const first = (await claimNextItem(w.annotator, w.campaign.id)).itemId!;
    await saveAnnotation(w.annotator, w.campaign.id, first, levelSave("relevant"));
    const held = (await claimNextItem(w.annotator, w.campaign.id)).itemId!;
    expect(held).not.toBe(first);

    expect(await removeMember(w.researcher, w.study.id, w.annotator.id)).toEqual({ removed: true, released: 1 });
    expect(await db.annotation.count({ where: { userId: w.annotator.id, item: { campaignId: w.campaign.id } } })).toBe(
      1,
    );
    expect(await db.label.count({ where: { studyId: w.study.id, judge: { userId: w.annotator.id } } })).toBe(1);
    const seats = await db.assignment.findMany({ where: { itemId: held }, select: { status: true, userId: true } });
    expect(seats).toEqual([{ status: "open", userId: null }]);
    await expect(annotatorCampaign(w.annotator, w.campaign.id)).rejects.toMatchObject({ code: "not_found" });
    expect((await getStudyOverview(w.researcher, w.study.id)).counts.members).toBe(1);
    await expect(removeMember(w.researcher, w.study.id, w.annotator.id)).rejects.toMatchObject({ code: "not_found" });
    // added back, they find their campaign and their label again
    await addMember(w.researcher, w.study.id, { email: w.annotator.email, role: "annotator" });
    expect((await annotatorCampaign(w.annotator, w.campaign.id)).id).toBe(w.campaign.id);
  });
});
