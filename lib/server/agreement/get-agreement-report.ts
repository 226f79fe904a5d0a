import "server-only";
import { buildAgreementReport, type AgreementReport } from "@/lib/domain/agreement/build-agreement-report";
import { formatLabelSet } from "@/lib/domain/label-sets/registry";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import type { AgreementQuery } from "@/lib/schemas/agreement";
import { getDb, type Db } from "../db/client";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { groupNamer } from "./group-keys";
import { loadPairCounts } from "./load-pair-counts";

/** How far two label sets of a study agree (see buildAgreementReport), from the labels both gave. */
export async function getAgreementReport(
  user: UserDto,
  studyId: number,
  query: AgreementQuery,
): Promise<AgreementReport<AgreementQuery["group"]>> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  return agreementReportOf(db, studyId, query);
}

/** The same report, for a caller that has checked the user's access to the study (the calibration, once for all its judges). */
export async function agreementReportOf(
  db: Db,
  studyId: number,
  query: AgreementQuery,
): Promise<AgreementReport<AgreementQuery["group"]>> {
  const counts = await loadPairCounts(db, studyId, query);
  return buildAgreementReport({
    sets: { a: formatLabelSet(query.a), b: formatLabelSet(query.b) },
    kinds: counts.kinds,
    rows: counts.rows,
    sizeA: counts.sizeA,
    sizeB: counts.sizeB,
    groupBy: query.group,
    groupNames: await groupNamer(db, studyId, query.group),
    bootstrap: REPORT_BOOTSTRAP,
    lengthRows: counts.lengthRows,
    targetKinds: counts.targetKinds,
    leftOut: counts.leftOut,
  });
}
