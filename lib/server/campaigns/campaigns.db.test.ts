import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { LEASE_MS } from "@/lib/domain/campaigns/judgment";
import type { CampaignDraft, SaveAnnotation } from "@/lib/schemas/campaigns";
import { getDb } from "@/lib/server/db/client";
import { toUserDto, type UserDto } from "@/lib/server/users/user-dto";
import { demoStudyWorld } from "@/test/db-world";
import * as f from "@/prisma/factories";
import { unique } from "@/test/db-tier";
import { claimNextItem } from "./claim-next-item";
import { createCampaign } from "./create-campaign";
import { getCampaignProgress } from "./get-campaign-progress";
import { getWorkspaceItem } from "./get-workspace-item";
import { previewCampaign } from "./preview-campaign";
import { saveAnnotation } from "./save-annotation";
import { skipItem } from "./skip-item";

let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];
let outsider: UserDto;

beforeAll(async () => {
  const db = await getDb();
  const world = await demoStudyWorld(db, "campaigns", 6);
  ({ studyId, researcher, annotators } = world);
  outsider = toUserDto(
    await f.upsertUser(db, { email: `outsider-${world.id}@test.local`, role: "annotator", password: "x" }),
  );
}, 60_000);

const draft = (over: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: `Campaign ${unique()}`,
  taskType: "support",
  scale: { kind: "builtin", id: "relevance-3" },
  guidelines: "Judge **support**.",
  protocol: "blind",
  llmJudge: null,
  overlap: 2,
  annotatorIds: annotators.map((a) => a.id),
  sample: { kind: "all_pairs" },
  seed: 11,
  ...over,
});

const save = (over: Partial<SaveAnnotation> = {}): SaveAnnotation => ({
  clientId: randomUUID(),
  phase: "blind",
  version: 1,
  payload: { level: "relevant" },
  comment: null,
  startedAt: new Date().toISOString(),
  durationMs: 1200,
  ...over,
});

