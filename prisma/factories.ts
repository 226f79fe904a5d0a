// Shared builders for the demo seed, the database tests and the e2e world. Each is an upsert on
// the model's natural key, so running them twice changes nothing.
import { FIRST_NUGGET_SET } from "@/lib/domain/nuggets/nugget-sets";
import type { MemberRole, UserRole } from "@/lib/domain/roles";
import { BUILTIN_SCALES } from "@/lib/domain/scales";
import { hashToken } from "@/lib/server/auth/api-token";
import { hashPassword } from "@/lib/server/users/password";
import type { Db } from "@/lib/server/db/client";
import { nuggetDocumentKey } from "@/lib/domain/targets";

export async function upsertUser(db: Db, input: { email: string; role: UserRole; password: string; name?: string }) {
  const existing = await db.user.findUnique({ where: { email: input.email } });
  if (existing) return existing;
  const name = input.name ?? input.email.split("@")[0] ?? input.email;
  return db.user.create({
    data: { email: input.email, name, role: input.role, passwordHash: await hashPassword(input.password) },
  });
}

/** An API token with a known secret (tests only: the app makes its own secrets), by its hash. */
export function upsertApiToken(
  db: Db,
  input: { userId: number; secret: string; studies: number[]; access: "read" | "read-write"; expiresAt: Date },
) {
  const data = {
    userId: input.userId,
    name: "seeded",
    access: input.access,
    studies: JSON.stringify(input.studies),
    expiresAt: input.expiresAt,
  };
  const tokenHash = hashToken(input.secret);
  return db.apiToken.upsert({ where: { tokenHash }, update: data, create: { ...data, tokenHash } });
}

export function upsertStudy(db: Db, input: { slug: string; name: string; description?: string }) {
  const data = { name: input.name, description: input.description ?? "" };
  return db.study.upsert({ where: { slug: input.slug }, update: data, create: { slug: input.slug, ...data } });
}

export function upsertMember(db: Db, studyId: number, userId: number, role: MemberRole) {
  return db.studyMember.upsert({
    where: { studyId_userId: { studyId, userId } },
    update: { role },
    create: { studyId, userId, role },
  });
}

export function upsertQuery(
  db: Db,
  studyId: number,
  q: { externalId: string; title: string; body: string; answer?: string; metadata?: object },
) {
  const data = { title: q.title, body: q.body, answer: q.answer ?? null, metadata: JSON.stringify(q.metadata ?? {}) };
  return db.query.upsert({
    where: { studyId_externalId: { studyId, externalId: q.externalId } },
    update: data,
    create: { studyId, externalId: q.externalId, ...data },
  });
}

/** A nugget of the study's first nugget set (made, as "main", when the study has none). */
export async function upsertNugget(
  db: Db,
  studyId: number,
  queryId: number,
  n: { externalId: string; position: number; text: string },
) {
  const set =
    (await db.nuggetSet.findFirst({ where: { studyId }, orderBy: { id: "asc" } })) ??
    (await db.nuggetSet.create({ data: { studyId, name: FIRST_NUGGET_SET } }));
  return db.nugget.upsert({
    where: { studyId_externalId: { studyId, externalId: n.externalId } },
    update: { text: n.text, position: n.position, queryId },
    create: { studyId, setId: set.id, queryId, ...n },
  });
}

export function upsertDocument(
  db: Db,
  studyId: number,
  d: {
    externalId: string;
    text: string;
    title?: string;
    language?: string | null;
    repo?: string | null;
    path?: string | null;
    metadata?: object;
  },
) {
  const data = {
    text: d.text,
    title: d.title ?? "",
    language: d.language ?? null,
    repo: d.repo ?? null,
    path: d.path ?? null,
    metadata: JSON.stringify(d.metadata ?? {}),
  };
  return db.document.upsert({
    where: { studyId_externalId: { studyId, externalId: d.externalId } },
    update: data,
    create: { studyId, externalId: d.externalId, ...data },
  });
}

