import "server-only";
import { BUILTIN_SCALES, builtinScale } from "@/lib/domain/scales";
import type { ImportFormat } from "@/lib/formats/import-formats";
import { invalid } from "../errors";
import type { PassageKind } from "@/lib/domain/passages/passage-kind";

export type ImportOptions = {
  judge?: string;
  judgeKind?: "model" | "human";
  scale?: string;
  /** How the passages this import writes are shown (code, prose, markdown); unset: the study's setting. */
  display?: PassageKind;
  /** The nugget set the file's nuggets go to or are matched in (made when missing); unset: the study's first. */
  nuggetSet?: string;
};
export type ResolvedPolicy = { judge: string; judgeKind: "model" | "human"; scale: string } | null;

/** Which judge and scale the import's labels get, or an "invalid" error saying what to pass. */
export function resolveLabelPolicy(format: ImportFormat, options: ImportOptions): ResolvedPolicy {
  const policy = format.labels;
  if (!policy) {
    if (options.judge || options.scale)
      throw invalid(`${format.id} files carry no labels: leave out the judge and the scale`);
    return null;
  }
  let judge: string;
  if (policy.judge === "required") {
    if (!options.judge?.trim())
      throw invalid(`${format.id} needs a judge: name the model or person whose labels these are`);
    judge = options.judge.trim();
  } else {
    judge = options.judge?.trim() || policy.judge.default;
  }
  let scale: string;
  if (policy.scale === "required") {
    if (!options.scale) throw invalid(`${format.id} needs a scale (one of ${Object.keys(BUILTIN_SCALES).join(", ")})`);
    if (!builtinScale(options.scale))
      throw invalid(`unknown scale "${options.scale}" (one of ${Object.keys(BUILTIN_SCALES).join(", ")})`);
    scale = options.scale;
  } else {
    if (options.scale && options.scale !== policy.scale.fixed)
      throw invalid(`${format.id} labels are always on the scale ${policy.scale.fixed}`);
    scale = policy.scale.fixed;
  }
  return { judge, judgeKind: options.judgeKind ?? policy.judgeKind, scale };
}
