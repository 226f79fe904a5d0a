// The Assay study bundle: one JSON record per line, each with a "type", in an order where every
// reference points at an earlier record. Export a study as a bundle and import it elsewhere to get
// the same study: content, judges and labels, systems, runs and responses, and (from format
// version 2) the people and their work: accounts and memberships by email, campaigns with their
// items and seats, and every annotation with its times; (from version 3) the LLM judge runs with
// every call's reply, and the saved template versions they used; (from version 4) each campaign's
// adjudication settings and decisions; (from version 6) its nugget sets, each with its questions'
// list versions, every nugget, campaign and nugget assignment run naming its set. Leases are not carried: a seat held when the bundle was
// written is open in it, and so is a judge call.
import { z } from "zod";
import { annotationPhaseSchema } from "@/lib/domain/campaigns/judgment";
import { campaignStatusSchema } from "@/lib/domain/campaigns/campaign-status";
import { protocolSchema } from "@/lib/domain/campaigns/protocol";
import { sampleSpecSchema } from "@/lib/domain/campaigns/sampling";
import { goldSettingsSchema } from "@/lib/domain/campaigns/gold";
import { nuggetListSchema } from "@/lib/domain/nuggets/nugget-list";
import { NUGGET_IMPORTANCES, type NuggetImportance } from "@/lib/domain/nugget-scores/nugget-scores";
import { NUGGET_SET_SOURCES } from "@/lib/domain/nuggets/nugget-sets";
import { criterionSchema } from "@/lib/domain/preferences/criteria";
import { judgeTemplateSchema } from "@/lib/domain/judging/judge-template";
import { memberRoleSchema, userRoleSchema } from "@/lib/domain/roles";
import { scaleSchema } from "@/lib/domain/scales";
import { taskTypeSchema } from "@/lib/domain/task-types/task-type";
import type { AnswerSentence } from "@/lib/domain/rag-answers/answer-text";
import { jsonObject } from "./fields";
import { bad, ok, type LineError, type Parsed, isFail } from "./parsed";
import type { DocumentRow, QueryRow, RunRow } from "./rows";
import { passageDisplaySchema, passageKindSchema, type PassageDisplay } from "@/lib/domain/passages/passage-kind";

/** The format version this Assay writes; it reads every version up to it. */
export const BUNDLE_VERSION = 6;

const id = z.string().min(1);
const json = z.record(z.string(), z.unknown());
const time = z.iso.datetime();
/** An account's email, as Assay keeps them (lower case): people are matched by it. */
const email = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/, "expected an email address")
  .transform((e) => e.toLowerCase());

/**
 * A campaign's sample as a bundle holds it: as the campaign's, except that a sample of chosen
 * targets names them by external ids (the campaign's own keys hold row ids of its database).
 */
export const bundleSampleSchema = z.union([
  z.object({
    kind: z.literal("targets"),
    targets: z
      .array(z.object({ query: id.nullable(), nugget: id.nullable(), doc: id }))
      .min(1)
      .max(10_000),
  }),
  sampleSpecSchema.refine((s) => s.kind !== "targets", { message: "a targets sample names its targets" }),
]);
export type BundleSample = z.infer<typeof bundleSampleSchema>;

/** A judge run's sample: a campaign design (chosen targets by external ids), or a campaign's items by its name. */
const judgeRunSampleSchema = z.union([bundleSampleSchema, z.object({ kind: z.literal("campaign"), campaign: id })]);
const count = z.int32().min(0).nullable();

/** Where an item or a seat belongs: its campaign by name, the item by its position there. */
const itemRef = { campaign: id, item: z.int32().min(0) };

