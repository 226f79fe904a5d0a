import { correctedEstimatesQuerySchema } from "@/lib/schemas/corrected-estimates";
import { labelSet } from "@/test/label-set";
import { beforeAll, describe, expect, it } from "vitest";
import type { CampaignDraft } from "@/lib/schemas/campaigns";
import { claimNextItem } from "@/lib/server/campaigns/claim-next-item";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { getCampaignProgress } from "@/lib/server/campaigns/get-campaign-progress";
import { saveAnnotation } from "@/lib/server/campaigns/save-annotation";
import { updateCampaign } from "@/lib/server/campaigns/update-campaign";
import { getDb } from "@/lib/server/db/client";
import { loadLabelSet } from "@/lib/server/label-sets/load-label-set";
import { getCorrectedEstimates } from "@/lib/server/corrected-estimates/get-corrected-estimates";
import type { UserDto } from "@/lib/server/users/user-dto";
import { demoStudyWorld, levelSave } from "@/test/db-world";
import { unique } from "@/test/db-tier";
import * as f from "@/prisma/factories";
import { toUserDto } from "@/lib/server/users/user-dto";
import { getAdjudicationItem } from "./get-adjudication-item";
import { getAdjudicationQueue } from "./get-adjudication-queue";
import { listMyAdjudications } from "./list-my-adjudications";
import { saveDecision } from "./save-decision";

// Adjudication on the real database: who reaches a campaign's queue (its researchers and the
// member they name, never its annotators), what the adjudicator sees (no LLM label until a
// researcher allows it), decisions and the label set `adjudicated:<id>`.
let studyId: number;
let researcher: UserDto;
let annotators: UserDto[];
let outsider: UserDto;

beforeAll(async () => {
  const db = await getDb();
  ({ studyId, researcher, annotators } = await demoStudyWorld(db, "adjudication", 4));
  outsider = toUserDto(
    await f.upsertUser(db, {
      email: `adjudication-outsider-${unique()}@test.local`,
      role: "researcher",
      password: "x",
    }),
  );
}, 60_000);

const draft = (over: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: `Adjudicated ${unique()}`,
  taskType: "support",
  scale: { kind: "builtin", id: "relevance-3" },
  guidelines: "",
  protocol: "blind",
  llmJudge: null,
  overlap: 2,
  annotatorIds: annotators.slice(0, 2).map((a) => a.id),
  sample: { kind: "random_questions", questions: 1, cap: 4 },
  seed: 11,
  ...over,
});

/** The annotator labels every item they can get, the i-th with levels[i] (null: leaves it unlabelled). */
async function labelAll(user: UserDto, campaignId: number, levels: (string | null)[]) {
  const items: number[] = [];
  for (let i = 0; ; i++) {
    const { itemId } = await claimNextItem(user, campaignId);
    if (itemId === null || levels[i] === undefined || levels[i] === null) break;
    items.push(itemId);
    await saveAnnotation(user, campaignId, itemId, {
      ...levelSave(levels[i]!),
      comment: i === 0 ? `comment of ${user.email}` : null,
    });
  }
  return items;
}

const notFound = { code: "not_found" };

