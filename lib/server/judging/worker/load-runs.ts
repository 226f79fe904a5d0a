import "server-only";
import { judgeTemplateSchema } from "@/lib/domain/judging/judge-template";
import { JUDGE_TASKS } from "@/lib/domain/judging/judge-tasks/registry";
import { nuggetizerSettingsSchema } from "@/lib/domain/judging/nuggetizer-settings";
import { getDb } from "../../db/client";
import { runningRunIds, runsToWork } from "../../db/judge-calls";
import { endpointApiKey } from "../endpoint-api-key";
import type { ActiveRun, Endpoint } from "./context";

/** The running runs (of `only`, if given): those in `known` kept as they are, the new ones read once (settings, template). */
export async function loadRuns(
  known: ReadonlyMap<number, ActiveRun>,
  only?: readonly number[],
): Promise<Map<number, ActiveRun>> {
  const ids = await runningRunIds(only);
  const next = new Map<number, ActiveRun>();
  for (const id of ids) {
    const run = known.get(id);
    if (run) next.set(id, run);
  }
  for (const r of await runsToWork(ids.filter((id) => !next.has(id)))) {
    const template = judgeTemplateSchema.parse(JSON.parse(r.template));
    next.set(Number(r.id), {
      id: Number(r.id),
      studyId: Number(r.studyId),
      judgeId: Number(r.judgeId),
      endpointId: Number(r.endpointId),
      template,
      templateVersion: r.templateVersion,
      temperature: Number(r.temperature),
      seed: r.seed === null ? null : Number(r.seed),
      scale: template.scale,
      task: JUDGE_TASKS[template.task],
      criterion: r.criterion ?? "overall",
      baseUrl: r.baseUrl,
      model: r.model,
      nuggetSetId: r.nuggetSetId === null ? null : Number(r.nuggetSetId),
      nuggetizer: r.options === null ? null : nuggetizerSettingsSchema.parse(JSON.parse(r.options)),
    });
  }
  return next;
}

/** An endpoint as it is now, its key opened (throws an AppError when the key cannot be read); null once deleted. */
export async function loadEndpoint(endpointId: number): Promise<Endpoint | null> {
  const db = await getDb();
  const row = await db.judgeEndpoint.findUnique({ where: { id: endpointId } });
  if (!row) return null;
  return {
    id: row.id,
    baseUrl: row.baseUrl,
    model: row.model,
    apiKey: endpointApiKey(row),
    inputPerMillion: row.inputPricePerMillion,
    outputPerMillion: row.outputPricePerMillion,
    concurrency: row.concurrency,
    requestsPerMinute: row.requestsPerMinute,
  };
}
