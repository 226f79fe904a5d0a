import "server-only";
import { withExamples } from "@/lib/domain/judging/few-shot";
import { judgeTaskOf } from "@/lib/domain/judging/judge-tasks/registry";
import { judgeTemplateSchema, type JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { fewShotRequestSchema, type FewShotRequest } from "@/lib/schemas/judging";
import { getDb } from "../db/client";
import { callTexts } from "../db/judge-calls";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { parseOrThrow } from "../validation";
import { promptInputsOf } from "./judge-call";

/**
 * "Use these disagreements as examples": the template version of the judge's newest run with the
 * chosen targets placed before its prompt as examples, each with the people's label. Not saved:
 * the researcher reads it, changes it if they like, and saves it as a new version.
 */
export async function fewShotVersion(user: UserDto, studyId: number, input: FewShotRequest): Promise<JudgeTemplate> {
  const request = parseOrThrow(fewShotRequestSchema, input);
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const run = await db.judgeRun.findFirst({
    where: { studyId, judge: { name: request.judge } },
    orderBy: { id: "desc" },
  });
  if (!run) throw invalid(`judge: no judge run of this study wrote "${request.judge}"`);
  const people = await loadLabelSet(db, studyId, request.human);
  const task = judgeTaskOf(run.task);
  const callKey = (key: string) => task.callKeyOfLabel(key);
  const calls = await db.judgeCall.findMany({
    where: { runId: run.id, targetKey: { in: request.targetKeys.map(callKey) }, swapped: false },
    select: { id: true, targetKey: true },
  });
  const byTarget = new Map(calls.map((c) => [c.targetKey, c.id]));
  const texts = await callTexts(calls.map((c) => c.id));
  const examples = request.targetKeys.map((key) => {
    const id = byTarget.get(callKey(key));
    const level = people.labels.get(key)?.value;
    if (id === undefined) throw invalid(`targetKeys: the newest run of "${request.judge}" did not judge ${key}`);
    if (level === undefined) throw invalid(`targetKeys: ${request.human} did not label ${key}`);
    return { inputs: promptInputsOf(task, texts.get(id), false), level };
  });
  return withExamples(judgeTemplateSchema.parse(JSON.parse(run.template)), examples);
}
