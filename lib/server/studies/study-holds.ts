import "server-only";
import { PREFERENCE_SCALE_ID } from "@/lib/domain/scales";
import type { StudyHeader } from "@/lib/schemas/studies";
import type { Db } from "../db/client";

/**
 * What a study's data can fill, by one existence check each: nuggets (Nugget quality, Drift),
 * side-by-side material, RAG answers or preference labels (Preferences), federated results,
 * documents that name their engine as FeB4RAG's do (Resources), and runs and RAG answers to score
 * (Impact, Resources).
 */
export async function studyHolds(db: Db, studyId: number): Promise<StudyHeader["holds"]> {
  const where = { studyId };
  const [nugget, response, preference, engine, run] = await Promise.all([
    db.nugget.findFirst({ where, select: { id: true } }),
    db.response.findFirst({ where, select: { id: true } }),
    db.label.findFirst({ where: { studyId, scale: PREFERENCE_SCALE_ID }, select: { id: true } }),
    db.document.findFirst({ where: { studyId, metadata: { contains: '"engine"' } }, select: { id: true } }),
    db.system.findFirst({ where: { studyId, runEntries: { some: {} } }, select: { id: true } }),
  ]);
  return {
    nuggets: nugget !== null,
    preferences: response !== null || preference !== null,
    federated: engine !== null,
    runs: run !== null,
    answers: response !== null,
  };
}
