import { findStudy } from "@/lib/server/studies/find-or-create-study";
import { inputError } from "./contract-input";

/** The study a command's --study names (its name or slug); a missing option or an unknown study is an input error. */
export async function studyOption(name: string | undefined) {
  if (!name) throw inputError("--study is required");
  const study = await findStudy(name);
  if (!study) throw inputError(`--study: no study is named "${name}" (npm run assay -- studies list shows them)`);
  return study;
}
