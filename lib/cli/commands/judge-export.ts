import { once } from "node:events";
import { getDb, type Db } from "@/lib/server/db/client";
import { inputError, parseContractArgs } from "./contract-input";
import { studyOption } from "./study-option";
import { printError, type CliIo } from "../io";
import { idOption } from "../numeric-options";
import { writeOut } from "../out-file";

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
  const runId = values.run === undefined ? undefined : idOption("run", values.run, "a run");
  const runs = await db.judgeRun.findMany({
    where: { studyId: study.id, ...(runId === undefined ? {} : { id: runId }) },
    orderBy: { id: "asc" },
    include: { judge: { select: { name: true } } },
  });
  if (runId !== undefined && runs.length === 0) throw inputError(`--run: the study has no judge run ${runId}`);
  // a file is moved into place only once whole: a failure leaves nothing new behind
  let lines = 0;
  await writeOut(values.out, io.stdout, async (out) => {
    // events.once takes its listeners off again (a listener per page added up past Node's warning)
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, "drain");
    };
    for (const run of runs) lines += await writeRunCalls(db, run, write);
  });
  if (values.out) printError(io, `wrote ${lines} calls of ${runs.length} runs to ${values.out}`);
}

type Run = Awaited<ReturnType<Db["judgeRun"]["findMany"]>>[number] & { judge: { name: string } };

/** A run's calls, a page at a time, each with its provenance and attempts; returns how many. */
async function writeRunCalls(db: Db, run: Run, write: (text: string) => Promise<void>): Promise<number> {
  let lines = 0;
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
    // the page's attempts by the range of its call ids (no list of ids: a statement binds a few values)
    const attempts = await db.judgeAttempt.findMany({
      where: { callId: { gt: after, lte: calls.at(-1)!.id }, call: { runId: run.id } },
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
  return lines;
}
