import "server-only";
import type { AnyJudgeTask } from "@/lib/domain/judging/judge-tasks/registry";
import {
  nuggetizerOptionsSchema,
  type NuggetizerOptions,
  type NuggetizerSettings,
} from "@/lib/domain/judging/nuggetizer-settings";
import { formatLabelSet, parseLabelSet } from "@/lib/domain/label-sets/registry";
import { seededRandom, shuffled } from "@/lib/domain/random";
import { labelLevel } from "@/lib/domain/scales";
import { parseQueryDocumentKey, questionKey } from "@/lib/domain/targets";
import type { NewJudgeRun } from "@/lib/schemas/judging";
import type { Db } from "../db/client";
import type { PlannedCall } from "../db/judge-runs";
import { invalid } from "../errors";
import { storedOrderOfPassageLabels } from "../db/labels";
import { loadLabelSet } from "../label-sets/load-label-set";
import { resolveNuggetSet } from "../nuggets/nugget-sets";
import { parseOrThrow } from "../validation";

/**
 * The calls of a nuggetizer run, one per question of its sample, and what it stores: its settings
 * (JudgeRun.options) and the nugget set it writes. Creation reads the passages a label set marks
 * relevant (at or above a level of its scale, in the set's order) and writes a new set named after
 * the run (made by createdNuggetSet); importance grades the nuggets of a set an LLM made, or of one
 * no one has graded yet (it never overwrites the importance people gave).
 */
export async function nuggetizerCalls(
  db: Db,
  studyId: number,
  task: AnyJudgeTask,
  request: NewJudgeRun,
): Promise<{ calls: PlannedCall[]; nuggetSetId: number | null; settings: NuggetizerSettings }> {
  const options = parseOrThrow(nuggetizerOptionsSchema, request.nuggetizer ?? {}, "nuggetizer");
  if (task.labelKind === "nuggets") {
    if (request.nuggetSet)
      throw invalid("nuggetSet: a nugget creation run writes a new set, named after it; it reads none");
    const passages = await relevantPassages(studyId, options);
    const questions = sampled([...passages.keys()], request, "with passages the label set marks relevant");
    return {
      calls: questions.map(callOf),
      nuggetSetId: null,
      settings: { ...options, passages: Object.fromEntries(questions.map((q) => [String(q), passages.get(q)!])) },
    };
  }
  if (request.nuggetizer?.labelSet)
    throw invalid("nuggetizer.labelSet: an importance run grades a set's nuggets; it reads no passages");
  const set = await resolveNuggetSet(db, studyId, request.nuggetSet);
  if (!set) throw invalid("nuggetSet: the study has no nuggets; create or import them first");
  const { source } = await db.nuggetSet.findUniqueOrThrow({ where: { id: set.id }, select: { source: true } });
  const graded = await db.nugget.count({ where: { setId: set.id, importance: { not: null } } });
  if (source !== "llm" && graded > 0)
    throw invalid(
      `nuggetSet: "${set.name}" came from ${source === "import" ? "a file" : "a review"} and ${graded} of its nuggets have an importance; an importance run grades a set an LLM made, or one no one has graded`,
    );
  const withNuggets = await db.nugget.findMany({
    where: { setId: set.id },
    distinct: ["queryId"],
    orderBy: { queryId: "asc" },
    select: { queryId: true },
  });
  const questions = sampled(
    withNuggets.map((n) => n.queryId),
    request,
    `with nuggets in "${set.name}"`,
  );
  return { calls: questions.map(callOf), nuggetSetId: set.id, settings: { ...options, passages: {} } };
}

const callOf = (queryId: number): PlannedCall => ({
  targetKey: questionKey(queryId),
  queryId,
  nuggetId: null,
  documentId: null,
});

/** Every question (in id order), or N of them drawn with the run's seed; refused when there are none or too few. */
function sampled(questions: number[], request: NewJudgeRun, which: string): number[] {
  const sample = request.sample;
  if (questions.length === 0) throw invalid(`sample: the study has no questions ${which}`);
  if (sample.kind === "all_pairs") return [...questions].sort((a, b) => a - b);
  if (sample.kind !== "random_questions")
    throw invalid("sample.kind: a nuggetizer run draws every question or N random questions");
  if (sample.questions > questions.length)
    throw invalid(`sample.questions: ${sample.questions} is more than the ${questions.length} questions ${which}`);
  return shuffled(questions, seededRandom(request.seed ?? 0)).slice(0, sample.questions);
}

/**
 * Each question's documents the label set marks relevant at `level` or above, in the set's order:
 * a judge's (a qrels file's) as its labels were stored, a derived set's (a campaign's majority) by
 * the passages' import order.
 */
async function relevantPassages(studyId: number, options: NuggetizerOptions): Promise<Map<number, number[]>> {
  if (!options.labelSet)
    throw invalid("nuggetizer.labelSet: choose the label set whose relevant passages the LLM reads");
  const name = parseLabelSet(options.labelSet);
  if ("error" in name) throw invalid(`nuggetizer.labelSet: ${name.error}`);
  const set = await loadLabelSet(studyId, name);
  // a judge's labels in the order they were stored (a qrels file's lines); a derived set's by passage, in import order
  const stored = name.kind === "judge" ? await storedOrderOfPassageLabels(studyId, name.judge) : null;
  const relevant = [...set.labels.values()]
    .flatMap((label) => {
      const pair = parseQueryDocumentKey(label.targetKey);
      const level = labelLevel(label);
      return pair && level !== null && level >= options.level
        ? [{ ...pair, order: stored?.get(label.targetKey) ?? pair.documentId }]
        : [];
    })
    .sort((a, b) => a.order - b.order);
  const passages = new Map<number, number[]>();
  for (const { queryId, documentId } of relevant) passages.set(queryId, [...(passages.get(queryId) ?? []), documentId]);
  if (passages.size === 0)
    throw invalid(
      `nuggetizer.labelSet: ${formatLabelSet(name)} marks no (question, passage) pair at level ${options.level} or above`,
    );
  return passages;
}

/**
 * The set a creation run writes, named after it: its judge (template version and model), the
 * label set and level it reads ("nuggetizer-create@1a2b3c4d · gpt-4o · nist ≥ 2"), with " (2)",
 * " (3)", ... when a set has that name.
 */
export async function createdNuggetSet(
  db: Db,
  studyId: number,
  judgeName: string,
  settings: NuggetizerSettings,
): Promise<number> {
  const base = `${judgeName} · ${settings.labelSet} ≥ ${settings.level}`.slice(0, 92);
  const taken = new Set(
    (await db.nuggetSet.findMany({ where: { studyId, name: { startsWith: base } }, select: { name: true } })).map(
      (s) => s.name,
    ),
  );
  let name = base;
  for (let k = 2; taken.has(name); k++) name = `${base} (${k})`;
  const set = await db.nuggetSet.create({
    data: {
      studyId,
      name,
      source: "llm",
      origin: `${judgeName}, from the passages ${settings.labelSet} marks ${settings.level} or above`,
    },
  });
  return set.id;
}