export function upsertPoolEntry(db: Db, studyId: number, queryId: number, documentId: number, sources: object[] = []) {
  return db.poolEntry.upsert({
    where: { queryId_documentId: { queryId, documentId } },
    update: { sources: JSON.stringify(sources) },
    create: { studyId, queryId, documentId, sources: JSON.stringify(sources) },
  });
}

export function upsertJudge(db: Db, studyId: number, j: { name: string; kind: "human" | "model"; userId?: number }) {
  return db.judge.upsert({
    where: { studyId_name: { studyId, name: j.name } },
    update: {},
    create: { studyId, name: j.name, kind: j.kind, userId: j.userId ?? null },
  });
}

export function upsertSupportLabel(
  db: Db,
  studyId: number,
  l: { judgeId: number; queryId: number; nuggetId: number; documentId: number; scale: string; value: string },
) {
  const targetKey = nuggetDocumentKey(l.nuggetId, l.documentId);
  return db.label.upsert({
    where: { judgeId_targetKey: { judgeId: l.judgeId, targetKey } },
    update: { value: l.value, scale: l.scale },
    create: { studyId, targetType: "nugget_document", targetKey, ...l },
  });
}

export function upsertSystem(db: Db, studyId: number, name: string) {
  return db.system.upsert({ where: { studyId_name: { studyId, name } }, update: {}, create: { studyId, name } });
}

export function upsertRunEntry(
  db: Db,
  e: { systemId: number; queryId: number; documentId: number; rank: number; score: number },
) {
  return db.runEntry.upsert({
    where: { systemId_queryId_documentId: { systemId: e.systemId, queryId: e.queryId, documentId: e.documentId } },
    update: { rank: e.rank, score: e.score },
    create: e,
  });
}

export async function upsertResponse(
  db: Db,
  r: {
    studyId: number;
    systemId: number;
    queryId: number;
    text: string;
    citations: { marker: number; documentId: number }[];
  },
) {
  const response = await db.response.upsert({
    where: { systemId_queryId: { systemId: r.systemId, queryId: r.queryId } },
    update: { text: r.text },
    create: { studyId: r.studyId, systemId: r.systemId, queryId: r.queryId, text: r.text },
  });
  for (const c of r.citations) {
    await db.citation.upsert({
      where: { responseId_marker: { responseId: response.id, marker: c.marker } },
      update: { documentId: c.documentId },
      create: { responseId: response.id, ...c },
    });
  }
  return response;
}

/**
 * A campaign written as a row, for a state the app never makes itself (a draft: the app starts
 * every campaign it creates). Every other campaign comes from createCampaign, as a researcher's does.
 */
export function upsertCampaign(
  db: Db,
  studyId: number,
  c: {
    name: string;
    taskType: string;
    protocol: string;
    scale?: object;
    criteria?: object[];
    overlap?: number;
    sample?: object;
    seed?: number;
    guidelines?: string;
    status?: string;
    llmJudgeId?: number;
  },
) {
  const data = {
    taskType: c.taskType,
    protocol: c.protocol,
    scale: JSON.stringify(c.scale ?? BUILTIN_SCALES["relevance-3"]),
    criteria: JSON.stringify(c.criteria ?? []),
    overlap: c.overlap ?? 1,
    sample: JSON.stringify(c.sample ?? { kind: "all_pairs" }),
    seed: c.seed ?? 0,
    guidelines: c.guidelines ?? "",
    status: c.status ?? "active",
    llmJudgeId: c.llmJudgeId ?? null,
  };
  return db.campaign.upsert({
    where: { studyId_name: { studyId, name: c.name } },
    update: {},
    create: { studyId, name: c.name, ...data },
  });
}

export function upsertCampaignAnnotator(db: Db, campaignId: number, userId: number) {
  return db.campaignAnnotator.upsert({
    where: { campaignId_userId: { campaignId, userId } },
    update: {},
    create: { campaignId, userId },
  });
}
