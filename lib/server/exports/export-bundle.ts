import "server-only";
import { storedSentences } from "@/lib/domain/rag-answers/answer-text";
import { BUNDLE_VERSION, bundleLine, type BundleRecord } from "@/lib/formats/bundle";
import { storedImportance } from "@/lib/domain/nugget-scores/nugget-scores";
import { nuggetSetSourceSchema } from "@/lib/domain/nuggets/nugget-sets";
import type { Db } from "../db/client";
import {
  bundleLabelPage,
  bundlePoolPage,
  bundleRunPage,
  poolEntryIdBeforeStudy,
  runEntryIdBeforeStudy,
} from "../db/bundle-rows";
import { labelIdBeforeStudy } from "../db/label-export";
import { studyJudgingLines } from "./export-bundle-judging";
import { sentenceOf, studyPeopleLines, studyWorkLines } from "./export-bundle-work";
import { pages, paged } from "./paged";
import { passageDisplaySchema, passageKindSchema } from "@/lib/domain/passages/passage-kind";

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
/** Rows a page of the large record types (pooled pairs, labels, runs) is read in: a statement each. */
const PAGE = 5000;
/** A page of rows as bundle lines, one string (see ExportStream). */
const lines = <T>(rows: T[], line: (row: T) => BundleRecord) => rows.map((row) => bundleLine(line(row))).join("\n");
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
  const sets = await db.nuggetSet.findMany({ where: { studyId }, orderBy: { id: "asc" } });
  for (const set of sets) {
    const lists = await db.nuggetList.findMany({
      where: { setId: set.id, version: { gt: 1 } },
      orderBy: { queryId: "asc" },
      select: { version: true, query: { select: { externalId: true } } },
    });
    yield bundleLine({
      type: "nugget_set",
      name: set.name,
      source: nuggetSetSourceSchema.catch("import").parse(set.source),
      origin: set.origin,
      versions: Object.fromEntries(lists.map((l) => [l.query.externalId, l.version])),
    });
  }
  const setNames = new Map(sets.map((s) => [s.id, s.name]));
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
      set: setNames.get(n.setId)!,
    });
  }
  const poolWalk = { take: PAGE, from: await poolEntryIdBeforeStudy(studyId) };
  for await (const page of pages((a, t) => bundlePoolPage(studyId, a, t), poolWalk))
    yield lines(page, (p) => ({
      type: "pool",
      query: p.query,
      doc: p.doc,
      sources: JSON.parse(p.sources) as unknown[],
    }));
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
  const labelWalk = { take: PAGE, from: await labelIdBeforeStudy(studyId) };
  for await (const page of pages((a, t) => bundleLabelPage(studyId, a, t), labelWalk))
    yield lines(page, (l) => ({
      type: "label",
      judge: l.judge,
      target: l.targetType as "query",
      query: l.query,
      nugget: l.nugget,
      doc: l.doc,
      system_a: l.systemA,
      system_b: l.systemB,
      criterion: l.criterion,
      ...sentenceOf(l.targetKey),
      scale: l.scale,
      value: l.value,
      created_at: l.createdAt,
    }));
  const runWalk = { take: PAGE, from: await runEntryIdBeforeStudy(studyId) };
  for await (const page of pages((a, t) => bundleRunPage(studyId, a, t), runWalk))
    yield lines(page, (r) => ({
      type: "run",
      system: r.system,
      query: r.query,
      doc: r.doc,
      rank: r.rank,
      score: r.score,
    }));
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
