import "server-only";
import { binarize, scaleById, type Scale } from "@/lib/domain/scales";
import { csvLine, LABEL_CSV_COLUMNS } from "@/lib/formats/csv";
import { nuggetQrelLine, qrelLine, qrelRel } from "@/lib/formats/trec";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { isDerivedSource } from "@/lib/domain/label-sources";
import { labelSetLines } from "./export-label-set";
import { paged } from "./paged";

export type LabelExportFormat = "trec-qrels" | "nugget-qrels" | "csv" | "jsonl";
export type LabelExportOptions = { judges?: string[]; scale?: string; binarized?: boolean };

const TARGETS: Record<LabelExportFormat, string[]> = {
  "trec-qrels": ["query_document"],
  "nugget-qrels": ["nugget_document"],
  csv: ["query_document", "nugget_document", "query", "nugget"],
  jsonl: ["query_document", "nugget_document", "query", "nugget", "system_pair"],
};

const TARGET_WORDS: Record<LabelExportFormat, string> = {
  "trec-qrels": "(question, chunk)",
  "nugget-qrels": "(nugget, chunk)",
  csv: "question, nugget or chunk",
  jsonl: "question, nugget, chunk or preference",
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
  if (only !== undefined && others.length === 0 && isDerivedSource(only)) {
    yield* labelSetLines(db, studyId, format, only, !!options.binarized);
    return;
  }
  const judges = await db.judge.findMany({
    where: { studyId, ...(options.judges?.length ? { name: { in: options.judges } } : { kind: "human" }) },
    orderBy: { name: "asc" },
  });
  const unknown = (options.judges ?? []).filter((n) => !judges.some((j) => j.name === n));
  if (unknown.length) throw invalid(`unknown judge ${unknown.map((n) => `"${n}"`).join(", ")} in this study`);
  if (judges.length === 0)
    throw invalid("this study has no human labels yet (name a judge to export another judge's labels)");
  const where = {
    studyId,
    judgeId: { in: judges.map((j) => j.id) },
    targetType: { in: TARGETS[format] },
    ...(options.scale ? { scale: options.scale } : {}),
  };
  const qrels = format === "trec-qrels" || format === "nugget-qrels";
  if (qrels || options.binarized) {
    if (qrels && judges.length > 1)
      throw invalid(`qrels hold one judge's labels: choose one of ${judges.map((j) => j.name).join(", ")}`);
    const scales = await db.label.findMany({ where, distinct: ["scale"], select: { scale: true } });
    if (scales.length > 1)
      throw invalid(`the labels use several scales (${scales.map((s) => s.scale).join(", ")}): choose one`);
  }
  if (!(await db.label.findFirst({ where, select: { id: true } }))) {
    const who = options.judges?.length ? judges.map((j) => j.name).join(", ") : "the study's human judges";
    throw invalid(
      `${who} ${options.judges?.length === 1 ? "has" : "have"} no ${TARGET_WORDS[format]} labels${options.scale ? ` on the scale ${options.scale}` : ""} to export as ${format}`,
    );
  }
  const scaleCache = new Map<string, Scale | null>();
  const scaleOf = (id: string) =>
    scaleCache.has(id) ? scaleCache.get(id)! : scaleCache.set(id, scaleById(id)).get(id)!;
  const include = {
    judge: { select: { name: true, kind: true } },
    query: { select: { externalId: true } },
    nugget: { select: { externalId: true } },
    document: { select: { externalId: true } },
    systemA: { select: { name: true } },
    systemB: { select: { name: true } },
  };
  if (format === "csv") yield csvLine(LABEL_CSV_COLUMNS);
  for await (const l of paged((a, t) =>
    db.label.findMany({ where: { ...where, id: { gt: a } }, orderBy: { id: "asc" }, take: t, include }),
  )) {
    const scale = scaleOf(l.scale);
    const value = options.binarized && scale ? (binarize(scale, l.value) ? "1" : "0") : l.value;
    const q = l.query?.externalId ?? "";
    const d = l.document?.externalId ?? "";
    switch (format) {
      case "trec-qrels":
        if (scale) yield qrelLine(q, d, qrelRel(scale, l.value, !!options.binarized));
        break;
      case "nugget-qrels":
        if (scale) yield nuggetQrelLine(q, l.nugget?.externalId ?? "", d, qrelRel(scale, l.value, !!options.binarized));
        break;
      case "csv": {
        const target = l.nugget?.externalId ?? q;
        yield csvLine([l.document ? `${target}::${d}` : target, l.judge.name, value]);
        break;
      }
      case "jsonl":
        yield JSON.stringify({
          judge: l.judge.name,
          judge_kind: l.judge.kind,
          target: l.targetType,
          query: l.query?.externalId ?? null,
          nugget: l.nugget?.externalId ?? null,
          doc: l.document?.externalId ?? null,
          system_a: l.systemA?.name ?? null,
          system_b: l.systemB?.name ?? null,
          criterion: l.criterion,
          scale: l.scale,
          value,
          created_at: l.createdAt.toISOString(),
        });
        break;
    }
  }
}
