import "server-only";
import type { StudyRuns } from "@/lib/schemas/studies";
import { getDb } from "../db/client";
import { runSummaries } from "../db/runs";
import type { UserDto } from "../users/user-dto";
import { assertResearcherAccess } from "./access";

/** The study's systems, by name: each one's run (entries, questions) and its RAG answers. */
export async function listRuns(user: UserDto, studyId: number): Promise<StudyRuns> {
  await assertResearcherAccess(await getDb(), user, studyId);
  return { runs: await runSummaries(studyId) };
}
