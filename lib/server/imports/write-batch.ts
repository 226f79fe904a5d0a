import "server-only";
import type { ImportRow } from "@/lib/formats/import-row";
import type { ImportContext } from "./import-context";
import type { ResolvedPolicy } from "./import-policy";
import {
  writeBundleLabels,
  writeJudges,
  writeNuggets,
  writeNuggetSets,
  writePoolRows,
  writeResponses,
  writeSystems,
} from "./writers/bundle";
import { writeDocuments, writeNuggetedQueries, writeQueries, writeQueryGroups } from "./writers/content";
import { writeAnnotations, writeCampaigns, writeItems, writeSeats } from "./writers/campaigns";
import { writeCsvLabels } from "./writers/csv-labels";
import { writeDecisions } from "./writers/decisions";
import { writeGradedNuggets } from "./writers/graded-nuggets";
import { writeNuggetAssignments } from "./writers/nugget-assignments";
import { writeCitationSupport } from "./writers/citation-support";
import { writeEngineLabels, writeNuggetQrels, writePreferences, writeQrels } from "./writers/labels";
import { writePairwise } from "./writers/pairwise";
import { writeRagAnswers } from "./writers/rag-answers";
import { writeJudgeCalls, writeJudgeRuns, writeJudgeTemplates } from "./writers/judging";
import { writeMembers, writeUsers } from "./writers/people";
import { writeRunEntries } from "./writers/runs";
import type { Numbered } from "./writers/shared";
import { writeStudySettings } from "./writers/study-settings";

type Writer<K extends ImportRow["kind"]> = (
  ctx: ImportContext,
  rows: Numbered<Extract<ImportRow, { kind: K }>>[],
  judge: () => { name: string; kind: "model" | "human"; scale: string },
) => Promise<void>;

/** Each row kind's writer (a kind without one does not compile); `judge` gives the label policy, for labels. */
const WRITERS: { [K in ImportRow["kind"]]: Writer<K> } = {
  "study-settings": (ctx, rows) => writeStudySettings(ctx, rows),
  document: (ctx, rows) => writeDocuments(ctx, rows),
  query: (ctx, rows) => writeQueries(ctx, rows),
  "query-group": (ctx, rows) => writeQueryGroups(ctx, rows),
  "nuggeted-query": (ctx, rows, judge) => writeNuggetedQueries(ctx, rows, judge()),
  "graded-nuggets": (ctx, rows) => writeGradedNuggets(ctx, rows),
  "nugget-assignments": (ctx, rows, judge) => writeNuggetAssignments(ctx, rows, judge()),
  "citation-support": (ctx, rows, judge) => writeCitationSupport(ctx, rows, judge()),
  qrel: (ctx, rows, judge) => writeQrels(ctx, rows, judge()),
  "nugget-qrel": (ctx, rows, judge) => writeNuggetQrels(ctx, rows, judge()),
  run: (ctx, rows) => writeRunEntries(ctx, rows),
  "engine-label": (ctx, rows, judge) => writeEngineLabels(ctx, rows, judge()),
  preference: (ctx, rows, judge) => writePreferences(ctx, rows, judge()),
  pairwise: (ctx, rows) => writePairwise(ctx, rows),
  "rag-answer": (ctx, rows) => writeRagAnswers(ctx, rows),
  "csv-label": (ctx, rows, judge) => writeCsvLabels(ctx, rows, judge()),
  nugget_set: (ctx, rows) => writeNuggetSets(ctx, rows),
  nugget: (ctx, rows) => writeNuggets(ctx, rows),
  pool: (ctx, rows) => writePoolRows(ctx, rows),
  judge: (ctx, rows) => writeJudges(ctx, rows),
  label: (ctx, rows) => writeBundleLabels(ctx, rows),
  system: (ctx, rows) => writeSystems(ctx, rows),
  response: (ctx, rows) => writeResponses(ctx, rows),
  user: (ctx, rows) => writeUsers(ctx, rows),
  member: (ctx, rows) => writeMembers(ctx, rows),
  campaign: (ctx, rows) => writeCampaigns(ctx, rows),
  item: (ctx, rows) => writeItems(ctx, rows),
  seat: (ctx, rows) => writeSeats(ctx, rows),
  annotation: (ctx, rows) => writeAnnotations(ctx, rows),
  decision: (ctx, rows) => writeDecisions(ctx, rows),
  judge_template: (ctx, rows) => writeJudgeTemplates(ctx, rows),
  judge_run: (ctx, rows) => writeJudgeRuns(ctx, rows),
  judge_call: (ctx, rows) => writeJudgeCalls(ctx, rows),
};

/**
 * Validates one batch of a file's rows and, while the import has no errors, writes it. A batch
 * holds one row kind (the importer starts a new batch when the kind changes).
 */
export async function writeBatch(
  ctx: ImportContext,
  policy: ResolvedPolicy,
  batch: Numbered<ImportRow>[],
): Promise<void> {
  const first = batch[0];
  if (!first) return;
  const judge = () => {
    if (!policy) throw new Error(`${first.row.kind} rows need a label policy`);
    return { name: policy.judge, kind: policy.judgeKind, scale: policy.scale };
  };
  const write = WRITERS[first.row.kind] as Writer<ImportRow["kind"]>;
  return write(ctx, batch, judge);
}
