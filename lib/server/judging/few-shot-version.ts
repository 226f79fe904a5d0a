import "server-only";
import { withExamples } from "@/lib/domain/judging/few-shot";
import type { CallTexts } from "@/lib/domain/judging/judge-tasks/judge-task";
import { judgeTaskOf, type AnyJudgeTask } from "@/lib/domain/judging/judge-tasks/registry";
import { nuggetAnswerKey, parseAnswerKey } from "@/lib/domain/targets";
import { judgeTemplateSchema, type JudgeTemplate } from "@/lib/domain/judging/judge-template";
import type { ParsedFewShotRequest } from "@/lib/schemas/judging";
import { getDb } from "../db/client";
import { callTexts } from "../db/judge-calls";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { promptInputsOf } from "./judge-call";

/**
 * "Use these disagreements as examples": the template version of the judge's newest run with the
 * chosen targets placed before its prompt as examples, each with the people's label (a nugget of
 * an answer: the answer, with the people's level of each of its nuggets). Not saved:
 * the researcher reads it, changes it if they like, and saves it as a new version.
 */
export async function fewShotVersion(
  user: UserDto,
  studyId: number,
  request: ParsedFewShotRequest,
): Promise<JudgeTemplate> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const run = await db.judgeRun.findFirst({
    where: { studyId, judge: { name: request.judge } },
    orderBy: { id: "desc" },
  });
  if (!run) throw invalid(`judge: no judge run of this study wrote "${request.judge}"`);
  const people = await loadLabelSet(studyId, request.human);
  const task = judgeTaskOf(run.task);
  // a label's call: itself, or (a nugget in an answer) the call on the answer; each call is one example
  const callKeys = [
    ...new Set(
      request.targetKeys.map((key) =>
        task.callKeyOfLabel({ targetKey: key, queryId: people.labels.get(key)?.queryId ?? null }),
      ),
    ),
  ];
  const calls = await db.judgeCall.findMany({
    where: { runId: run.id, targetKey: { in: callKeys }, swapped: false },
    select: { id: true, targetKey: true },
  });
  const byTarget = new Map(calls.map((c) => [c.targetKey, c.id]));
  const texts = await callTexts(calls.map((c) => c.id));
  const examples = callKeys.map((callKey) => {
    const id = byTarget.get(callKey);
    if (id === undefined) throw invalid(`targetKeys: the newest run of "${request.judge}" did not judge ${callKey}`);
    const keys = labelKeysOfCall(task, callKey, texts.get(id), request.targetKeys);
    const levels = keys.map((key) => people.labels.get(key)?.value);
    const unlabeled = keys.find((_, i) => levels[i] === undefined);
    if (unlabeled !== undefined) throw invalid(`targetKeys: ${request.human} did not label ${unlabeled}`);
    return { inputs: promptInputsOf(task, texts.get(id), false), levels: levels as string[] };
  });
  return withExamples(judgeTemplateSchema.parse(JSON.parse(run.template)), examples);
}

/**
 * The labels one call's example shows, in its prompt's order: every nugget of an answer (the
 * people's level of each), else the chosen label of the call's target.
 */
function labelKeysOfCall(
  task: AnyJudgeTask,
  callKey: string,
  texts: CallTexts | undefined,
  chosen: readonly string[],
): string[] {
  const answer = task.labelKind === "assignments" ? parseAnswerKey(callKey) : null;
  if (answer) return (texts?.nuggets ?? []).map((n) => nuggetAnswerKey(n.id, answer.systemId));
  return chosen.filter((key) => task.callKeyOfLabel({ targetKey: key, queryId: null }) === callKey).slice(0, 1);
}
