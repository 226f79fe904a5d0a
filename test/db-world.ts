// A small world for database tests, built with the shared factories and the app's own
// createCampaign: two studies, users of every role, memberships and two campaigns. Every natural key carries a unique suffix.
import { randomUUID } from "node:crypto";
import * as f from "@/prisma/factories";
import type { Db } from "@/lib/server/db/client";
import { nuggetDocumentKey } from "@/lib/domain/targets";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import { toUserDto } from "@/lib/server/users/user-dto";
import { unique } from "./db-tier";
import { seedDemoStudy } from "@/prisma/demo/seed-demo-study";

export async function buildWorld(db: Db) {
  const id = unique();
  const password = "correct horse battery";
  const user = async (role: "admin" | "researcher" | "annotator", name: string) =>
    toUserDto(await f.upsertUser(db, { email: `${name}-${id}@test.local`, role, password }));
  const admin = await user("admin", "admin");
  const researcher = await user("researcher", "researcher");
  const otherResearcher = await user("researcher", "other-researcher");
  const annotator = await user("annotator", "annotator");
  const outsider = await user("annotator", "outsider");

  const study = await f.upsertStudy(db, { slug: `study-${id}`, name: `Study ${id}` });
  const otherStudy = await f.upsertStudy(db, { slug: `other-${id}`, name: `Other ${id}` });
  await f.upsertMember(db, study.id, researcher.id, "researcher");
  await f.upsertMember(db, study.id, annotator.id, "annotator");
  await f.upsertMember(db, otherStudy.id, otherResearcher.id, "researcher");
  await f.upsertMember(db, otherStudy.id, outsider.id, "annotator");

  const query = await f.upsertQuery(db, study.id, { externalId: "q1", title: "Q1", body: "How?" });
  const nuggets = [
    await f.upsertNugget(db, study.id, query.id, { externalId: "q1_1", position: 1, text: "first" }),
    await f.upsertNugget(db, study.id, query.id, { externalId: "q1_2", position: 2, text: "second" }),
  ];
  const docs = [
    await f.upsertDocument(db, study.id, { externalId: "d1", text: "print(1)", path: "a.py" }),
    await f.upsertDocument(db, study.id, { externalId: "d2", text: "# doc", path: "b.md" }),
  ];
  for (const d of docs) await f.upsertPoolEntry(db, study.id, query.id, d.id);
  const llm = await f.upsertJudge(db, study.id, { name: "gpt-4o", kind: "model" });
  for (const n of nuggets) {
    for (const d of docs) {
      await f.upsertSupportLabel(db, study.id, {
        judgeId: llm.id,
        queryId: query.id,
        nuggetId: n.id,
        documentId: d.id,
        scale: "binary",
        value: "1",
      });
    }
  }
  // the active campaign is created as a researcher creates one: two chosen pairs, one annotator
  const created = await createCampaign(admin, study.id, {
    name: "Active",
    taskType: "support",
    scale: { kind: "builtin", id: "relevance-3" },
    guidelines: "",
    protocol: "blind",
    llmJudge: null,
    overlap: 1,
    annotatorIds: [annotator.id],
    sample: { kind: "targets", targetKeys: [0, 1].map((i) => nuggetDocumentKey(nuggets[i]!.id, docs[i]!.id)) },
    seed: 0,
  });
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: created.id } });
  const items = await db.item.findMany({ where: { campaignId: campaign.id }, orderBy: { position: "asc" } });
  // the app starts every campaign it creates; a draft comes from elsewhere, so it is written as such
  const draft = await f.upsertCampaign(db, study.id, {
    name: "Draft",
    taskType: "support",
    protocol: "blind",
    status: "draft",
  });
  await f.upsertCampaignAnnotator(db, draft.id, annotator.id);
  return {
    id,
    password,
    admin,
    researcher,
    otherResearcher,
    annotator,
    outsider,
    study,
    otherStudy,
    campaign,
    draft,
    items,
  };
}

/**
 * A copy of the demo study of the test's own (slug `<name>-<unique>`, so that what a test adds
 * reaches no other test), the demo's researcher, and `annotators` new annotators who are members.
 */
export async function demoStudyWorld(db: Db, name: string, annotators: number) {
  const id = unique();
  const { studyId } = await seedDemoStudy(db, `${name}-${id}`);
  const researcher = toUserDto(await db.user.findUniqueOrThrow({ where: { email: "researcher@assay.local" } }));
  const members = [];
  for (let i = 0; i < annotators; i++) {
    const user = await f.upsertUser(db, {
      email: `${name}-annotator${i}-${id}@test.local`,
      role: "annotator",
      password: "x",
    });
    await f.upsertMember(db, studyId, user.id, "annotator");
    members.push(toUserDto(user));
  }
  return { id, studyId, researcher, annotators: members };
}

/** An annotator's first save of a level, as the workspace sends it (a new client id each time). */
export const levelSave = (level: string) => ({
  clientId: randomUUID(),
  phase: "blind" as const,
  version: 1,
  payload: { level },
  comment: null,
  startedAt: new Date().toISOString(),
  durationMs: 1000,
});
