import "server-only";
import type { ImportRow } from "@/lib/formats/import-row";
import type { ImportContext } from "./import-context";
import type { ResolvedPolicy } from "./import-policy";
import {
  writeBundleLabels,
  writeJudges,
  writeNuggets,
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

/**
 * Validates one batch of a file's rows and, while the import has no errors, writes it. A batch
 * holds one row kind (the importer starts a new batch when the kind changes); the switch is
 * exhaustive over ImportRow.
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
  const kind = first.row.kind;
  const rows = <K extends ImportRow["kind"]>(_: K) => batch as Numbered<Extract<ImportRow, { kind: K }>>[];
  switch (kind) {
    case "study-settings":
      return writeStudySettings(ctx, rows("study-settings"));
    case "document":
      return writeDocuments(ctx, rows("document"));
    case "query":
      return writeQueries(ctx, rows("query"));
    case "query-group":
      return writeQueryGroups(ctx, rows("query-group"));
    case "nuggeted-query":
      return writeNuggetedQueries(ctx, rows("nuggeted-query"), judge());
    case "graded-nuggets":
      return writeGradedNuggets(ctx, rows("graded-nuggets"));
    case "nugget-assignments":
      return writeNuggetAssignments(ctx, rows("nugget-assignments"), judge());
    case "citation-support":
      return writeCitationSupport(ctx, rows("citation-support"), judge());
    case "qrel":
      return writeQrels(ctx, rows("qrel"), judge());
    case "nugget-qrel":
      return writeNuggetQrels(ctx, rows("nugget-qrel"), judge());
    case "run":
      return writeRunEntries(ctx, rows("run"));
    case "engine-label":
      return writeEngineLabels(ctx, rows("engine-label"), judge());
    case "preference":
      return writePreferences(ctx, rows("preference"), judge());
    case "pairwise":
      return writePairwise(ctx, rows("pairwise"));
    case "rag-answer":
      return writeRagAnswers(ctx, rows("rag-answer"));
    case "csv-label":
      return writeCsvLabels(ctx, rows("csv-label"), judge());
    case "nugget":
      return writeNuggets(ctx, rows("nugget"));
    case "pool":
      return writePoolRows(ctx, rows("pool"));
    case "judge":
      return writeJudges(ctx, rows("judge"));
    case "label":
      return writeBundleLabels(ctx, rows("label"));
    case "system":
      return writeSystems(ctx, rows("system"));
    case "response":
      return writeResponses(ctx, rows("response"));
    case "user":
      return writeUsers(ctx, rows("user"));
    case "member":
      return writeMembers(ctx, rows("member"));
    case "campaign":
      return writeCampaigns(ctx, rows("campaign"));
    case "item":
      return writeItems(ctx, rows("item"));
    case "seat":
      return writeSeats(ctx, rows("seat"));
    case "annotation":
      return writeAnnotations(ctx, rows("annotation"));
    case "decision":
      return writeDecisions(ctx, rows("decision"));
    case "judge_template":
      return writeJudgeTemplates(ctx, rows("judge_template"));
    case "judge_run":
      return writeJudgeRuns(ctx, rows("judge_run"));
    case "judge_call":
      return writeJudgeCalls(ctx, rows("judge_call"));
    default: {
      const unreachable: never = kind;
      throw new Error(`no writer for ${String(unreachable)}`);
    }
  }
}
