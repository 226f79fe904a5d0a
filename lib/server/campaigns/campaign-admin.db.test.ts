import { beforeAll, describe, expect, it } from "vitest";
import type { CampaignDraft, SaveAnnotation } from "@/lib/schemas/campaigns";
import { getDb } from "@/lib/server/db/client";
import type { UserDto } from "@/lib/server/users/user-dto";
import { demoStudyWorld, levelSave } from "@/test/db-world";
import { unique } from "@/test/db-tier";
import { claimNextItem } from "./claim-next-item";
import { createCampaign } from "./create-campaign";
import { getCampaignProgress } from "./get-campaign-progress";
import { getWorkspace } from "./get-workspace";
import { resolveStrandedItem } from "./resolve-stranded-item";
import { saveAnnotation } from "./save-annotation";
import { skipItem } from "./skip-item";
import { updateCampaign } from "./update-campaign";

// Running a campaign: the items two annotators can leave stranded, pausing, closing, editing, and
// what the reveal did. Each test makes its own campaign on its own copy of the demo study.
let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];

beforeAll(async () => {
  const db = await getDb();
  const world = await demoStudyWorld(db, "campaign-admin", 3);
  ({ studyId, researcher, annotators } = world);
}, 60_000);

const draft = (over: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: `Run ${unique()}`,
  taskType: "support",
  scale: { kind: "builtin", id: "relevance-3" },
  guidelines: "",
  protocol: "blind",
  llmJudge: null,
  overlap: 2,
  annotatorIds: annotators.slice(0, 2).map((a) => a.id),
  sample: { kind: "random_questions", questions: 1, cap: 2 },
  seed: 5,
  ...over,
});
const save = (level: string, over: Partial<SaveAnnotation> = {}): SaveAnnotation => ({ ...levelSave(level), ...over });

/** Both annotators take every item they can; `x` skips the first, labels the rest. */
async function strandOne(id: number) {
  const [x, y] = annotators;
  const first = (await claimNextItem(x!, id)).itemId!;
  await skipItem(x!, id, first);
  for (
    let itemId = (await claimNextItem(x!, id)).itemId;
    itemId !== null;
    itemId = (await claimNextItem(x!, id)).itemId
  )
    await saveAnnotation(x!, id, itemId, save("relevant"));
  for (
    let itemId = (await claimNextItem(y!, id)).itemId;
    itemId !== null;
    itemId = (await claimNextItem(y!, id)).itemId
  )
    await saveAnnotation(y!, id, itemId, save("non_relevant"));
  return first;
}

