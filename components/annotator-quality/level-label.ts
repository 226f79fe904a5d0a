import type { AnnotatorQualityReport } from "@/lib/domain/annotator-quality/build-annotator-quality-report";

/** A level's label on the report's scale (its value when the scale does not know it). */
export const levelLabel = (report: AnnotatorQualityReport, value: string) =>
  report.scale.levels.find((l) => l.value === value)?.label ?? value;
