import "server-only";
import { binarize, scaleById } from "@/lib/domain/scales";
import { csvLine, LABEL_CSV_COLUMNS } from "@/lib/formats/csv";
import { nuggetQrelLine, qrelLine, qrelRel } from "@/lib/formats/trec";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import type { LabelExportFormat } from "./label-export-format";
import { parseChunkPairKey, targetTypeOfKey, type TargetType } from "@/lib/domain/targets";

const TARGETS: Record<LabelExportFormat, TargetType[]> = {
  "trec-qrels": ["query_document"],
  "nugget-qrels": ["nugget_document"],
  csv: ["query_document", "nugget_document"],
  jsonl: ["query_document", "nugget_document"],
  // written by export-nugget-assignments.ts
  "nuggetizer-assignments": [],
  "assignments-csv": [],
  // written by export-citation-support.ts
  "citation-support": [],
};

/**
 * A derived label set (a campaign's majority, an LLM corrected by humans, two LLMs fused; see
 * loadLabelSet) written like one judge's labels: the team's qrels after a calibration campaign.
 * Lines are ordered by question, nugget and chunk id.
 */
export async function* labelSetLines(
  db: Db,
  studyId: number,
  format: LabelExportFormat,
  set: LabelSetName,
  binarized: boolean,
): AsyncGenerator<string> {
  const source = await loadLabelSet(studyId, set);
  const name = source.name;
  const labels = [...source.labels.values()].filter((l) => TARGETS[format].includes(targetTypeOfKey(l.targetKey)!));
  if (labels.length === 0)
    throw invalid(
      `${name} has no ${format === "nugget-qrels" ? "(nugget, chunk)" : format === "trec-qrels" ? "(question, chunk)" : "chunk"} labels to export as ${format}`,
    );
  const scales = [...new Set(labels.map((l) => l.scale))];
  if ((format === "trec-qrels" || format === "nugget-qrels" || binarized) && scales.length > 1)
    throw invalid(`the labels use several scales (${scales.join(", ")}): choose one`);
  const pairs = labels.map((l) => parseChunkPairKey(l.targetKey));
  const [queryIds, nuggetIds, documentIds] = [new Set<number>(), new Set<number>(), new Set<number>()];
  for (const pair of pairs) {
    if (!pair) continue;
    (pair.kind === "nugget_document" ? nuggetIds : queryIds).add(pair.target);
    documentIds.add(pair.documentId);
  }
  const [queries, nuggets, documents] = await Promise.all([
    db.query.findMany({ where: { studyId, id: { in: [...queryIds] } }, select: { id: true, externalId: true } }),
    db.nugget.findMany({
      where: { studyId, id: { in: [...nuggetIds] } },
      select: { id: true, externalId: true, query: { select: { externalId: true } } },
    }),
    db.document.findMany({ where: { studyId, id: { in: [...documentIds] } }, select: { id: true, externalId: true } }),
  ]);
  const query = new Map(queries.map((q) => [q.id, q.externalId]));
  const nugget = new Map(nuggets.map((n) => [n.id, { id: n.externalId, query: n.query.externalId }]));
  const doc = new Map(documents.map((d) => [d.id, d.externalId]));
  const rows = labels.map((l, i) => {
    const pair = pairs[i];
    const n = pair?.kind === "nugget_document" ? nugget.get(pair.target) : undefined;
    return {
      q: n?.query ?? (pair?.kind === "query_document" ? query.get(pair.target) : undefined) ?? "",
      nugget: n?.id ?? null,
      d: (pair && doc.get(pair.documentId)) ?? "",
      label: l,
    };
  });
  const order = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });
  rows.sort((x, y) => order(x.q, y.q) || order(x.nugget ?? "", y.nugget ?? "") || order(x.d, y.d));
  if (format === "csv") yield csvLine(LABEL_CSV_COLUMNS);
  for (const { q, nugget: n, d, label } of rows) {
    const scale = scaleById(label.scale);
    if (!scale) continue;
    const value = binarized ? (binarize(scale, label.value) ? "1" : "0") : label.value;
    switch (format) {
      case "trec-qrels":
        yield qrelLine(q, d, qrelRel(scale, label.value, binarized));
        break;
      case "nugget-qrels":
        yield nuggetQrelLine(q, n ?? "", d, qrelRel(scale, label.value, binarized));
        break;
      case "csv":
        yield csvLine([`${n ?? q}::${d}`, name, value]);
        break;
      case "jsonl":
        yield JSON.stringify({
          judge: name,
          judge_kind: source.kind,
          target: n ? "nugget_document" : "query_document",
          query: q,
          nugget: n,
          doc: d,
          scale: label.scale,
          value,
        });
        break;
    }
  }
}
