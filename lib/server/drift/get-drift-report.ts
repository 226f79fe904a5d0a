import "server-only";
import { buildDriftReport, type DriftReport, type Snapshot } from "@/lib/domain/drift/build-drift-report";
import { documentSource, type SourceRule } from "@/lib/domain/drift/document-source";
import { labelPositive } from "@/lib/domain/scales";
import { parseNuggetDocumentKey } from "@/lib/domain/targets";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import type { DriftQuery } from "@/lib/schemas/drift";
import { getDb, type Db } from "../db/client";
import { documentExternalIds, namedRankedRunsOfStudy } from "../db/run-rankings";
import { questionExternalIds } from "../db/runs";
import { AppError, invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * Two snapshots of a benchmark compared (see buildDriftReport): this study and `query.snapshot`,
 * each under its own label set. The caller must be a researcher of both; a study they may not
 * open is refused with the same words as one that does not exist.
 */
export async function getDriftReport(user: UserDto, studyId: number, query: DriftQuery): Promise<DriftReport> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  if (query.snapshot === studyId) throw invalid("choose another study to compare with: this one is snapshot A");
  try {
    await assertResearcherAccess(db, user, query.snapshot);
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found")
      throw invalid(`no study ${query.snapshot} that you may open as a researcher`);
    throw e;
  }
  const rule: SourceRule =
    query.source === "prefix" ? { by: "prefix", delimiter: query.delimiter } : { by: "repository" };
  const a = await loadSnapshot(db, studyId, query.a, rule);
  const b = await loadSnapshot(db, query.snapshot, query.b, rule);
  const report = buildDriftReport(a, b, rule);
  if (typeof report === "string") throw invalid(report);
  return report;
}

/** A study as a snapshot: its nuggets, the support its label set gives them, the sources of the supporting documents, its runs. */
async function loadSnapshot(
  db: Db,
  studyId: number,
  labels: LabelSetName | undefined,
  rule: SourceRule,
): Promise<Snapshot> {
  const study = await db.study.findUniqueOrThrow({ where: { id: studyId }, select: { name: true } });
  const set: LabelSetName = labels ?? { kind: "judge", judge: await firstModelJudge(db, studyId, study.name) };
  const source = await loadLabelSet(studyId, set).catch((e: unknown) => {
    throw e instanceof AppError && e.code === "invalid" ? invalid(`${study.name}: ${e.message}`) : e;
  });
  const questions = await questionExternalIds(studyId);
  const nuggetRows = await db.nugget.findMany({
    where: { studyId },
    select: { id: true, queryId: true, externalId: true, text: true },
  });
  const nuggetsById = new Map(nuggetRows.map((n) => [n.id, n]));
  const nuggets = new Map<string, Map<string, string>>();
  for (const n of nuggetRows) {
    const q = questions.get(n.queryId)!;
    (nuggets.get(q) ?? nuggets.set(q, new Map()).get(q)!).set(n.externalId, n.text);
  }

  const supportingIds = new Set<number>();
  const positive: { question: string; nugget: string; documentId: number }[] = [];
  let judged = 0;
  for (const [key, label] of source.labels) {
    const target = parseNuggetDocumentKey(key);
    const nugget = target && nuggetsById.get(target.nuggetId);
    if (!nugget) continue;
    judged++;
    if (!labelPositive(label)) continue;
    supportingIds.add(target.documentId);
    positive.push({
      question: questions.get(nugget.queryId)!,
      nugget: nugget.externalId,
      documentId: target.documentId,
    });
  }
  if (judged === 0)
    throw invalid(`${study.name}: ${name} has no support labels (nugget, chunk) to say what supports a nugget`);
  const documents = new Map(
    (await db.document.findMany({ where: { studyId }, select: { id: true, externalId: true, repo: true } }))
      .filter((d) => supportingIds.has(d.id))
      .map((d) => [d.id, d]),
  );
  const supports = new Map<string, Map<string, Set<string>>>();
  for (const p of positive) {
    const byNugget = supports.get(p.question) ?? supports.set(p.question, new Map()).get(p.question)!;
    const document = documents.get(p.documentId)!.externalId;
    (byNugget.get(p.nugget) ?? byNugget.set(p.nugget, new Set()).get(p.nugget)!).add(document);
  }
  return {
    studyId,
    name: study.name,
    labels: source.name,
    nuggets,
    supports,
    sources: new Map([...documents.values()].map((d) => [d.externalId, documentSource(d, rule)])),
    runs: await namedRankedRunsOfStudy(
      studyId,
      await documentExternalIds(studyId),
      (q) => questions.get(q) ?? String(q),
    ),
  };
}

/** The label set a snapshot uses when none is chosen: its first LLM judge by name. */
async function firstModelJudge(db: Db, studyId: number, studyName: string): Promise<string> {
  const judge = await db.judge.findFirst({ where: { studyId, kind: "model" }, orderBy: { name: "asc" } });
  if (!judge) throw invalid(`${studyName} has no LLM judge: choose the label set that says what supports a nugget`);
  return judge.name;
}