describe("adjudication", () => {
  it("lets a campaign's researchers and the member they name adjudicate, never its annotators, and that member only there", async () => {
    const [a0, a1, judge, bystander] = annotators as [UserDto, UserDto, UserDto, UserDto];
    const { id } = await createCampaign(researcher, studyId, draft());
    const { id: other } = await createCampaign(researcher, studyId, draft());
    // an annotator of the campaign can never be named its adjudicator, nor the adjudicator added as an annotator
    await expect(updateCampaign(researcher, id, { adjudication: { adjudicatorId: a0.id } })).rejects.toThrow(
      /annotates this campaign/,
    );
    await expect(updateCampaign(researcher, id, { adjudication: { adjudicatorId: outsider.id } })).rejects.toThrow(
      /not a member of this study/,
    );
    await updateCampaign(researcher, id, { adjudication: { adjudicatorId: judge.id } });
    await expect(updateCampaign(researcher, id, { annotatorIds: [a0.id, a1.id, judge.id] })).rejects.toThrow(
      /this campaign's adjudicator/,
    );
    // who reaches the queue
    await expect(getAdjudicationQueue(judge, id)).resolves.toMatchObject({ campaign: { id } });
    await expect(getAdjudicationQueue(researcher, id)).resolves.toMatchObject({ campaign: { id } });
    for (const denied of [a0, a1, bystander, outsider])
      await expect(getAdjudicationQueue(denied, id), denied.email).rejects.toMatchObject(notFound);
    // the named adjudicator reaches that queue only
    await expect(getAdjudicationQueue(judge, other)).rejects.toMatchObject(notFound);
    expect((await listMyAdjudications(judge)).map((c) => c.id)).toEqual([id]);
    expect(await listMyAdjudications(bystander)).toEqual([]);
    // an annotator the study later makes a researcher still never reaches their own campaign's queue
    const db = await getDb();
    await db.studyMember.update({
      where: { studyId_userId: { studyId, userId: a1.id } },
      data: { role: "researcher" },
    });
    await expect(getAdjudicationQueue({ ...a1, role: "researcher" }, id)).rejects.toMatchObject(notFound);
    await db.studyMember.update({ where: { studyId_userId: { studyId, userId: a1.id } }, data: { role: "annotator" } });
    // a named adjudicator who leaves the study loses the queue
    await db.studyMember.delete({ where: { studyId_userId: { studyId, userId: judge.id } } });
    await expect(getAdjudicationQueue(judge, id)).rejects.toMatchObject(notFound);
    expect(await listMyAdjudications(judge)).toEqual([]);
    await f.upsertMember(db, studyId, judge.id, "annotator");
    // nor both in one request: each check reads the campaign as the request would leave it
    const { id: third } = await createCampaign(researcher, studyId, draft());
    await expect(
      updateCampaign(researcher, third, {
        annotatorIds: [a0.id, a1.id, bystander.id],
        adjudication: { adjudicatorId: bystander.id },
      }),
    ).rejects.toThrow(/user \d+ annotates this campaign/);
    expect((await (await getDb()).campaign.findUniqueOrThrow({ where: { id: third } })).adjudicatorId).toBeNull();
    // a change that swaps them cleanly is fine: the old annotator adjudicates, the new adjudicator is gone from the annotators
    await updateCampaign(researcher, third, {
      annotatorIds: [a0.id, a1.id],
      adjudication: { adjudicatorId: bystander.id },
    });
  });

  it("never names, nor lets in, a member who annotates a campaign of the study still running", async () => {
    const [a0, , , bystander] = annotators as [UserDto, UserDto, UserDto, UserDto];
    const { id } = await createCampaign(researcher, studyId, draft());
    const { id: running } = await createCampaign(
      researcher,
      studyId,
      draft({ annotatorIds: [a0.id, bystander.id], name: `Running ${unique()}` }),
    );
    await expect(updateCampaign(researcher, id, { adjudication: { adjudicatorId: bystander.id } })).rejects.toThrow(
      /annotates "Running [^"]+", a campaign of this study still running/,
    );
    await updateCampaign(researcher, running, { status: "closed" });
    await updateCampaign(researcher, id, { adjudication: { adjudicatorId: bystander.id } });
    await expect(getAdjudicationQueue(bystander, id)).resolves.toMatchObject({ campaign: { id } });
    // made an annotator of a new campaign, they lose the queue until it is closed
    const { id: next } = await createCampaign(
      researcher,
      studyId,
      draft({ annotatorIds: [a0.id, bystander.id], name: `Next ${unique()}` }),
    );
    await expect(getAdjudicationQueue(bystander, id)).rejects.toMatchObject({ code: "forbidden" });
    expect(await listMyAdjudications(bystander)).toEqual([]);
    await updateCampaign(researcher, next, { status: "closed" });
    expect((await listMyAdjudications(bystander)).map((c) => c.id)).toContain(id);
    await updateCampaign(researcher, id, { adjudication: { adjudicatorId: null } });
  });

  it("queues the disagreements farthest apart first, shows no LLM label until allowed, and makes adjudicated:<id> of agreed items and decisions", async () => {
    const [a0, a1, judge] = annotators as [UserDto, UserDto, UserDto];
    const { id } = await createCampaign(researcher, studyId, draft({ llmJudge: null }));
    await updateCampaign(researcher, id, { adjudication: { adjudicatorId: judge.id } });
    const items = await labelAll(a0, id, ["relevant", "relevant", "relevant", "relevant"]);
    expect(items).toHaveLength(4);
    // a1 gets the same items in some order: give each its level by the item
    const plan = new Map([
      [items[0]!, "non_relevant"], // the whole scale apart
      [items[1]!, "relevant"], // agreed
      [items[2]!, "partially_relevant"], // half apart
    ]);
    for (;;) {
      const { itemId } = await claimNextItem(a1, id);
      if (itemId === null || !plan.has(itemId)) break;
      await saveAnnotation(a1, id, itemId, levelSave(plan.get(itemId)!));
    }
    const queue = await getAdjudicationQueue(judge, id);
    expect(queue.queue.map((q) => [q.itemId, q.distance, q.decided])).toEqual([
      [items[0], 1, false],
      [items[2], 0.5, false],
    ]);
    expect(queue.counts).toEqual({
      items: 4,
      waiting: 1,
      agreed: 1,
      disagreements: 2,
      queued: 2,
      decided: 0,
      undecided: 2,
    });

    // the item as the adjudicator sees it: both labels, numbered, the first annotator's comment, no LLM
    const first = await getAdjudicationItem(judge, id, items[0]!);
    expect(first.annotators).toEqual([
      { annotator: "Annotator 1", phase: "blind", comment: `comment of ${a0.email}` },
      { annotator: "Annotator 2", phase: "blind", comment: null },
    ]);
    const key0 = (await (await getDb()).item.findUniqueOrThrow({ where: { id: items[0]! } })).targetKey;
    expect(first.targets).toEqual([
      { key: key0, nugget: null, levels: ["relevant", "non_relevant"], queued: true, llm: null, decision: null },
    ]);
    expect(first.item.document).not.toBeNull();
    expect(JSON.stringify(first)).not.toContain("gpt-4o");
    await expect(getAdjudicationItem(judge, id, items[3]!)).rejects.toThrow(/waits for its annotators: 1 of them/);

    // the LLM's label: refused until the annotators are done
    await expect(updateCampaign(researcher, id, { adjudication: { llmJudge: "gpt-4o" } })).rejects.toThrow(
      /annotators are not done \(3 of 4 items complete\)/,
    );
    await expect(updateCampaign(researcher, id, { adjudication: { llmJudge: "nobody" } })).rejects.toThrow(
      /no LLM judge named "nobody"/,
    );

    // decisions: a level off the scale, stale labels and an agreed item are refused
    const db = await getDb();
    const keyOf = async (itemId: number) => (await db.item.findUniqueOrThrow({ where: { id: itemId } })).targetKey;
    const decide = async (itemId: number, level: string, labelsToken: string, reason: string | null = null) =>
      saveDecision(judge, id, itemId, { levels: { [await keyOf(itemId)]: level }, reason, labelsToken });
    await expect(decide(items[0]!, "maybe", first.labelsToken)).rejects.toThrow(/"maybe" is not a level/);
    await expect(decide(items[0]!, "relevant", "stale")).rejects.toThrow(/labels changed since you opened it/);
    const agreed = await getAdjudicationItem(judge, id, items[1]!);
    await expect(decide(items[1]!, "non_relevant", agreed.labelsToken)).rejects.toThrow(/annotators agree/);
    await expect(
      saveDecision(judge, id, items[0]!, { levels: { "qd:0:0": "relevant" }, labelsToken: first.labelsToken }),
    ).rejects.toThrow(/has no such target/);
    await decide(items[0]!, "partially_relevant", first.labelsToken, "  only half of it  ");
    const stored = await db.decision.findFirstOrThrow({ where: { itemId: items[0]! } });
    expect(stored).toMatchObject({
      targetKey: key0,
      userId: judge.id,
      level: "partially_relevant",
      reason: "only half of it",
      llm: null,
    });
    expect(JSON.parse(stored.seen)).toEqual([
      { user: a0.email, level: "relevant", phase: "blind", comment: `comment of ${a0.email}` },
      { user: a1.email, level: "non_relevant", phase: "blind", comment: null },
    ]);

    // the label set: the agreed item and the decision; the undecided one left out and counted
    const set = await loadLabelSet(studyId, labelSet(`adjudicated:${id}`));
    expect([...set.labels.values()].map((l) => [l.targetKey, l.value, l.scale]).sort()).toEqual(
      [
        [await keyOf(items[0]!), "partially_relevant", "relevance-3"],
        [await keyOf(items[1]!), "relevant", "relevance-3"],
      ].sort(),
    );
    expect(set).toMatchObject({ kind: "human", undecided: 1 });
    expect((await getCampaignProgress(researcher, id)).adjudication).toMatchObject({
      settings: { adjudicator: { id: judge.id }, every: false, showNames: false, llm: null },
      counts: { queued: 2, decided: 1, undecided: 1, waiting: 1 },
      annotatorsDone: false,
    });

    // once the campaign is closed, the researcher may show the LLM, and names; a decision records the LLM shown
    await updateCampaign(researcher, id, { status: "closed" });
    await updateCampaign(researcher, id, { adjudication: { llmJudge: "gpt-4o", showNames: true } });
    const half = await getAdjudicationItem(judge, id, items[2]!);
    expect(half.targets[0]!.llm?.judge).toBe("gpt-4o");
    expect(half.annotators.map((l) => l.annotator)).toEqual([`${a0.name} (${a0.email})`, `${a1.name} (${a1.email})`]);
    await decide(items[2]!, "relevant", half.labelsToken);
    expect(JSON.parse((await db.decision.findFirstOrThrow({ where: { itemId: items[2]! } })).llm!) as unknown).toEqual({
      judge: "gpt-4o",
      value: half.targets[0]!.llm!.level,
    });
    expect((await loadLabelSet(studyId, labelSet(`adjudicated:${id}`))).undecided).toBe(0);
    // Corrected estimates reads it as the people's labels: one value per target, agreed or decided
    const corrected = await getCorrectedEstimates(
      researcher,
      studyId,
      correctedEstimatesQuerySchema.parse({
        llm: "gpt-4o",
        human: `adjudicated:${id}`,
        confidence: 0.95,
      }),
    );
    expect(corrected).toMatchObject({ labelled: 3 });

    // every item through the queue: the agreed one waits for a decision, and then counts
    await updateCampaign(researcher, id, { adjudication: { every: true } });
    expect((await getAdjudicationQueue(judge, id)).queue.map((q) => q.itemId)).toEqual([items[0], items[2], items[1]]);
    expect((await loadLabelSet(studyId, labelSet(`adjudicated:${id}`))).undecided).toBe(1);
    await decide(items[1]!, "relevant", (await getAdjudicationItem(judge, id, items[1]!)).labelsToken);
    expect((await loadLabelSet(studyId, labelSet(`adjudicated:${id}`))).labels.size).toBe(3);
  });

  it("has no adjudication for a campaign with one annotator per item, nor for another study's", async () => {
    const { id } = await createCampaign(researcher, studyId, draft({ overlap: 1, annotatorIds: [annotators[0]!.id] }));
    await expect(getAdjudicationQueue(researcher, id)).rejects.toThrow(/has no adjudication/);
    await expect(updateCampaign(researcher, id, { adjudication: { every: true } })).rejects.toThrow(
      /has no adjudication/,
    );
    await expect(loadLabelSet(studyId, labelSet(`adjudicated:${id}`))).rejects.toThrow(/has no adjudication/);
    await expect(loadLabelSet(studyId + 100000, labelSet(`adjudicated:${id}`))).rejects.toThrow(/no campaign/);
  });
});