describe("creating a campaign", () => {
  it("previews FreshStack's design reproducibly, then creates the items with their seats", async () => {
    const spec = draft({ sample: { kind: "llm_positive_per_question", questions: 4, judge: "gpt-4o" }, seed: 5 });
    const preview = await previewCampaign(researcher, studyId, spec);
    expect(preview).toMatchObject({ items: 4, questions: 4, seats: 8, llmPositive: 4 });
    expect(await previewCampaign(researcher, studyId, spec)).toEqual(preview);
    expect((await previewCampaign(researcher, studyId, { ...spec, seed: 6 })).first).not.toEqual(preview.first);

    const created = await createCampaign(researcher, studyId, spec);
    expect(created.items).toBe(4);
    const db = await getDb();
    const items = await db.item.findMany({
      where: { campaignId: created.id },
      orderBy: { position: "asc" },
      include: { nugget: true },
    });
    expect(items.map((i) => i.nugget!.text)).toEqual(preview.first.map((p) => p.nugget));
    expect(await db.assignment.count({ where: { campaignId: created.id, status: "open" } })).toBe(8);
    const positives = await db.label.count({
      where: { judge: { name: "gpt-4o" }, studyId, targetKey: { in: items.map((i) => i.targetKey) }, value: "1" },
    });
    expect(positives).toBe(4);
  });

  it("refuses drafts that cannot work, naming the field", async () => {
    await expect(createCampaign(researcher, studyId, draft({ overlap: 7 }))).rejects.toThrow(
      /overlap: 7 annotators per item needs at least 7/,
    );
    await expect(
      createCampaign(researcher, studyId, draft({ annotatorIds: [outsider.id], overlap: 1 })),
    ).rejects.toThrow(/annotatorIds: user \d+ is not an annotator member of this study/);
    // a researcher member sees the LLM's labels: never an annotator of a campaign
    await expect(
      createCampaign(researcher, studyId, draft({ annotatorIds: [researcher.id], overlap: 1 })),
    ).rejects.toThrow(`annotatorIds: user ${researcher.id} is not an annotator member of this study`);
    await expect(createCampaign(researcher, studyId, draft({ protocol: "blind_then_reveal" }))).rejects.toThrow(
      /llmJudge:/,
    );
    await expect(
      createCampaign(researcher, studyId, draft({ sample: { kind: "feb4rag", judge: "gpt-5" } })),
    ).rejects.toThrow(/sample.judge: the study has no LLM judge named "gpt-5"/);
    await expect(createCampaign(annotators[0]!, studyId, draft())).rejects.toMatchObject({ code: "not_found" });
    const name = `Twice ${unique()}`;
    await createCampaign(researcher, studyId, draft({ name, sample: { kind: "random_questions", questions: 1 } }));
    await expect(createCampaign(researcher, studyId, draft({ name }))).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("claiming items", () => {
  it("never exceeds the overlap nor gives an annotator an item twice, under concurrent claims", async () => {
    const { id, items } = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_questions", questions: 3 }, overlap: 2 }),
    );
    const claimed: { user: number; item: number }[] = [];
    // six annotators claim and submit as fast as they can, all at once
    await Promise.all(
      annotators.map(async (a) => {
        for (;;) {
          const { itemId } = await claimNextItem(a, id);
          if (itemId === null) return;
          claimed.push({ user: a.id, item: itemId });
          await saveAnnotation(a, id, itemId, save());
        }
      }),
    );
    expect(claimed).toHaveLength(items * 2);
    const perItem = new Map<number, number[]>();
    for (const c of claimed) perItem.set(c.item, [...(perItem.get(c.item) ?? []), c.user]);
    expect(perItem.size).toBe(items);
    for (const users of perItem.values()) expect(new Set(users).size).toBe(2);
    const db = await getDb();
    expect(await db.annotation.count({ where: { item: { campaignId: id } } })).toBe(items * 2);
    expect(await db.assignment.count({ where: { campaignId: id, status: { not: "submitted" } } })).toBe(0);
  });

  it("gives two tabs of one annotator the same item", async () => {
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ sample: { kind: "random_questions", questions: 2 } }),
    );
    const results = await Promise.all(Array.from({ length: 5 }, () => claimNextItem(annotators[0]!, id)));
    expect(new Set(results.map((r) => r.itemId)).size).toBe(1);
    const db = await getDb();
    expect(await db.assignment.count({ where: { campaignId: id, userId: annotators[0]!.id } })).toBe(1);
  });

  it("hands an expired lease to another annotator once no seat is open, and refuses the late save", async () => {
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({
        overlap: 1,
        annotatorIds: [annotators[0]!.id, annotators[1]!.id],
        sample: { kind: "all_pairs", cap: 1 },
      }),
    );
    const t0 = new Date();
    const first = await claimNextItem(annotators[0]!, id, t0);
    const { claim } = await getWorkspaceItem(annotators[0]!, id, first.itemId!, t0);
    expect((await claimNextItem(annotators[1]!, id, t0)).itemId).toBeNull();
    const later = new Date(t0.getTime() + LEASE_MS + 1000);
    expect((await claimNextItem(annotators[1]!, id, later)).itemId).toBe(first.itemId);
    await expect(saveAnnotation(annotators[0]!, id, first.itemId!, save({ claim }), later)).rejects.toMatchObject({
      code: "conflict",
    });
    await saveAnnotation(annotators[1]!, id, first.itemId!, save(), later);
  });

  it("does not offer a skipped item again, and opens a seat for someone else", async () => {
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({
        overlap: 1,
        annotatorIds: [annotators[2]!.id, annotators[3]!.id],
        sample: { kind: "all_pairs", cap: 2 },
      }),
    );
    const { itemId } = await claimNextItem(annotators[2]!, id);
    await skipItem(annotators[2]!, id, itemId!);
    const next = await claimNextItem(annotators[2]!, id);
    expect(next.itemId).not.toBe(itemId);
    expect((await claimNextItem(annotators[3]!, id)).itemId).toBe(itemId);
  });

  it("is refused for campaigns the user does not annotate", async () => {
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ overlap: 1, annotatorIds: [annotators[0]!.id], sample: { kind: "all_pairs", cap: 1 } }),
    );
    await expect(claimNextItem(annotators[1]!, id)).rejects.toMatchObject({ code: "not_found" });
    await expect(claimNextItem(outsider, id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("saving labels", () => {
  it("stores a retried save once, refuses a stale one, and accepts the next version", async () => {
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ overlap: 1, annotatorIds: [annotators[4]!.id], sample: { kind: "all_pairs", cap: 2 } }),
    );
    const a = annotators[4]!;
    const { itemId } = await claimNextItem(a, id);
    const first = save({ payload: { level: "partially_relevant" } });
    const results = await Promise.all([
      saveAnnotation(a, id, itemId!, first),
      saveAnnotation(a, id, itemId!, first),
      saveAnnotation(a, id, itemId!, first),
    ]);
    expect(results.map((r) => r.version)).toEqual([1, 1, 1]);
    const db = await getDb();
    expect(await db.annotation.count({ where: { itemId: itemId!, userId: a.id } })).toBe(1);

    await expect(saveAnnotation(a, id, itemId!, save({ payload: { level: "relevant" } }))).rejects.toThrow(
      /changed in another tab or window \(it is at version 1\)/,
    );
    await saveAnnotation(a, id, itemId!, save({ version: 2, payload: { level: "relevant" }, comment: "second look" }));
    await expect(saveAnnotation(a, id, itemId!, first)).rejects.toThrow(/already used|version 2/); // the first save's id was superseded: stale
    const stored = await db.annotation.findFirstOrThrow({ where: { itemId: itemId!, userId: a.id } });
    expect(stored).toMatchObject({
      version: 2,
      payload: JSON.stringify({ level: "relevant" }),
      comment: "second look",
      durationMs: 2400,
    });
    const label = await db.label.findFirstOrThrow({
      where: {
        studyId,
        judge: { name: a.email },
        targetKey: (await db.item.findUniqueOrThrow({ where: { id: itemId! } })).targetKey,
      },
    });
    expect(label).toMatchObject({ value: "relevant", scale: "relevance-3" });
    await expect(saveAnnotation(a, id, itemId!, save({ payload: { level: "2" } }))).rejects.toThrow(
      /Invalid label: level: must be one of non_relevant/,
    );
  });

  it("takes a payload of the campaign's task type, refuses another type's, and reads a queued untyped one as the campaign's", async () => {
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ overlap: 1, annotatorIds: [annotators[4]!.id], sample: { kind: "all_pairs", cap: 2 } }),
    );
    const a = annotators[4]!;
    const { itemId } = await claimNextItem(a, id);
    await expect(
      saveAnnotation(a, id, itemId!, save({ payload: { taskType: "relevance", level: "relevant" } })),
    ).rejects.toThrow(/Invalid label: a relevance label for a support campaign/);
    await saveAnnotation(a, id, itemId!, save({ payload: { taskType: "support", level: "relevant" } }));
    await saveAnnotation(a, id, itemId!, save({ version: 2, payload: { level: "non_relevant" } }));
    const db = await getDb();
    const stored = await db.annotation.findMany({ where: { itemId: itemId!, userId: a.id } });
    expect(stored.map((s) => [s.version, s.payload])).toEqual([[2, JSON.stringify({ level: "non_relevant" })]]);
  });

  it("keeps the blind label and the revision under blind then reveal, revealing the LLM only after the blind commit", async () => {
    const a = annotators[5]!;
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({
        protocol: "blind_then_reveal",
        llmJudge: "gpt-4o",
        overlap: 1,
        annotatorIds: [a.id],
        sample: { kind: "llm_positive_per_question", questions: 1, judge: "gpt-4o" },
      }),
    );
    const { itemId } = await claimNextItem(a, id);
    const before = await getWorkspaceItem(a, id, itemId!);
    expect(before.llm).toBeNull();
    expect(JSON.stringify(before)).not.toContain("gpt-4o");
    await expect(saveAnnotation(a, id, itemId!, save({ phase: "revised" }))).rejects.toThrow(
      /blind label before revising/,
    );
    const blind = await saveAnnotation(a, id, itemId!, save({ payload: { level: "non_relevant" } }));
    expect(blind.llm).toEqual({ judge: "gpt-4o", level: "1", text: "Supported" });
    await saveAnnotation(a, id, itemId!, save({ phase: "revised", payload: { level: "partially_relevant" } }));
    const after = await getWorkspaceItem(a, id, itemId!);
    expect(after.mine.map((m) => [m.phase, m.level])).toEqual([
      ["blind", "non_relevant"],
      ["revised", "partially_relevant"],
    ]);
    expect(after.llm?.level).toBe("1");
    const db = await getDb();
    const label = await db.label.findFirstOrThrow({
      where: {
        studyId,
        judge: { name: a.email },
        nuggetId: { not: null },
        targetKey: (await db.item.findUniqueOrThrow({ where: { id: itemId! } })).targetKey,
      },
    });
    expect(label.value).toBe("partially_relevant");
    const { reveal } = await getCampaignProgress(researcher, id);
    expect(reveal?.annotators).toEqual([
      expect.objectContaining({
        email: a.email,
        items: 1,
        changed: 1,
        towardLlm: 1,
        before: expect.objectContaining({ agreement: { value: 0 } }),
        after: expect.objectContaining({ agreement: { value: 1 } }),
      }),
    ]);
  });

  it("never shows a blind annotator the LLM label, nor another annotator's items", async () => {
    const [a, b] = [annotators[0]!, annotators[1]!];
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ llmJudge: "gpt-4o", overlap: 1, annotatorIds: [a.id, b.id], sample: { kind: "all_pairs", cap: 2 } }),
    );
    const mine = (await claimNextItem(a, id)).itemId!;
    const saved = await saveAnnotation(a, id, mine, save());
    expect(saved.llm).toBeNull();
    expect((await getWorkspaceItem(a, id, mine)).llm).toBeNull();
    await expect(getWorkspaceItem(b, id, mine)).rejects.toMatchObject({ code: "not_found" });
    await expect(saveAnnotation(b, id, mine, save())).rejects.toMatchObject({ code: "not_found" });
  });

  it("stores a label only for an item whose seat the annotator holds or held: their claim token proves it", async () => {
    const [a, b, c] = [annotators[0]!, annotators[1]!, annotators[2]!];
    const { id } = await createCampaign(
      researcher,
      studyId,
      draft({ overlap: 2, annotatorIds: [a.id, b.id, c.id], sample: { kind: "all_pairs", cap: 1 } }),
    );
    const db = await getDb();
    const itemId = (await claimNextItem(a, id)).itemId!;
    const { claim } = await getWorkspaceItem(a, id, itemId);
    // the item has a second, open seat: b never held one, and neither his save nor a's token in his hands stores a label
    await expect(saveAnnotation(b, id, itemId, save())).rejects.toMatchObject({ code: "not_found" });
    await expect(saveAnnotation(b, id, itemId, save({ claim }))).rejects.toMatchObject({ code: "not_found" });
    await expect(saveAnnotation(b, id, itemId, save({ claim: "forged" }))).rejects.toMatchObject({ code: "not_found" });
    expect(await db.annotation.count({ where: { itemId } })).toBe(0);
    // a's lease expired and c took that seat over: a's late save, with the claim, takes the open seat
    await db.assignment.updateMany({ where: { itemId, userId: a.id }, data: { userId: c.id } });
    await expect(saveAnnotation(a, id, itemId, save())).rejects.toMatchObject({ code: "not_found" });
    expect(await saveAnnotation(a, id, itemId, save({ claim }))).toMatchObject({ version: 1 });
    // which of the two seats a claimed first is the engine's choice: compare them by who holds them
    const seats = await db.assignment.findMany({ where: { itemId }, orderBy: { userId: "asc" } });
    expect(seats.map((s) => [s.userId, s.status])).toEqual(
      [
        [c.id, "leased"],
        [a.id, "submitted"],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
  });
});