describe("stranded items", () => {
  it("are found when every annotator holds, labelled or skipped a seat of an item with an open seat, and can be given back", async () => {
    const db = await getDb();
    const { id } = await createCampaign(researcher, studyId, draft());
    const first = await strandOne(id);
    const [x, y] = annotators;
    // both see "nothing left"; the item would stay in progress forever
    expect(await claimNextItem(x!, id)).toEqual({ itemId: null });
    expect(await claimNextItem(y!, id)).toEqual({ itemId: null });
    const progress = await getCampaignProgress(researcher, id);
    expect(progress.items).toEqual({ total: 2, complete: 1, inProgress: 1, untouched: 0, stranded: 1 });
    expect(progress.stranded).toEqual([
      expect.objectContaining({
        itemId: first,
        position: 1,
        openSeats: 1,
        labelledBy: [y!.email],
        skippedBy: [x!.email],
      }),
    ]);
    expect(progress.stranded[0]!.target).toMatch(/^question \S+ · nugget \S+ · chunk \S+$/);

    // given back to the annotator who skipped it: they get it on their next claim and can label it
    expect(await resolveStrandedItem(researcher, id, first, { action: "reopen" })).toEqual({ changed: 1 });
    expect(await claimNextItem(x!, id)).toEqual({ itemId: first });
    await saveAnnotation(x!, id, first, save("partially_relevant"));
    const after = await getCampaignProgress(researcher, id);
    expect(after.items).toEqual({ total: 2, complete: 2, inProgress: 0, untouched: 0, stranded: 0 });
    expect(after.labels).toEqual({ submitted: 4, target: 4 });
    // the skip stays on record for the export (the seat is labelled now)
    expect(await db.assignment.findFirstOrThrow({ where: { itemId: first, userId: x!.id } })).toMatchObject({
      status: "submitted",
      skippedAt: expect.any(Date),
    });
    expect(await db.assignment.count({ where: { itemId: first } })).toBe(2); // never more seats than the overlap
  });

  it("can be closed with the labels they have, or reassigned to another annotator of the campaign", async () => {
    const { id } = await createCampaign(researcher, studyId, draft());
    const first = await strandOne(id);
    expect(await resolveStrandedItem(researcher, id, first, { action: "close" })).toEqual({ changed: 1 });
    const closed = await getCampaignProgress(researcher, id);
    expect(closed.items).toMatchObject({ complete: 2, stranded: 0 });
    expect(closed.labels).toEqual({ submitted: 3, target: 3 }); // the closed seat is no longer expected
    await expect(resolveStrandedItem(researcher, id, first, { action: "close" })).rejects.toThrow(
      "This item has no open seat to close",
    );

    const other = await createCampaign(researcher, studyId, draft());
    const stranded = await strandOne(other.id);
    const z = annotators[2]!;
    await expect(
      resolveStrandedItem(researcher, other.id, stranded, { action: "reassign", userId: z.id }),
    ).rejects.toThrow(/does not annotate this campaign; add them to its annotators first/);
    await updateCampaign(researcher, other.id, { annotatorIds: annotators.map((a) => a.id) });
    expect(await resolveStrandedItem(researcher, other.id, stranded, { action: "reassign", userId: z.id })).toEqual({
      changed: 1,
    });
    expect(await claimNextItem(z, other.id)).toEqual({ itemId: stranded });
    await expect(
      resolveStrandedItem(researcher, other.id, stranded, { action: "reassign", userId: annotators[1]!.id }),
    ).rejects.toThrow("This annotator has already labelled this item");
    await expect(resolveStrandedItem(annotators[0]!, other.id, stranded, { action: "close" })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("pausing, closing and editing a campaign", () => {
  it("pauses (no new items, the item in hand can still be saved), resumes and closes for good", async () => {
    const { id } = await createCampaign(researcher, studyId, draft({ overlap: 1 }));
    const [x, y] = annotators;
    const held = (await claimNextItem(x!, id)).itemId!;
    expect(await updateCampaign(researcher, id, { status: "paused" })).toEqual({ status: "paused" });
    expect((await getWorkspace(x!, id)).campaign.status).toBe("paused");
    expect(await claimNextItem(y!, id)).toEqual({ itemId: null });
    expect(await claimNextItem(x!, id)).toEqual({ itemId: held }); // the item in hand
    await saveAnnotation(x!, id, held, save("relevant"));
    expect(await claimNextItem(x!, id)).toEqual({ itemId: null });
    await updateCampaign(researcher, id, { status: "active" });
    expect((await claimNextItem(y!, id)).itemId).not.toBeNull();
    await updateCampaign(researcher, id, { status: "closed" });
    expect(await claimNextItem(y!, id)).toEqual({ itemId: null });
    await expect(saveAnnotation(x!, id, held, save("non_relevant", { version: 2 }))).rejects.toThrow(
      "This campaign is closed; labels can no longer be changed",
    );
    await expect(updateCampaign(researcher, id, { status: "active" })).rejects.toThrow(
      "status: the campaign is closed, and a closed campaign stays closed",
    );
    await expect(updateCampaign(researcher, id, { guidelines: "new" })).rejects.toThrow(
      /closed; it can no longer be edited/,
    );
    await expect(updateCampaign(annotators[0]!, id, { status: "paused" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("edits the guidelines and the annotators: one taken off keeps their labels and gives back what they held", async () => {
    const db = await getDb();
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ overlap: 1, sample: { kind: "random_questions", questions: 1, cap: 3 } }),
    );
    const [x, y, z] = annotators;
    const labelled = (await claimNextItem(x!, id)).itemId!;
    await saveAnnotation(x!, id, labelled, save("relevant"));
    const held = (await claimNextItem(x!, id)).itemId!;
    await updateCampaign(researcher, id, { guidelines: "Read the **whole** chunk.", annotatorIds: [y!.id, z!.id] });
    const campaign = await db.campaign.findUniqueOrThrow({ where: { id }, include: { annotators: true } });
    expect(campaign.guidelines).toBe("Read the **whole** chunk.");
    expect(campaign.annotators.map((a) => a.userId).sort()).toEqual([y!.id, z!.id].sort());
    expect(await db.assignment.findMany({ where: { itemId: held }, select: { status: true, userId: true } })).toEqual([
      { status: "open", userId: null },
    ]);
    expect(await db.annotation.count({ where: { itemId: labelled, userId: x!.id } })).toBe(1);
    await expect(claimNextItem(x!, id)).rejects.toMatchObject({ code: "not_found" });
    await expect(updateCampaign(researcher, id, { annotatorIds: [researcher.id] })).rejects.toThrow(
      /is not an annotator member of this study/,
    );
    const two = await createCampaign(researcher, studyId, draft());
    await expect(updateCampaign(researcher, two.id, { annotatorIds: [x!.id] })).rejects.toThrow(
      "annotatorIds: 2 annotators per item needs at least 2 annotators (1 chosen)",
    );
  });
});

describe("after the reveal", () => {
  it("counts the revisions that kept the blind label apart from those that changed it", async () => {
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({
        overlap: 1,
        protocol: "blind_then_reveal",
        llmJudge: "gpt-4o",
        sample: { kind: "random_questions", questions: 1, cap: 3 },
      }),
    );
    const [x] = annotators;
    const levels: [string, string][] = [
      ["relevant", "relevant"],
      ["relevant", "non_relevant"],
      ["non_relevant", "non_relevant"],
    ];
    for (const [blind, revised] of levels) {
      const { itemId } = await claimNextItem(x!, id);
      await saveAnnotation(x!, id, itemId!, save(blind));
      await saveAnnotation(x!, id, itemId!, save(revised, { phase: "revised" }));
    }
    const progress = await getCampaignProgress(researcher, id);
    expect(progress.annotators.find((a) => a.userId === x!.id)).toMatchObject({
      submitted: 3,
      confirmed: 2,
      changed: 1,
    });
  });
});

describe("stranded items when nobody is left", () => {
  it("counts every item with an open seat as stranded once the campaign has no annotator who is still a member", async () => {
    const db = await getDb();
    const { id } = await createCampaign(researcher, studyId, draft({ overlap: 1 }));
    const [x, y] = annotators;
    const first = (await claimNextItem(x!, id)).itemId!;
    await saveAnnotation(x!, id, first, save("relevant"));
    expect((await getCampaignProgress(researcher, id)).items.stranded).toBe(0); // y can still take the rest
    await db.studyMember.deleteMany({ where: { studyId, userId: { in: [x!.id, y!.id] } } });
    const progress = await getCampaignProgress(researcher, id);
    expect(progress.stranded.map((s) => s.position)).toEqual([2]);
    await db.studyMember.createMany({ data: [x!, y!].map((u) => ({ studyId, userId: u.id, role: "annotator" })) });
  });
});
