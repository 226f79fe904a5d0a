import "server-only";
import { sentenceOf } from "./export-bundle-work";
import { z } from "zod";
import { builtinTemplate } from "@/lib/domain/judging/builtin-templates";
import { judgeTemplateSchema } from "@/lib/domain/judging/judge-template";
import { bundleLine } from "@/lib/formats/bundle";
import { judgeRunSampleSchema } from "@/lib/schemas/judging";
import type { Db } from "../db/client";
import { bundleSample } from "./export-bundle-work";
import { pages } from "./paged";
import { nuggetizerSettingsSchema } from "@/lib/domain/judging/nuggetizer-settings";
import { chunksOf } from "../db/lists";

const iso = (date: Date | null) => date?.toISOString() ?? null;
const template = (text: string) => judgeTemplateSchema.parse(JSON.parse(text));

/**
 * The study's LLM judge runs: first the saved template versions they used (a built-in one is in
 * every Assay), then each run with its provenance, numbered, then every call with its reply and its
 * HTTP attempts, naming its run by that number. A call held under a lease is written pending:
 * leases are not carried.
 */
export async function* studyJudgingLines(db: Db, studyId: number): AsyncGenerator<string> {
  const runs = await db.judgeRun.findMany({
    where: { studyId },
    orderBy: { id: "asc" },
    include: { judge: { select: { name: true } }, nuggetSet: { select: { name: true } } },
  });
  if (runs.length === 0) return;
  const used = [...new Set(runs.filter((r) => !builtinTemplate(r.templateName)).map((r) => r.templateName))];
  const versions = await db.judgeTemplateVersion.findMany({
    where: {
      template: { studyId, name: { in: used } },
      version: { in: runs.map((r) => r.templateVersion) },
    },
    orderBy: { id: "asc" },
    include: { template: { select: { name: true } } },
  });
  for (const v of versions) {
    if (!runs.some((r) => r.templateName === v.template.name && r.templateVersion === v.version)) continue;
    yield bundleLine({
      type: "judge_template",
      version: v.version,
      template: judgeTemplateSchema.parse({ name: v.template.name, ...JSON.parse(v.content) }),
      created_by: v.createdBy,
      created_at: v.createdAt.toISOString(),
    });
  }
  const numbers = new Map<number, number>();
  for (const r of runs) {
    numbers.set(r.id, numbers.size + 1);
    const sample = judgeRunSampleSchema.parse(JSON.parse(r.sample));
    yield bundleLine({
      type: "judge_run",
      number: numbers.get(r.id)!,
      judge: r.judge.name,
      endpoint: r.endpointName,
      base_url: r.baseUrl,
      model: r.model,
      template_version: r.templateVersion,
      template: template(r.template),
      sample: sample.kind === "campaign" ? sample : await bundleSample(db, sample),
      systems: r.systems === null ? null : z.array(z.string()).parse(JSON.parse(r.systems)),
      criterion: r.criterion,
      temperature: r.temperature,
      seed: r.seed,
      status: z.enum(["running", "paused", "cancelled", "done", "failed"]).parse(r.status),
      failure: r.failure,
      nugget_set: r.nuggetSet?.name ?? null,
      nuggetizer: r.options === null ? null : await bundleNuggetizer(db, r.options),
      created_by: r.createdBy,
      created_at: r.createdAt.toISOString(),
      finished_at: iso(r.finishedAt),
    });
  }
  for await (const page of pages((a, take) =>
    db.judgeCall.findMany({ where: { id: { gt: a }, run: { studyId } }, orderBy: { id: "asc" }, take }),
  )) {
    const names = await targetNames(db, page);
    // the page's attempts by the range of its call ids (no list of ids: a statement binds a few values)
    const attempts = await db.judgeAttempt.findMany({
      where: { callId: { gte: page[0]!.id, lte: page.at(-1)!.id }, call: { run: { studyId } } },
      orderBy: { id: "asc" },
    });
    const attemptsOf = new Map<number, Attempt[]>();
    for (const a of attempts) attemptsOf.set(a.callId, [...(attemptsOf.get(a.callId) ?? []), a]);
    for (const c of page) yield callLine(c, numbers.get(c.runId)!, names, attemptsOf.get(c.id) ?? []);
  }
}