export const bundleRecordSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("bundle"),
    version: z.int32().min(1),
    /** The study; `passage_display` (how its passages are shown) since issue 35, auto when absent. */
    study: z.object({ name: z.string(), description: z.string(), passage_display: passageDisplaySchema.optional() }),
  }),
  z.object({
    type: z.literal("query"),
    id,
    title: z.string(),
    body: z.string(),
    answer: z.string().nullable(),
    metadata: json,
    /** Versions 2 to 5: the version of the question's nugget list (of the study's one set, its first here). */
    nugget_version: z.int32().min(1).optional(),
  }),
  // version 6: nugget sets, each before its nuggets
  z.object({
    type: z.literal("nugget_set"),
    name: id,
    source: z.enum(NUGGET_SET_SOURCES),
    origin: z.string(),
    /** Each question's list version in the set, where past 1, by question id. */
    versions: z.record(z.string(), z.int32().min(2)),
  }),
  z.object({
    type: z.literal("document"),
    id,
    title: z.string(),
    text: z.string(),
    repo: z.string().nullable(),
    path: z.string().nullable(),
    metadata: json,
    /** How it is shown (code, prose, markdown), when an import set it; absent or null: the study's setting. */
    display: passageKindSchema.nullable().optional(),
  }),
  z.object({
    type: z.literal("nugget"),
    id,
    query: id,
    position: z.int32().min(1),
    text: z.string(),
    /** The TREC RAG track's importance, since issue 40; absent or null: not graded. */
    importance: z.enum(NUGGET_IMPORTANCES).nullable().optional(),
    /** Its nugget set, named by an earlier nugget_set record (since version 6; absent: the study's first set). */
    set: id.optional(),
  }),
  z.object({ type: z.literal("pool"), query: id, doc: id, sources: z.array(z.unknown()) }),
  z.object({ type: z.literal("judge"), name: id, kind: z.enum(["model", "human"]), user: z.string().nullable() }),
  z.object({
    type: z.literal("label"),
    judge: id,
    target: z.enum([
      "nugget_document",
      "query_document",
      "nugget",
      "query",
      "system_pair",
      "nugget_answer",
      "sentence_citation",
    ]),
    query: id.nullable(),
    nugget: id.nullable(),
    doc: id.nullable(),
    system_a: id.nullable(),
    system_b: id.nullable(),
    criterion: z.string().nullable(),
    /** A citation support label: the 0-based index of the answer's sentence (since issue 41). */
    sentence: z.int32().min(0).nullable().optional(),
    scale: id,
    value: z.string(),
    created_at: time.optional(), // version 2
  }),
  z.object({ type: z.literal("system"), name: id }),
  z.object({ type: z.literal("run"), system: id, query: id, doc: id, rank: z.int32(), score: z.number() }),
  z.object({
    type: z.literal("response"),
    system: id,
    query: id,
    text: z.string(),
    citations: z.array(z.object({ marker: z.int32().min(1), doc: id })),
    /** A TREC RAG answer's sentences and response_length, since issue 40 (citations index the markers minus one). */
    sentences: z.array(z.object({ text: z.string(), citations: z.array(z.int32().min(0)) })).optional(),
    response_length: z.int32().min(0).optional(),
  }),
  // version 2: the people, and their work
  z.object({ type: z.literal("user"), email, name: z.string(), role: userRoleSchema }),
  z.object({ type: z.literal("member"), user: email, role: memberRoleSchema }),
  z.object({
    type: z.literal("campaign"),
    name: id,
    task_type: taskTypeSchema,
    scale: scaleSchema,
    criteria: z.array(criterionSchema),
    protocol: protocolSchema,
    overlap: z.int32().min(1),
    sample: bundleSampleSchema,
    seed: z.int32(),
    guidelines: z.string(),
    /** Whether passages mark the question's terms (absent: no). */
    highlight_terms: z.boolean().optional(),
    status: campaignStatusSchema,
    llm_judge: id.nullable(),
    created_at: time,
    annotators: z.array(email),
    /** Its adjudication settings (since version 4; absent: none named, the defaults). */
    adjudication: z
      .object({
        /** The member named adjudicator besides the researchers (never one of `annotators`). */
        adjudicator: email.nullable(),
        every: z.boolean(),
        show_names: z.boolean(),
        /** The LLM whose label the adjudicator sees. */
        llm_judge: id.nullable(),
      })
      .optional(),
    /** Its gold items' settings: the reference label set, the count or share asked, the items mixed in (since issue 43; absent: none). */
    gold: goldSettingsSchema.nullable().optional(),
    /** A nugget quality or nugget assignment campaign's nugget set (since version 6; absent: the study's first). */
    nugget_set: id.nullable().optional(),
  }),
  z.object({
    type: z.literal("item"),
    campaign: id,
    position: z.int32().min(0),
    query: id.nullable(),
    nugget: id.nullable(),
    doc: id.nullable(),
    /** A preference item: the systems whose answers to the query it compares, A first. */
    systems: z.tuple([id, id]).nullable(),
    /** A nugget-assignment or citation-support item: the system whose answer to the query it shows (since issue 40). */
    system: id.nullable().optional(),
    /** A citation-support item: the 0-based index of the answer's sentence judged against `doc` (since issue 41). */
    sentence: z.int32().min(0).nullable().optional(),
    nuggets: nuggetListSchema.nullable(),
    /** A gold item's known answer, a level of the campaign's scale (since issue 43; absent: a sampled item). */
    gold: z.string().min(1).nullable().optional(),
  }),
  z.object({
    type: z.literal("seat"),
    ...itemRef,
    user: email.nullable(),
    status: z.enum(["open", "submitted", "skipped", "closed"], {
      message: "a seat is open, submitted, skipped or closed (leases are not carried)",
    }),
    swap_sides: z.boolean(),
    sides_token: z.string().nullable(),
    claimed_at: time.nullable(),
    submitted_at: time.nullable(),
    skipped_at: time.nullable(),
  }),
  z.object({
    type: z.literal("annotation"),
    ...itemRef,
    user: email,
    phase: annotationPhaseSchema,
    payload: json,
    comment: z.string().nullable(),
    client_id: id,
    version: z.int32().min(1),
    duration_ms: z.int32().min(0),
    started_at: time,
    submitted_at: time,
    updated_at: time,
  }),
  // version 4: adjudication
  z.object({
    type: z.literal("decision"),
    ...itemRef,
    /** A nugget-assignment item's decision: the nugget of its answer decided (absent: the item's own target). */
    nugget: id.optional(),
    /** Who decided (an account by email). */
    user: email,
    level: id,
    reason: z.string().nullable(),
    /** The annotators' latest labels the adjudicator saw. */
    seen: z.array(
      z.object({ user: email, level: z.string(), phase: annotationPhaseSchema, comment: z.string().nullable() }),
    ),
    /** The LLM's label shown to the adjudicator (value null: it gave none), or null when none was shown. */
    llm: z.object({ judge: id, value: z.string().nullable() }).nullable(),
    decided_at: time,
  }),
  // version 3: LLM judge runs
  z.object({
    type: z.literal("judge_template"),
    /** The version's SHA-256 (of its content); checked on import. */
    version: z.string().regex(/^[0-9a-f]{64}$/, "a template version is the SHA-256 of its content (64 hex digits)"),
    template: judgeTemplateSchema,
    created_by: z.string().nullable(),
    created_at: time,
  }),
  z.object({
    type: z.literal("judge_run"),
    /** The run's number in this bundle: its calls name it. */
    number: z.int32().min(1),
    judge: id,
    endpoint: z.string(),
    base_url: z.string(),
    model: z.string(),
    template_version: z.string().min(1),
    template: judgeTemplateSchema,
    sample: judgeRunSampleSchema,
    systems: z.array(id).nullable(),
    criterion: z.string().nullable(),
    temperature: z.number().min(0).max(2),
    seed: z.int32().nullable(),
    status: z.enum(["running", "paused", "cancelled", "done", "failed"]),
    /** A failed run's first reason. */
    failure: z.string().nullable().default(null),
    /** A nugget assignment run's nugget set (since version 6; absent: the study's first). */
    nugget_set: id.nullable().optional(),
    /**
     * A nuggetizer run's settings, and the passages a creation run reads: [question, [passage, ...]]
     * in the order it reads them (since version 6, issue 64; absent or null: any other run).
     */
    nuggetizer: z
      .object({
        label_set: z.string().nullable(),
        level: z.int32().min(0),
        window_size: z.int32().min(1),
        max_nuggets: z.int32().min(1),
        max_tries: z.int32().min(1),
        passages: z.array(z.tuple([id, z.array(id)])),
      })
      .nullable()
      .optional(),
    created_by: z.string().nullable(),
    created_at: time,
    finished_at: time.nullable(),
  }),
  z.object({
    type: z.literal("judge_call"),
    run: z.int32().min(1),
    position: z.int32().min(1),
    query: id.nullable(),
    nugget: id.nullable(),
    doc: id.nullable(),
    /**
     * A preference call: the systems whose answers to the query it compares, A first (before any
     * swap); a call on one answer (a nugget assignment): its system.
     */
    systems: z.union([z.tuple([id]), z.tuple([id, id])]).nullable(),
    /** A call on an answer sentence and a passage it cites: the sentence's 0-based index (since issue 41). */
    sentence: z.int32().min(0).nullable().optional(),
    swapped: z.boolean(),
    status: z.enum(["pending", "done", "unparsed", "failed", "skipped"], {
      message: "a judge call is pending, done, unparsed, failed or skipped (leases are not carried)",
    }),
    attempts: z.int32().min(0),
    cache_key: z.string().nullable(),
    cached: z.boolean(),
    reply: z.string().nullable(),
    level: z.string().nullable(),
    error: z.string().nullable(),
    input_tokens: count,
    output_tokens: count,
    latency_ms: count,
    cost: z.number().min(0).nullable(),
    finished_at: time.nullable(),
    /** Every HTTP request the call made, retries and 429s included (absent before attempts were kept). */
    http_attempts: z
      .array(
        z.object({
          started_at: time,
          latency_ms: z.int32().min(0),
          http_status: z.int32().min(100).max(599).nullable(),
          reply: z.string().nullable(),
          error: z.string().nullable(),
          input_tokens: count,
          output_tokens: count,
          cost: z.number().min(0).nullable(),
        }),
      )
      .default([]),
  }),
]);
export type BundleRecord = z.infer<typeof bundleRecordSchema>;

