import "server-only";
import { storedSentences } from "@/lib/domain/rag-answers/answer-text";
import { BUNDLE_VERSION, bundleLine } from "@/lib/formats/bundle";
import { storedImportance } from "@/lib/domain/nugget-scores/nugget-scores";
import type { Db } from "../db/client";
import { studyJudgingLines } from "./export-bundle-judging";
import { sentenceOf, studyPeopleLines, studyWorkLines } from "./export-bundle-work";
import { paged } from "./paged";
import { passageDisplaySchema, passageKindSchema } from "@/lib/domain/passages/passage-kind";

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
const after = (afterId: number, take: number) => ({
  where: { id: { gt: afterId } },
  orderBy: { id: "asc" as const },
  take,
});

/**
 * A study as bundle lines, every record after the records it refers to (see lib/formats/bundle.ts):
 * content, systems, people, judges and labels, runs and responses, the campaigns' work, then the
 * LLM judge runs and their calls.
 */
export async function* studyBundleLines(db: Db, studyId: number): AsyncGenerator<string> {
  const study = await db.study.findUniqueOrThrow({ where: { id: studyId } });
  yield bundleLine({
    type: "bundle",
    version: BUNDLE_VERSION,
    study: {
      name: study.name,
      description: study.description,
      passage_display: passageDisplaySchema.catch("auto").parse(study.passageDisplay),
    },
  });
  const inStudy = (afterId: number, take: number) => ({
    ...after(afterId, take),
    where: { studyId, id: { gt: afterId } },
  });

  for await (const q of paged((a, t) => db.query.findMany(inStudy(a, t)))) {
    yield bundleLine({
      type: "query",
      id: q.externalId,
      title: q.title,
      body: q.body,
      answer: q.answer,
      metadata: json(q.metadata),
      nugget_version: q.nuggetVersion,
    });
  }
  for await (const d of paged((a, t) => db.document.findMany(inStudy(a, t)))) {
    yield bundleLine({
      type: "document",
      id: d.externalId,
      title: d.title,
      text: d.text,
      repo: d.repo,
      path: d.path,
      metadata: json(d.metadata),
      display: passageKindSchema.nullable().catch(null).parse(d.display),
    });
  }
  for await (const n of paged((a, t) =>
    db.nugget.findMany({ ...inStudy(a, t), include: { query: { select: { externalId: true } } } }),
  )) {
    const importance = storedImportance(n.importance);
    yield bundleLine({
      type: "nugget",
      id: n.externalId,
      query: n.query.externalId,
      position: n.position,
      text: n.text,
      ...(importance === null ? {} : { importance }),
    });
  }
  const ext = { query: { select: { externalId: true } }, document: { select: { externalId: true } } };
  for await (const p of paged((a, t) => db.poolEntry.findMany({ ...inStudy(a, t), include: ext }))) {
    yield bundleLine({
      type: "pool",
      query: p.query.externalId,
      doc: p.document.externalId,
      sources: JSON.parse(p.sources) as unknown[],
    });
  }
  for (const s of await db.system.findMany({ where: { studyId }, orderBy: { id: "asc" } }))
    yield bundleLine({ type: "system", name: s.name });
  yield* studyPeopleLines(db, studyId);
  for (const j of await db.judge.findMany({
    where: { studyId },
    orderBy: { id: "asc" },
    include: { user: { select: { email: true } } },
  })) {
    yield bundleLine({
      type: "judge",
      name: j.name,
      kind: j.kind === "human" ? "human" : "model",
      user: j.user?.email ?? null,
    });
  }
  const labelRefs = {
    judge: { select: { name: true } },
    query: { select: { externalId: true } },
    nugget: { select: { externalId: true } },
    document: { select: { externalId: true } },
    systemA: { select: { name: true } },
    systemB: { select: { name: true } },
  };
  for await (const l of paged((a, t) => db.label.findMany({ ...inStudy(a, t), include: labelRefs }))) {
    yield bundleLine({
      type: "label",
      judge: l.judge.name,
      target: l.targetType as "query",
      query: l.query?.externalId ?? null,
      nugget: l.nugget?.externalId ?? null,
      doc: l.document?.externalId ?? null,
      system_a: l.systemA?.name ?? null,
      system_b: l.systemB?.name ?? null,
      criterion: l.criterion,
      ...sentenceOf(l.targetKey),
      scale: l.scale,
      value: l.value,
      created_at: l.createdAt.toISOString(),
    });
  }
  const runWhere = (a: number, t: number) => ({
    ...after(a, t),
    where: { system: { studyId }, id: { gt: a } },
    include: { ...ext, system: { select: { name: true } } },
  });
  for await (const r of paged((a, t) => db.runEntry.findMany(runWhere(a, t)))) {
    yield bundleLine({
      type: "run",
      system: r.system.name,
      query: r.query.externalId,
      doc: r.document.externalId,
      rank: r.rank,
      score: r.score,
    });
  }
  const responseRefs = {
    system: { select: { name: true } },
    query: { select: { externalId: true } },
    citations: { orderBy: { marker: "asc" as const }, include: { document: { select: { externalId: true } } } },
  };
  for await (const r of paged((a, t) => db.response.findMany({ ...inStudy(a, t), include: responseRefs }))) {
    const citations = r.citations.map((c) => ({ marker: c.marker, doc: c.document.externalId }));
    const sentences = storedSentences(r.sentences);
    yield bundleLine({
      type: "response",
      system: r.system.name,
      query: r.query.externalId,
      text: r.text,
      citations,
      ...(sentences === null ? {} : { sentences }),
      ...(r.responseLength === null ? {} : { response_length: r.responseLength }),
    });
  }
  yield* studyWorkLines(db, studyId);
  yield* studyJudgingLines(db, studyId);
}
