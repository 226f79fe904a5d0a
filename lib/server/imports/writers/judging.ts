import "server-only";
import { builtinTemplate } from "@/lib/domain/judging/builtin-templates";
import { checkTemplate, templateContent, type JudgeTemplate } from "@/lib/domain/judging/judge-template";
import { JUDGE_TASKS, type AnyJudgeTask } from "@/lib/domain/judging/judge-tasks/registry";
import { storedLevel } from "@/lib/domain/judging/judge-tasks/reply-levels";
import {
  answerKey,
  questionKey,
  nuggetDocumentKey,
  queryDocumentKey,
  responsePairKey,
  sentenceCitationKey,
} from "@/lib/domain/targets";
import { unreachable } from "@/lib/domain/task-types/task-type";
import type { JudgeCallRow, JudgeRunRow, JudgeTemplateRow } from "@/lib/formats/bundle";
import type { ImportContext } from "../import-context";
import { selectIn, upsertMany } from "../../db/bulk-sql";
import {
  insertImportedAttempts,
  insertImportedJudgeRun,
  judgeRunStartedAt,
  type ImportedJudgeRun,
} from "../../db/judge-runs";
import { dbTimestamp } from "../../db/transactions";
import { templateVersion } from "../../judging/template-version";
import { turnsEvery } from "../../next-turn";
import { storedSample } from "./campaigns";
import { answersOf, bundleNuggetSet, known, studyJudges, studySystems, targetIdsOf, type Numbered } from "./shared";

const time = (ctx: ImportContext, iso: string | null) => (iso === null ? null : dbTimestamp(ctx.tx, new Date(iso)));
const VERSION_MISMATCH = "does not match its template: a version is the SHA-256 of the template's content";

/**
 * The saved template versions a bundle's runs used, added to the study's templates: a version the
 * study has already is left as it is; a name the study uses for another task is refused.
 */
export async function writeJudgeTemplates(ctx: ImportContext, batch: Numbered<JudgeTemplateRow>[]): Promise<void> {
  const names = batch.map((b) => b.row.record.template.name);
  const saved = new Map(
    (await selectIn(ctx.tx, "JudgeTemplate", ["id", "name", "task"], "name", names, { studyId: ctx.studyId })).map(
      (t) => [String(t.name), { id: Number(t.id), task: String(t.task) }],
    ),
  );
  const tasks = new Map([...saved].map(([name, t]) => [name, t.task])); // the study's, then the bundle's new names
  const versions: { line: number; r: JudgeTemplateRow["record"] }[] = [];
  for (const { line, row } of batch) {
    const r = row.record;
    const { name, task } = r.template;
    if (!ctx.firstTime(`judge_template:${name}@${r.version}`, line, `version ${r.version} of template "${name}"`))
      continue;
    const problems = checkTemplate(r.template);
    const known = tasks.get(name);
    if (builtinTemplate(name))
      ctx.fail({
        line,
        field: "template.name",
        message: `"${name}" is a built-in template: its version is not carried`,
      });
    else if (known !== undefined && known !== task)
      ctx.fail({
        line,
        field: "template.task",
        message: `the template "${name}" is a ${known} template${saved.has(name) ? " of this study" : ""}, this one ${task}: rename one of them`,
      });
    else if (problems.length) ctx.fail({ line, field: `template.${problems[0]!.path}`, message: problems[0]!.message });
    else if (templateVersion(r.template) !== r.version) ctx.fail({ line, field: "version", message: VERSION_MISMATCH });
    else {
      tasks.set(name, task);
      versions.push({ line, r });
    }
  }
  // a new name's template, created with its first version's time
  const created = await upsertMany(
    ctx.tx,
    {
      table: "JudgeTemplate",
      columns: ["studyId", "name", "task", "createdAt"],
      conflict: ["studyId", "name"],
      returning: ["id", "name"],
    },
    [
      ...new Map(
        versions
          .filter(({ r }) => !saved.has(r.template.name))
          .reverse()
          .map(({ r }) => [r.template.name, r]),
      ),
    ].map(([name, r]) => [ctx.studyId, name, r.template.task, time(ctx, r.created_at)]),
  );
  const ids = new Map([...saved].map(([name, t]) => [name, t.id]));
  for (const t of created) ids.set(String(t.name), Number(t.id));
  await upsertMany(
    ctx.tx,
    {
      table: "JudgeTemplateVersion",
      columns: ["templateId", "version", "content", "createdBy", "createdAt"],
      conflict: ["templateId", "version"],
    },
    versions.map(({ r }) => [
      ids.get(r.template.name)!,
      r.version,
      templateContent(r.template),
      r.created_by,
      time(ctx, r.created_at),
    ]),
  );
}

