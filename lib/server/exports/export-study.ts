import "server-only";
import { slugify } from "@/lib/domain/slug";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import { EXPORTS } from "@/lib/formats/export-formats";
import { getDb } from "../db/client";
import { invalid, notFound } from "../errors";
import { annotationLines } from "./export-annotations";
import { studyBundleLines } from "./export-bundle";
import { labelLines } from "./export-labels";
import { nuggetLines } from "./export-nuggets";
import type { LabelExportFormat } from "./label-export-format";

export type ExportRequest = {
  what: string;
  format: string;
  /** Judges, or one label set (lib/schemas/label-set-name.ts, labelSetListSchema). */
  judges?: LabelSetName[];
  scale?: string;
  binarized?: boolean;
  campaign?: number;
  /** Nuggets: the nugget set exported (unset: the study's first). */
  nuggetSet?: string;
};
/**
 * An export's file name, type and text: `lines` yields one or more whole lines at a time, without
 * the last one's newline (a page of labels is one string; write them with textChunks).
 */
export type ExportStream = { fileName: string; contentType: string; lines: AsyncGenerator<string> };

const EXTENSIONS: Record<string, string> = {
  "trec-qrels": "qrels",
  "nugget-qrels": "nugget-qrels",
  csv: "csv",
  jsonl: "jsonl",
  "nuggetizer-assignments": "assignments.jsonl",
  "assignments-csv": "assignments.csv",
  "citation-support": "citation-support.jsonl",
  "nuggetizer-nuggets": "jsonl",
  bundle: "assay.jsonl",
};

/** What to export and how, validated, as a stream of lines with a file name. */
export async function exportStudy(studyId: number, request: ExportRequest): Promise<ExportStream> {
  const formats = (EXPORTS as Record<string, readonly string[]>)[request.what];
  if (!formats) throw invalid(`unknown export "${request.what}" (one of ${Object.keys(EXPORTS).join(", ")})`);
  if (!formats.includes(request.format))
    throw invalid(`${request.what} export as ${formats.join(" or ")}, not "${request.format}"`);
  const db = await getDb();
  const study = await db.study.findUnique({ where: { id: studyId } });
  if (!study) throw notFound("Study not found");
  const suffix = request.binarized
    ? "-binarized"
    : request.what === "annotations" && request.campaign !== undefined
      ? `-campaign-${request.campaign}`
      : request.what === "nuggets" && request.nuggetSet
        ? `-${slugify(request.nuggetSet)}`
        : "";
  const fileName = `${slugify(study.slug)}-${request.what}${suffix}.${EXTENSIONS[request.format]}`;
  const contentType =
    request.format === "csv" || request.format === "assignments-csv"
      ? "text/csv; charset=utf-8"
      : request.format === "trec-qrels" || request.format === "nugget-qrels"
        ? "text/plain; charset=utf-8"
        : "application/x-ndjson; charset=utf-8";
  const lines =
    request.what === "study"
      ? studyBundleLines(db, studyId)
      : request.what === "annotations"
        ? annotationLines(db, studyId, request.campaign)
        : request.what === "nuggets"
          ? nuggetLines(db, studyId, request.nuggetSet)
          : labelLines(db, studyId, request.format as LabelExportFormat, request);
  // Pull the first line now so option errors (unknown judge, several scales, nothing to export) surface before any output.
  const first = await lines.next();
  async function* all() {
    if (!first.done) yield first.value;
    yield* lines;
  }
  return { fileName, contentType, lines: all() };
}
