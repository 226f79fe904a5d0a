import { findStudy } from "@/lib/server/studies/find-or-create-study";
import { orInputError } from "../operator";
import { inputError } from "./contract-input";

/** The study a command's --study names (its name, slug or id); a missing option, an unknown or an ambiguous study is an input error. */
export async function studyOption(name: string | undefined) {
  if (!name) throw inputError("--study is required");
  const study = await orInputError(findStudy(name));
  if (!study) throw inputError(`--study: no study is named "${name}" (npm run assay -- studies list shows them)`);
  return study;
}