/** A nuggetizer run's settings with its passages named by the question's and the documents' ids. */
async function bundleNuggetizer(db: Db, options: string) {
  const settings = nuggetizerSettingsSchema.parse(JSON.parse(options));
  const entries = Object.entries(settings.passages).map(([q, docs]) => [Number(q), docs] as const);
  const queries = new Map<number, string>();
  const docs = new Map<number, string>();
  for (const chunk of chunksOf(entries.map(([q]) => q)))
    for (const q of await db.query.findMany({ where: { id: { in: chunk } }, select: { id: true, externalId: true } }))
      queries.set(q.id, q.externalId);
  for (const chunk of chunksOf(new Set(entries.flatMap(([, d]) => d))))
    for (const d of await db.document.findMany({
      where: { id: { in: chunk } },
      select: { id: true, externalId: true },
    }))
      docs.set(d.id, d.externalId);
  return {
    label_set: settings.labelSet ?? null,
    level: settings.level,
    window_size: settings.windowSize,
    max_nuggets: settings.maxNuggets,
    max_tries: settings.maxTries,
    // a question or passage removed since the run started is left out
    passages: entries.flatMap(([q, ids]): [string, string[]][] =>
      queries.has(q) ? [[queries.get(q)!, ids.flatMap((d) => docs.get(d) ?? [])]] : [],
    ),
  };
}

type Call = Awaited<ReturnType<Db["judgeCall"]["findMany"]>>[number];
type Attempt = Awaited<ReturnType<Db["judgeAttempt"]["findMany"]>>[number];
type TargetNames = Awaited<ReturnType<typeof targetNames>>;

/** The external ids of a page of calls' questions, nuggets and chunks, and the systems of their answers. */
async function targetNames(db: Db, calls: Call[]) {
  const ids = (pick: (c: Call) => (number | null)[]) => [
    ...new Set(calls.flatMap(pick).filter((id): id is number => id !== null)),
  ];
  const select = { id: true, externalId: true } as const;
  const [queries, nuggets, documents, responses] = await Promise.all([
    db.query.findMany({ where: { id: { in: ids((c) => [c.queryId]) } }, select }),
    db.nugget.findMany({ where: { id: { in: ids((c) => [c.nuggetId]) } }, select }),
    db.document.findMany({ where: { id: { in: ids((c) => [c.documentId]) } }, select }),
    db.response.findMany({
      where: { id: { in: ids((c) => [c.responseAId, c.responseBId]) } },
      select: { id: true, system: { select: { name: true } } },
    }),
  ]);
  const byId = (rows: { id: number; externalId: string }[]) => new Map(rows.map((r) => [r.id, r.externalId]));
  return {
    query: byId(queries),
    nugget: byId(nuggets),
    doc: byId(documents),
    system: new Map(responses.map((r) => [r.id, r.system.name])),
  };
}

function callLine(c: Call, run: number, names: TargetNames, attempts: Attempt[]): string {
  const name = (ids: Map<number, string>, id: number | null) => (id === null ? null : ids.get(id)!);
  const held = c.status === "leased";
  return bundleLine({
    type: "judge_call",
    run,
    position: c.position,
    query: name(names.query, c.queryId),
    nugget: name(names.nugget, c.nuggetId),
    doc: name(names.doc, c.documentId),
    systems:
      c.responseAId === null
        ? null
        : c.responseBId === null
          ? [name(names.system, c.responseAId)!]
          : [name(names.system, c.responseAId)!, name(names.system, c.responseBId)!],
    ...sentenceOf(c.targetKey),
    swapped: c.swapped,
    status: held ? "pending" : (c.status as "pending" | "done" | "unparsed" | "failed" | "skipped"),
    attempts: c.attempts,
    cache_key: c.cacheKey,
    cached: c.cached,
    reply: c.reply,
    level: c.level,
    error: c.error,
    input_tokens: c.inputTokens,
    output_tokens: c.outputTokens,
    latency_ms: c.latencyMs,
    cost: c.cost,
    finished_at: iso(c.finishedAt),
    http_attempts: attempts.map((a) => ({
      started_at: a.startedAt.toISOString(),
      latency_ms: a.latencyMs,
      http_status: a.httpStatus,
      reply: a.reply,
      error: a.error,
      input_tokens: a.inputTokens,
      output_tokens: a.outputTokens,
      cost: a.cost,
    })),
  });
}
