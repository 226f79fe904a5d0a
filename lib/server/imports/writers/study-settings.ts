import "server-only";
import type { StudySettingsRow } from "@/lib/formats/bundle";
import type { ImportContext } from "../import-context";
import { setPassageDisplay } from "../../db/study-settings";
import type { Numbered } from "./shared";

/** A bundle's study settings (how its passages are shown), set on the study it is imported into. */
export async function writeStudySettings(ctx: ImportContext, batch: Numbered<StudySettingsRow>[]): Promise<void> {
  const last = batch.at(-1);
  if (!last) return;
  await setPassageDisplay(ctx.tx, ctx.studyId, last.row.passageDisplay);
}
