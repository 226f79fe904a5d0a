import fs from "node:fs";
import { getDb } from "@/lib/server/db/client";
import { inputError, parseContractArgs } from "./contract-input";
import { studyOption } from "./study-option";
import { printError, type CliIo } from "../io";

/**
 * `assay judge export --study S [--run ID] [--out FILE]`: every call of the study's judge runs (or
 * of one), one JSON object per line: the run's provenance (judge, endpoint, URL, model, template
 * and version, temperature, seed), the target, the outcome, the raw reply, tokens, latency and cost
 * (summed over its attempts), and every attempt: each HTTP request with its status, reply or error,
 * tokens, cost, latency and start. Never a key.
 */
export async function judgeExport(args: string[], io: CliIo): Promise<void> {
  const values = parseContractArgs(args, {
    study: { type: "string" },
    run: { type: "string" },
    out: { type: "string" },
  });
  const study = await studyOption(values.study);
  const db = await getDb();
  const runId = values.run === undefined ? undefined : Number(values.run);
  if (runId !== undefined && (!Number.isInteger(runId) || runId <= 0)) throw inputError("--run must be a run's id");
  const runs = await db.judgeRun.findMany({
    where: { studyId: study.id, ...(runId === undefined ? {} : { id: runId }) },
    orderBy: { id: "asc" },
    include: { judge: { select: { name: true } } },
  });
  if (runId !== undefined && runs.length === 0) throw inputError(`--run: the study has no judge run ${runId}`);
  const out: NodeJS.WritableStream = values.out ? fs.createWriteStream(values.out) : io.stdout;
  const write = (line: string) =>
    new Promise<void>((resolve, reject) =>
      out.write(line) ? resolve() : out.once("drain", resolve).once("error", reject),
    );
  let lines = 0;
  for (const run of runs) {
    const provenance = {
      run: run.id,
      judge: run.judge.name,
      endpoint: run.endpointName,
      baseUrl: run.baseUrl,
      model: run.model,
      template: run.templateName,
      templateVersion: run.templateVersion,
      task: run.task,
      temperature: run.temperature,
      seed: run.seed,
      startedAt: run.createdAt.toISOString(),
    };
    for (let after = 0; ;) {
      const calls = await db.judgeCall.findMany({
        where: { runId: run.id, id: { gt: after } },
        orderBy: { id: "asc" },
        take: 2000,
      });
      if (calls.length === 0) break;
      const attempts = await db.judgeAttempt.findMany({
        where: { callId: { in: calls.map((c) => c.id) } },
        orderBy: { id: "asc" },
      });
      const attemptsOf = new Map<number, typeof attempts>();
      for (const a of attempts) attemptsOf.set(a.callId, [...(attemptsOf.get(a.callId) ?? []), a]);
      let chunk = "";
      for (const c of calls) {
        chunk += `${JSON.stringify({
          ...provenance,
          targetKey: c.targetKey,
          status: c.status,
          level: c.level,
          reply: c.reply,
          error: c.error,
          cached: c.cached,
          inputTokens: c.inputTokens,
          outputTokens: c.outputTokens,
          latencyMs: c.latencyMs,
          cost: c.cost,
          finishedAt: c.finishedAt?.toISOString() ?? null,
          attempts: (attemptsOf.get(c.id) ?? []).map((a) => ({
            startedAt: a.startedAt.toISOString(),
            latencyMs: a.latencyMs,
            httpStatus: a.httpStatus,
            reply: a.reply,
            error: a.error,
            inputTokens: a.inputTokens,
            outputTokens: a.outputTokens,
            cost: a.cost,
          })),
        })}\n`;
        lines++;
      }
      await write(chunk);
      after = calls[calls.length - 1]!.id;
    }
  }
  if (values.out) {
    await new Promise<void>((resolve) => (out as fs.WriteStream).end(resolve));
    printError(io, `wrote ${lines} calls of ${runs.length} runs to ${values.out}`);
  }
}
