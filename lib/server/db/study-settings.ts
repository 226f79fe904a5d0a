import "server-only";
import { sqlOf, type Tx } from "./sql-connection";

/** Sets how a study's passages are shown (auto, code, prose, markdown), within an import's transaction. */
export async function setPassageDisplay(tx: Tx, studyId: number, display: string): Promise<void> {
  await sqlOf(tx).query(`UPDATE "Study" SET "passageDisplay" = ? WHERE "id" = ?`, [display, studyId]);
}