/**
 * Judge runs with their provenance, each the run of a model judge of the study (judge records
 * come first). A run the study has already (the same judge, started at the same time) is left as
 * it is, with its calls. A run arrives linked to this server's endpoint of the same name and URL
 * (otherwise to none: it cannot be resumed here), and a running one arrives paused: an import
 * never starts calls.
 */
export async function writeJudgeRuns(ctx: ImportContext, batch: Numbered<JudgeRunRow>[]): Promise<void> {
  const records = batch.map((b) => b.row.record);
  const judges = await studyJudges(
    ctx,
    records.map((r) => r.judge),
  );
  const systems = await studySystems(
    ctx,
    records.flatMap((r) => r.systems ?? []),
  );
  const endpoints = await selectIn(
    ctx.tx,
    "JudgeEndpoint",
    ["id", "name", "baseUrl"],
    "name",
    records.map((r) => r.endpoint),
  );
  for (const { line, row } of batch) {
    const r = row.record;
    if (!ctx.firstTime(`judge_run:${r.number}`, line, `judge run number ${r.number}`)) continue;
    const judge = judges.get(r.judge);
    if (!judge || judge.kind !== "model") {
      ctx.fail({
        line,
        field: "judge",
        message: `the study has no model judge named "${r.judge}" (judge records come first)`,
      });
      continue;
    }
    if (templateVersion(r.template) !== r.template_version) {
      ctx.fail({ line, field: "template_version", message: VERSION_MISMATCH });
      continue;
    }
    if (!runSystemsKnown(ctx, r, systems, line)) continue;
    const sample = r.sample.kind === "campaign" ? r.sample : await storedSample(ctx, r.sample, line);
    const nuggetSetId = await bundleNuggetSet(ctx, r.template.task, r.nugget_set, line);
    const options = await runNuggetizer(ctx, r, line);
    if (sample === null || nuggetSetId === false || options === false) continue;
    const endpoint = endpoints.find((e) => e.name === r.endpoint && e.baseUrl === r.base_url);
    const run: ImportedJudgeRun = {
      studyId: ctx.studyId,
      judgeId: judge.id,
      endpointId: endpoint ? Number(endpoint.id) : null,
      endpointName: r.endpoint,
      baseUrl: r.base_url,
      model: r.model,
      templateName: r.template.name,
      templateVersion: r.template_version,
      template: JSON.stringify(r.template),
      task: r.template.task,
      sample: JSON.stringify(sample),
      systems: r.systems === null ? null : JSON.stringify(r.systems),
      criterion: r.criterion,
      temperature: r.temperature,
      seed: r.seed,
      nuggetSetId,
      options,
      status: r.status === "running" ? "paused" : r.status,
      failure: r.failure,
      createdBy: r.created_by,
      createdAt: new Date(r.created_at),
      finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
    };
    const existing = await judgeRunStartedAt(ctx.tx, run);
    ctx.judgeRuns.set(r.number, {
      id: existing === null ? await insertImportedJudgeRun(ctx.tx, run) : null,
      task: r.template.task,
      template: r.template,
    });
  }
}

/**
 * A nuggetizer run's settings as JudgeRun.options keeps them (its passages by the study's ids); null
 * for any other run; false (failed, naming the line) when a nuggetizer run has none, another run
 * has some, or a question or passage is not the study's.
 */
async function runNuggetizer(
  ctx: ImportContext,
  r: JudgeRunRow["record"],
  line: number,
): Promise<string | null | false> {
  const nuggetizing = JUDGE_TASKS[r.template.task].unit === "question";
  const given = r.nuggetizer ?? null;
  if (nuggetizing !== (given !== null)) {
    ctx.fail({
      line,
      field: "nuggetizer",
      message: nuggetizing
        ? `a ${r.template.task} run names its nuggetizer settings`
        : `a ${r.template.task} run has no nuggetizer settings`,
    });
    return false;
  }
  if (given === null) return null;
  const queries = new Map(
    (
      await selectIn(
        ctx.tx,
        "Query",
        ["id", "externalId"],
        "externalId",
        given.passages.map(([q]) => q),
        { studyId: ctx.studyId },
      )
    ).map((q) => [String(q.externalId), Number(q.id)]),
  );
  const docs = new Map(
    (
      await selectIn(
        ctx.tx,
        "Document",
        ["id", "externalId"],
        "externalId",
        given.passages.flatMap(([, d]) => d),
        { studyId: ctx.studyId },
      )
    ).map((d) => [String(d.externalId), Number(d.id)]),
  );
  const passages: Record<string, number[]> = {};
  for (const [q, ids] of given.passages) {
    const missing = [q, ...ids].find((x, i) => !(i === 0 ? queries : docs).has(x));
    if (missing !== undefined) {
      ctx.fail({
        line,
        field: "nuggetizer.passages",
        message: `unknown ${missing === q ? "query" : "document"} "${missing}"`,
      });
      return false;
    }
    passages[String(queries.get(q))] = ids.map((d) => docs.get(d)!);
  }
  return JSON.stringify({
    labelSet: given.label_set ?? undefined,
    level: given.level,
    windowSize: given.window_size,
    maxNuggets: given.max_nuggets,
    maxTries: given.max_tries,
    passages,
  });
}

