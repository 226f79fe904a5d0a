import type { EXPORTS } from "@/lib/formats/export-formats";

/** How label lines are written: TREC qrels, nugget qrels (ndeval's), CSV, JSON lines, nuggetizer's assignments. */
export type LabelExportFormat = (typeof EXPORTS.labels)[number];
