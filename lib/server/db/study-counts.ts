import "server-only";
import { sqlOf, type Tx } from "./sql-connection";

export type StudyCounts = {
  queries: number;
  nuggets: number;
  documents: number;
  poolEntries: number;
  labels: number;
  systems: number;
  runEntries: number;
  responses: number;
  citations: number;
  members: number;
  campaigns: number;
  items: number;
  seats: number;
  annotations: number;
  decisions: number;
  judgeRuns: number;
  judgeCalls: number;
};

/** Row counts of everything an import can add to a study. */
export async function studyCounts(tx: Tx, studyId: number): Promise<StudyCounts> {
  const count = (table: string) => `(SELECT COUNT(*) FROM "${table}" WHERE "studyId" = ?)`;
  const [row] = await sqlOf(tx).query(
    `SELECT ${count("Query")} AS queries, ${count("Nugget")} AS nuggets, ${count("Document")} AS documents, ${count("PoolEntry")} AS "poolEntries",
      ${count("Label")} AS labels, ${count("System")} AS systems,
      (SELECT COUNT(*) FROM "RunEntry" r JOIN "System" s ON s."id" = r."systemId" WHERE s."studyId" = ?) AS "runEntries",
      ${count("Response")} AS responses,
      (SELECT COUNT(*) FROM "Citation" c JOIN "Response" p ON p."id" = c."responseId" WHERE p."studyId" = ?) AS citations,
      ${count("StudyMember")} AS members, ${count("Campaign")} AS campaigns,
      (SELECT COUNT(*) FROM "Item" i JOIN "Campaign" c ON c."id" = i."campaignId" WHERE c."studyId" = ?) AS items,
      (SELECT COUNT(*) FROM "Assignment" a JOIN "Campaign" c ON c."id" = a."campaignId" WHERE c."studyId" = ?) AS seats,
      (SELECT COUNT(*) FROM "Annotation" n JOIN "Item" i ON i."id" = n."itemId" JOIN "Campaign" c ON c."id" = i."campaignId"
        WHERE c."studyId" = ?) AS annotations,
      (SELECT COUNT(*) FROM "Decision" d JOIN "Item" i ON i."id" = d."itemId" JOIN "Campaign" c ON c."id" = i."campaignId"
        WHERE c."studyId" = ?) AS decisions,
      ${count("JudgeRun")} AS "judgeRuns",
      (SELECT COUNT(*) FROM "JudgeCall" c JOIN "JudgeRun" r ON r."id" = c."runId" WHERE r."studyId" = ?) AS "judgeCalls"`,
    Array(17).fill(studyId),
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as StudyCounts;
}

export function difference(after: StudyCounts, before: StudyCounts): StudyCounts {
  return Object.fromEntries(
    Object.entries(after).map(([k, v]) => [k, v - before[k as keyof StudyCounts]]),
  ) as StudyCounts;
}