export type NuggetRow = {
  kind: "nugget";
  id: string;
  queryId: string;
  position: number;
  text: string;
  /** undefined: the line does not say (a bundle made before issue 40), so an import keeps what the study has */
  importance: NuggetImportance | null | undefined;
  /** null: a bundle before version 6, whose nuggets go to the import's set (the study's first by default) */
  set: string | null;
};
export type NuggetSetRow = Record_<"nugget_set">;
export type PoolRow = { kind: "pool"; queryId: string; docId: string; sources: unknown[] };
export type JudgeRow = { kind: "judge"; name: string; judgeKind: "model" | "human"; userEmail: string | null };
export type LabelRow = { kind: "label"; record: Extract<BundleRecord, { type: "label" }> };
export type SystemRow = { kind: "system"; name: string };
export type ResponseRow = {
  kind: "response";
  system: string;
  queryId: string;
  text: string;
  citations: { marker: number; docId: string }[];
  sentences: AnswerSentence[] | null;
  responseLength: number | null;
};
/** A record of the people and their work, written as it is read. */
type Record_<K extends string> = { kind: K; record: Extract<BundleRecord, { type: K }> };
export type UserRow = Record_<"user">;
export type MemberRow = Record_<"member">;
export type CampaignRow = Record_<"campaign">;
export type ItemRow = Record_<"item">;
export type SeatRow = Record_<"seat">;
export type AnnotationRow = Record_<"annotation">;
export type DecisionRow = Record_<"decision">;
export type JudgeTemplateRow = Record_<"judge_template">;
export type JudgeRunRow = Record_<"judge_run">;
export type JudgeCallRow = Record_<"judge_call">;
/** The study's settings a bundle's header carries (how its passages are shown). */
export type StudySettingsRow = { kind: "study-settings"; passageDisplay: PassageDisplay };
export type BundleRow =
  | StudySettingsRow
  | QueryRow
  | DocumentRow
  | NuggetRow
  | NuggetSetRow
  | PoolRow
  | JudgeRow
  | LabelRow
  | SystemRow
  | RunRow
  | ResponseRow
  | UserRow
  | MemberRow
  | CampaignRow
  | ItemRow
  | SeatRow
  | AnnotationRow
  | DecisionRow
  | JudgeTemplateRow
  | JudgeRunRow
  | JudgeCallRow;