/** Whether a run names systems as its task asks (a preference compares some, every other task none), all of the study's. */
function runSystemsKnown(
  ctx: ImportContext,
  r: JudgeRunRow["record"],
  systems: ReadonlyMap<string, number>,
  line: number,
): boolean {
  const comparing = JUDGE_TASKS[r.template.task].unit === "request";
  if (comparing !== (r.systems !== null)) {
    ctx.fail({
      line,
      field: "systems",
      message: `a ${r.template.task} run ${comparing ? "names the systems whose answers it compares" : "compares no systems"}`,
    });
    return false;
  }
  const unknown = (r.systems ?? []).find((s) => !systems.has(s));
  if (unknown === undefined) return true;
  ctx.fail({ line, field: "systems", message: `unknown system "${unknown}" (system records come first)` });
  return false;
}

/**
 * Why a call's level cannot be taken as the bundle gives it: a done call's level is what its run's
 * template reads from its reply (a bundle cannot give a reply one level and the label another);
 * a call that is not done has none.
 */
function levelProblem(template: JudgeTemplate, r: JudgeCallRow["record"]): { field: string; message: string } | null {
  if (r.status !== "done")
    return r.level === null ? null : { field: "level", message: `a ${r.status} call has no level` };
  if (r.reply === null) return { field: "reply", message: "a done call carries the reply its level was read from" };
  const read = JUDGE_TASKS[template.task].readReply(template, r.reply, partsOfLevel(r.level));
  if ("error" in read)
    return { field: "reply", message: `a done call's reply gives no level by its template: ${read.error}` };
  const level = storedLevel(read.levels);
  if (level !== r.level)
    return {
      field: "level",
      message: `the reply gives ${level} by its template, not ${JSON.stringify(r.level)}`,
    };
  return null;
}

/**
 * How many levels a call's stored level holds: a JSON array of them (a call on an answer gives one
 * per nugget, as its nuggets were when it was made), else one.
 */
function partsOfLevel(level: string | null): number {
  if (level === null || !level.startsWith("[")) return 1;
  try {
    const parsed: unknown = JSON.parse(level);
    return Array.isArray(parsed) ? parsed.length : 1;
  } catch {
    return 1; // not a list: a level of its own, which the reply is checked against
  }
}

/**
 * The fields a call names, by what it judges: a pair's two ids, a request and the systems
 * compared, or a question and the system whose answer it grades.
 */
const CALL_FIELDS = {
  query_document: ["query", "doc"],
  nugget_document: ["nugget", "doc"],
  request: ["query", "systems"],
  answer: ["query", "systems"],
  citation: ["query", "doc", "systems", "sentence"],
  question: ["query"],
} as const satisfies Record<string, readonly ("query" | "nugget" | "doc" | "systems" | "sentence")[]>;

/** The target key of a call of this task. */
function callTargetKey(
  task: AnyJudgeTask,
  ids: {
    queryId: number;
    nuggetId: number;
    documentId: number;
    sentence: number;
    systemA: () => number;
    systemB: () => number;
  },
): string {
  switch (task.pairTarget) {
    case "query_document":
      return queryDocumentKey(ids.queryId, ids.documentId);
    case "nugget_document":
      return nuggetDocumentKey(ids.nuggetId, ids.documentId);
    case null:
      return task.unit === "answer"
        ? answerKey(ids.queryId, ids.systemA())
        : task.unit === "citation"
          ? sentenceCitationKey(ids.queryId, ids.systemA(), ids.sentence, ids.documentId)
          : task.unit === "question"
            ? questionKey(ids.queryId)
            : responsePairKey(ids.queryId, ids.systemA(), ids.systemB());
    default:
      return unreachable(task.pairTarget);
  }
}

/**
 * Judge calls with their replies, levels, tokens and costs, each naming its run by its number in
 * the bundle and its target by external ids (a preference call: the query and the two systems
 * whose answers it compares).
 */
