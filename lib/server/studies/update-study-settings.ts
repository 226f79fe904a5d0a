import "server-only";
import { studySettingsSchema, type StudySettings } from "@/lib/schemas/studies";
import { getDb } from "../db/client";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { assertResearcherAccess } from "./access";

/** A researcher of the study (or an admin) changes how its passages are shown. */
export async function updateStudySettings(
  user: UserDto,
  studyId: number,
  input: StudySettings,
): Promise<StudySettings> {
  const settings = parseOrThrow(studySettingsSchema, input);
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  await db.study.update({ where: { id: studyId }, data: { passageDisplay: settings.passageDisplay } });
  return settings;
}