/** The refusals of headers of a newer format version. */
const newerHeaders = new WeakSet<LineError>();

/**
 * A parser of one bundle file's lines. After a header of a newer format version it reads nothing
 * more: its records would be misread, and their errors would hide the one that matters.
 */
export function bundleParser(): (text: string, line: number) => Parsed<BundleRow> {
  let unreadable = false;
  return (text, line) => {
    if (unreadable) return null;
    const parsed = parseBundleLine(text, line);
    if (parsed && "error" in parsed && newerHeaders.has(parsed.error)) unreadable = true;
    return parsed;
  };
}

/** The header: the study's settings when it carries them; a bundle of a newer format is refused (and every line after it). */
function headerRow(r: Extract<BundleRecord, { type: "bundle" }>, line: number): Parsed<BundleRow> {
  if (r.version <= BUNDLE_VERSION)
    return r.study.passage_display ? ok({ kind: "study-settings", passageDisplay: r.study.passage_display }) : null;
  const refusal = bad(
    line,
    `this bundle is format version ${r.version}, newer than this Assay reads (1 to ${BUNDLE_VERSION}): upgrade Assay to import it`,
    "version",
  );
  newerHeaders.add(refusal.error);
  return refusal;
}

/** A RAG answer's row: its citations by marker and document, its sentences and length as submitted. */
const responseRow = (r: Extract<BundleRecord, { type: "response" }>): BundleRow => ({
  kind: "response",
  system: r.system,
  queryId: r.query,
  text: r.text,
  citations: r.citations.map((c) => ({ marker: c.marker, docId: c.doc })),
  sentences: r.sentences ?? null,
  responseLength: r.response_length ?? null,
});