export async function writeJudgeCalls(ctx: ImportContext, batch: Numbered<JudgeCallRow>[]): Promise<void> {
  const targets = await targetIdsOf(
    ctx,
    batch.map((b) => b.row.record),
  );
  const { queries, nuggets, docs, systems } = targets;
  const rows: unknown[][] = [];
  const attempts: { runId: number; position: number; attempts: JudgeCallRow["record"]["http_attempts"] }[] = [];
  const breathe = turnsEvery(50); // each reply is read by its template's rule: let other requests in
  for (const { line, row } of batch) {
    await breathe();
    const r = row.record;
    const run = ctx.judgeRuns.get(r.run);
    if (!run) {
      const at = ctx.seenAt(`judge_run:${r.run}`);
      ctx.fail({
        line,
        field: "run",
        message: at
          ? `judge run ${r.run} (${at}) was not imported`
          : `unknown judge run ${r.run} (judge_run records come first)`,
      });
      continue;
    }
    if (!ctx.firstTime(`judge_call:${r.run}:${r.position}`, line, `call ${r.position} of judge run ${r.run}`)) continue;
    const errors = ctx.errorCount;
    const ref = (ids: Map<string, number>, value: string | null, field: string, what: string) =>
      value === null ? null : known(ctx, ids, value, line, field, what);
    const queryId = ref(queries, r.query, "query", "query");
    const nuggetId = ref(nuggets, r.nugget, "nugget", "nugget");
    const documentId = ref(docs, r.doc, "doc", "document");
    if (ctx.errorCount > errors) continue;
    const task = JUDGE_TASKS[run.task];
    const missing = CALL_FIELDS[task.pairTarget ?? (task.unit === "pair" ? "request" : task.unit)].find(
      (field) => r[field] === null || r[field] === undefined,
    );
    if (missing) {
      ctx.fail({ line, field: missing, message: `a call of a ${run.task} run names its ${missing}` });
      continue;
    }
    const systemsNamed = task.unit === "answer" || task.unit === "citation" ? 1 : task.unit === "request" ? 2 : 0;
    if (systemsNamed > 0 && r.systems!.length !== systemsNamed) {
      ctx.fail({
        line,
        field: "systems",
        message: `a call of a ${run.task} run names ${systemsNamed === 1 ? "the one system whose answer it grades" : "the two systems it compares"}`,
      });
      continue;
    }
    const answers = systemsNamed > 0 ? answersOf(ctx, targets, { ...r, systems: r.systems! }, queryId, line) : null;
    if (systemsNamed > 0 && answers === null) continue;
    const targetKey = callTargetKey(task, {
      queryId: queryId!,
      nuggetId: nuggetId!,
      documentId: documentId!,
      sentence: r.sentence ?? 0,
      systemA: () => systems.get(r.systems![0])!,
      systemB: () => systems.get(r.systems![1]!)!,
    });
    const order = r.swapped ? "B/A" : "A/B";
    if (
      !ctx.firstTime(
        `judge_call:${r.run}:${targetKey}:${order}`,
        line,
        `${order} call of judge run ${r.run} on this target`,
      )
    )
      continue;
    const level = levelProblem(run.template, r);
    if (level) {
      ctx.fail({ line, field: level.field, message: level.message });
      continue;
    }
    if (run.id === null) continue; // the run was here already, with its calls
    if (r.http_attempts.length > 0) attempts.push({ runId: run.id, position: r.position, attempts: r.http_attempts });
    rows.push([
      run.id,
      r.position,
      targetKey,
      queryId,
      nuggetId,
      documentId,
      answers?.[0] ?? null,
      answers?.[1] ?? null,
      r.swapped ? 1 : 0,
      r.status,
      r.attempts,
      r.cache_key,
      r.cached ? 1 : 0,
      1, // imported: a record of another server's call, never a cache entry here
      r.reply,
      r.level,
      r.error,
      r.input_tokens,
      r.output_tokens,
      r.latency_ms,
      r.cost,
      time(ctx, r.finished_at),
    ]);
  }
  await upsertMany(
    ctx.tx,
    {
      table: "JudgeCall",
      columns: [
        "runId",
        "position",
        "targetKey",
        "queryId",
        "nuggetId",
        "documentId",
        "responseAId",
        "responseBId",
        "swapped",
        "status",
        "attempts",
        "cacheKey",
        "cached",
        "imported",
        "reply",
        "level",
        "error",
        "inputTokens",
        "outputTokens",
        "latencyMs",
        "cost",
        "finishedAt",
      ],
      conflict: ["runId", "targetKey", "swapped"],
    },
    rows,
  );
  if (attempts.length > 0) await insertImportedAttempts(ctx.tx, attempts);
}
