import "server-only";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import { buildJudgeAgreement, type GradedLabel } from "@/lib/domain/judge-agreement/build-judge-agreement";
import { parseTrecMeasure, TREC_MEASURES } from "@/lib/domain/impact/trec-measures";
import type { JudgeAgreementQuery } from "@/lib/schemas/judge-agreement";
import type { JudgeAgreement } from "@/lib/domain/judge-agreement/build-judge-agreement";
import { getDb } from "../db/client";
import { countLabelPairs } from "../db/label-pairs";
import { documentExternalIds, namedRankedRunsOfStudy } from "../db/run-rankings";
import { questionExternalIds } from "../db/runs";
import { gradedLabelsByJudge } from "../db/graded-labels";
import { invalid } from "../errors";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";

/**
 * Every judge of a study against one reference judge (see buildJudgeAgreement): the database
 * counts each judge's labels against the reference's, one query per judge; with runs, every
 * judge's (query, document) labels are read once to rank the systems.
 */
export async function getJudgeAgreement(
  user: UserDto,
  studyId: number,
  query: JudgeAgreementQuery,
): Promise<JudgeAgreement> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const measure = parseTrecMeasure(query.measure);
  if (!measure)
    throw invalid(
      `"${query.measure}" is not a ranking measure (${TREC_MEASURES.join(", ")}, with @k where it takes one)`,
    );
  const judges = await db.judge.findMany({ where: { studyId }, orderBy: { name: "asc" } });
  const reference = judges.find((j) => j.name === query.reference);
  if (!reference) throw invalid(`no judge named "${query.reference}" in this study`);
  const others = judges.filter((j) => j.id !== reference.id);
  // the runs as their files named queries and documents, as the labels below: trec_eval's order of ties and sums
  const questions = await questionExternalIds(studyId);
  const runs = await namedRankedRunsOfStudy(
    studyId,
    await documentExternalIds(studyId),
    (q) => questions.get(q) ?? String(q),
  );

  const labels = runs.size > 0 ? await gradedLabelsByJudge(studyId) : new Map<number, GradedLabel[]>();
  return buildJudgeAgreement({
    reference: { name: reference.name, labels: labels.get(reference.id) ?? [] },
    judges: await Promise.all(
      others.map(async (j) => ({
        name: j.name,
        kind: j.kind === "human" ? ("human" as const) : ("model" as const),
        pairs: (await countLabelPairs(reference.id, j.id, "none")).rows,
        labels: labels.get(j.id) ?? [],
      })),
    ),
    runs,
    measure,
    bootstrap: REPORT_BOOTSTRAP,
  });
}