/** Parses one bundle line into the row the importer writes (the header: the study's settings, if it carries them). */
function parseBundleLine(text: string, line: number): Parsed<BundleRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const result = bundleRecordSchema.safeParse(obj);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return bad(line, issue.message, issue.path.length ? issue.path.join(".") : undefined);
  }
  const r = result.data;
  switch (r.type) {
    case "bundle":
      return headerRow(r, line);
    case "query":
      return ok({
        kind: "query",
        id: r.id,
        title: r.title,
        body: r.body,
        answer: r.answer ?? undefined,
        metadata: r.metadata,
        nuggetVersion: r.nugget_version,
      });
    case "document":
      return ok({
        kind: "document",
        id: r.id,
        title: r.title,
        text: r.text,
        repo: r.repo ?? undefined,
        path: r.path ?? undefined,
        metadata: r.metadata,
        display: r.display ?? null,
      });
    case "nugget":
      return ok({
        kind: "nugget",
        id: r.id,
        queryId: r.query,
        position: r.position,
        text: r.text,
        importance: r.importance,
        set: r.set ?? null,
      });
    case "nugget_set":
      return ok({ kind: "nugget_set", record: r });
    case "pool":
      return ok({ kind: "pool", queryId: r.query, docId: r.doc, sources: r.sources });
    case "judge":
      return ok({ kind: "judge", name: r.name, judgeKind: r.kind, userEmail: r.user });
    case "label":
      return ok({ kind: "label", record: r });
    case "system":
      return ok({ kind: "system", name: r.name });
    case "run":
      return ok({ kind: "run", system: r.system, queryId: r.query, docId: r.doc, rank: r.rank, score: r.score });
    case "response":
      return ok(responseRow(r));
    case "user":
      return ok({ kind: "user", record: r });
    case "member":
      return ok({ kind: "member", record: r });
    case "campaign":
      return ok({ kind: "campaign", record: r });
    case "item":
      return ok({ kind: "item", record: r });
    case "seat":
      return ok({ kind: "seat", record: r });
    case "annotation":
      return ok({ kind: "annotation", record: r });
    case "decision":
      return ok({ kind: "decision", record: r });
    case "judge_template":
      return ok({ kind: "judge_template", record: r });
    case "judge_run":
      return ok({ kind: "judge_run", record: r });
    case "judge_call":
      return ok({ kind: "judge_call", record: r });
  }
}

export const bundleLine = (record: BundleRecord): string => JSON.stringify(record);
