import "server-only";
import type { LabelExportFormat } from "./label-export-format";
import { binarize, scaleById, type Scale } from "@/lib/domain/scales";
import { csvLine, LABEL_CSV_COLUMNS } from "@/lib/formats/csv";
import { nuggetQrelLine, qrelLine, qrelRel } from "@/lib/formats/trec";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import { formatLabelSet, isDerivedLabelSet } from "@/lib/domain/label-sets/registry";
import {
  exportedLabelPage,
  exportedLabelScales,
  hasExportedLabels,
  labelIdBeforeStudy,
  type ExportedLabel,
  type LabelExportFilter,
} from "../db/label-export";
import { labelSetLines } from "./export-label-set";
import { nuggetAssignmentLines } from "./export-nugget-assignments";
import { citationSupportLines } from "./export-citation-support";
import { LABEL_FORMAT_TARGETS } from "@/lib/formats/export-formats";
import { pages } from "./paged";

export type LabelExportOptions = { judges?: LabelSetName[]; scale?: string; binarized?: boolean };

/**
 * Labels read per statement (500 statements for a million labels): larger pages cost more memory
 * than they save in statements (npm run bench -- export).
 */
const LABEL_PAGE = 2000;

const TARGET_WORDS: Record<LabelExportFormat, string> = {
  "trec-qrels": "(question, chunk)",
  "nugget-qrels": "(nugget, chunk)",
  csv: "question, nugget or chunk",
  jsonl: "question, nugget, chunk, preference or nugget assignment",
  "nuggetizer-assignments": "nugget assignment",
  "assignments-csv": "nugget assignment",
  "citation-support": "citation support",
};

/**
 * Labels of a study's judges (by default its human judges), or of one derived label set (a
 * campaign's majority, "corrected:", "fused:"), as lines of a format. Qrels need one judge and one
 * scale, so that each (query, document) pair has one line.
 */
export async function* labelLines(
  db: Db,
  studyId: number,
  format: LabelExportFormat,
  options: LabelExportOptions,
): AsyncGenerator<string> {
  const [only, ...others] = options.judges ?? [];
  if (format === "nuggetizer-assignments" || format === "assignments-csv") {
    if (only === undefined || others.length > 0)
      throw invalid(`${format} holds one judge's or label set's assignments: name one`);
    if (options.binarized)
      throw invalid(`${format} keeps the three levels (nuggetizer's scores need them): it is not binarized`);
    yield* nuggetAssignmentLines(db, studyId, only, format);
    return;
  }
  if (format === "citation-support") {
    if (only === undefined || others.length > 0)
      throw invalid("citation-support holds one judge's or label set's labels: name one");
    if (options.binarized) throw invalid("citation-support keeps the three levels: it is not binarized");
    yield* citationSupportLines(db, studyId, only);
    return;
  }
  if (only !== undefined && others.length === 0 && isDerivedLabelSet(only)) {
    yield* labelSetLines(db, studyId, format, only, !!options.binarized);
    return;
  }
  const named = (options.judges ?? []).map((set) => {
    if (set.kind !== "judge") throw invalid(`${formatLabelSet(set)} is a label set: export it alone`);
    return set.judge;
  });
  const judges = await db.judge.findMany({
    where: { studyId, ...(named.length ? { name: { in: named } } : { kind: "human" }) },
    orderBy: { name: "asc" },
  });
  const unknown = named.filter((n) => !judges.some((j) => j.name === n));
  if (unknown.length) throw invalid(`unknown judge ${unknown.map((n) => `"${n}"`).join(", ")} in this study`);
  if (judges.length === 0)
    throw invalid("this study has no human labels yet (name a judge to export another judge's labels)");
  const filter: LabelExportFilter = {
    studyId,
    judgeIds: judges.map((j) => j.id),
    targetTypes: LABEL_FORMAT_TARGETS[format],
    ...(options.scale ? { scale: options.scale } : {}),
  };
  const qrels = format === "trec-qrels" || format === "nugget-qrels";
  if (qrels || options.binarized) {
    if (qrels && judges.length > 1)
      throw invalid(`qrels hold one judge's labels: choose one of ${judges.map((j) => j.name).join(", ")}`);
    const scales = await exportedLabelScales(filter);
    if (scales.length > 1) throw invalid(`the labels use several scales (${scales.join(", ")}): choose one`);
  }
  if (!(await hasExportedLabels(filter))) {
    const who = options.judges?.length ? judges.map((j) => j.name).join(", ") : "the study's human judges";
    throw invalid(
      `${who} ${options.judges?.length === 1 ? "has" : "have"} no ${TARGET_WORDS[format]} labels${options.scale ? ` on the scale ${options.scale}` : ""} to export as ${format}`,
    );
  }
  const scaleCache = new Map<string, Scale | null>();
  const scaleOf = (id: string) =>
    scaleCache.has(id) ? scaleCache.get(id)! : scaleCache.set(id, scaleById(id)).get(id)!;
  const valueOf = (l: ExportedLabel) => {
    const scale = scaleOf(l.scale);
    return options.binarized && scale ? (binarize(scale, l.value) ? "1" : "0") : l.value;
  };
  // a page of lines at a time (one string): a million labels are 500 yields, not a million
  const walk = { take: LABEL_PAGE, from: await labelIdBeforeStudy(studyId) };
  if (format === "jsonl") {
    for await (const page of pages((afterId, take) => exportedLabelPage(filter, afterId, take, true), walk))
      yield page
        .map((l) =>
          JSON.stringify({
            judge: l.judge,
            judge_kind: l.judgeKind,
            target: l.targetType,
            query: l.query,
            nugget: l.nugget,
            doc: l.doc,
            system_a: l.systemA,
            system_b: l.systemB,
            criterion: l.criterion,
            scale: l.scale,
            value: valueOf(l),
            created_at: l.createdAt,
          }),
        )
        .join("\n");
    return;
  }
  const lineOf = (l: ExportedLabel): string | null => {
    const scale = scaleOf(l.scale);
    const q = l.query ?? "";
    const d = l.doc ?? "";
    switch (format) {
      case "trec-qrels":
        return scale && qrelLine(q, d, qrelRel(scale, l.value, !!options.binarized));
      case "nugget-qrels":
        return scale && nuggetQrelLine(q, l.nugget ?? "", d, qrelRel(scale, l.value, !!options.binarized));
      case "csv": {
        const target = l.nugget ?? q;
        return csvLine([l.doc !== null ? `${target}::${d}` : target, l.judge, valueOf(l)]);
      }
      default:
        return null;
    }
  };
  if (format === "csv") yield csvLine(LABEL_CSV_COLUMNS);
  for await (const page of pages((afterId, take) => exportedLabelPage(filter, afterId, take), walk)) {
    const text = page
      .map(lineOf)
      .filter((line) => line !== null)
      .join("\n");
    if (text) yield text;
  }
}
