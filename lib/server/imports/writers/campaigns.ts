import "server-only";
import { randomUUID } from "node:crypto";
import type { SampleSpec } from "@/lib/domain/campaigns/sampling";
import { scaleSchema } from "@/lib/domain/scales";
import {
  answerKey,
  nuggetDocumentKey,
  queryDocumentKey,
  questionKey,
  responsePairKey,
  sentenceCitationKey,
} from "@/lib/domain/targets";
import type { AnnotationRow, BundleSample, CampaignRow, ItemRow, SeatRow } from "@/lib/formats/bundle";
import type { ImportContext } from "../import-context";
import { selectIn, upsertMany } from "../../db/bulk-sql";
import { deleteFreeSeats } from "../../db/assignments";
import { ADJUDICATION_COLUMNS, itemIdsAt } from "../../db/campaigns";
import { dbTimestamp } from "../../db/transactions";
import { accountsByEmail } from "./people";
import { answersOf, bundleNuggetSet, contentIdsOf, known, studyJudges, targetIdsOf, type Numbered } from "./shared";

const time = (ctx: ImportContext, iso: string | null) => (iso === null ? null : dbTimestamp(ctx.tx, new Date(iso)));

async function campaignIds(ctx: ImportContext, names: Iterable<string>): Promise<Map<string, number>> {
  const rows = await selectIn(ctx.tx, "Campaign", ["id", "name"], "name", names, { studyId: ctx.studyId });
  return new Map(rows.map((c) => [String(c.name), Number(c.id)]));
}

/** The levels of each named campaign's scale (what a gold item's known answer may be), by campaign name. */
async function goldLevelsOf(ctx: ImportContext, names: readonly string[]): Promise<Map<string, Set<string>>> {
  if (names.length === 0) return new Map();
  const rows = await selectIn(ctx.tx, "Campaign", ["name", "scale"], "name", names, { studyId: ctx.studyId });
  return new Map(
    rows.map((c) => [
      String(c.name),
      new Set(scaleSchema.parse(JSON.parse(String(c.scale))).levels.map((l) => l.value)),
    ]),
  );
}

/** The campaign of a record, or an error on its line. */
function campaignOf(ctx: ImportContext, ids: Map<string, number>, name: string, line: number): number | null {
  const id = ids.get(name);
  if (id === undefined) {
    const at = ctx.seenAt(`campaign:${name}`);
    const message = at
      ? `campaign "${name}" (${at}) was not imported`
      : `unknown campaign "${name}" (campaign records come first)`;
    ctx.fail({ line, field: "campaign", message });
  }
  return id ?? null;
}

/** Each record's item: its campaign's id and the item's id, by the item's position. */
export async function itemsOf(ctx: ImportContext, batch: Numbered<{ record: { campaign: string; item: number } }>[]) {
  const campaigns = await campaignIds(
    ctx,
    batch.map((b) => b.row.record.campaign),
  );
  const at = batch.flatMap(({ row: { record: r } }) =>
    campaigns.has(r.campaign) ? [{ campaignId: campaigns.get(r.campaign)!, position: r.item }] : [],
  );
  const items = await itemIdsAt(ctx.tx, at);
  return (line: number, r: { campaign: string; item: number }) => {
    const campaignId = campaignOf(ctx, campaigns, r.campaign, line);
    if (campaignId === null) return null;
    const itemId = items.get(`${campaignId}:${r.item}`);
    if (itemId === undefined) {
      ctx.fail({
        line,
        field: "item",
        message: `campaign "${r.campaign}" has no item ${r.item} (item records come first)`,
      });
      return null;
    }
    return { campaignId, itemId };
  };
}

/** A bundle's sample as the campaign stores it: chosen targets by this study's row ids. */
export async function storedSample(ctx: ImportContext, sample: BundleSample, line: number): Promise<SampleSpec | null> {
  if (!("targets" in sample)) return sample;
  const pick = (key: "query" | "nugget" | "doc") => sample.targets.flatMap((t) => (t[key] ? [t[key]] : []));
  const { queries, nuggets, docs } = await contentIdsOf(ctx, {
    queries: pick("query"),
    nuggets: pick("nugget"),
    docs: pick("doc"),
  });
  const targetKeys: string[] = [];
  for (const t of sample.targets) {
    const doc = known(ctx, docs, t.doc, line, "sample", "document");
    const target = t.nugget
      ? known(ctx, nuggets, t.nugget, line, "sample", "nugget")
      : t.query
        ? known(ctx, queries, t.query, line, "sample", "query")
        : null;
    if (target === null || doc === null) {
      if (!t.nugget && !t.query)
        ctx.fail({ line, field: "sample", message: "a chosen target names a nugget or a query" });
      return null;
    }
    targetKeys.push(t.nugget ? nuggetDocumentKey(target, doc) : queryDocumentKey(target, doc));
  }
  return { kind: "targets", targetKeys };
}

/**
 * Campaigns with their settings and annotators, by name: a campaign the study has already is
 * updated. The LLM judge must be a model judge of the study, and every annotator one of its
 * annotator members (member records come first), as when a researcher creates the campaign.
 */
export async function writeCampaigns(ctx: ImportContext, batch: Numbered<CampaignRow>[]): Promise<void> {
  const records = batch.map((b) => b.row.record);
  const judges = await studyJudges(
    ctx,
    records.flatMap((r) => [r.llm_judge, r.adjudication?.llm_judge ?? null].filter((j) => j !== null)),
  );
  const accounts = await accountsByEmail(
    ctx,
    records.flatMap((r) => [...r.annotators, ...(r.adjudication?.adjudicator ? [r.adjudication.adjudicator] : [])]),
  );
  const memberRoles = new Map(
    (
      await selectIn(
        ctx.tx,
        "StudyMember",
        ["userId", "role"],
        "userId",
        [...accounts.values()].map((a) => a.id),
        { studyId: ctx.studyId },
      )
    ).map((m) => [Number(m.userId), String(m.role)]),
  );
  const annotatorMembers = new Set([...memberRoles].filter(([, role]) => role === "annotator").map(([id]) => id));
  const campaigns: unknown[][] = [];
  const annotators: { name: string; userIds: number[] }[] = [];
  for (const { line, row } of batch) {
    const r = row.record;
    if (!ctx.firstTime(`campaign:${r.name}`, line, `campaign "${r.name}"`)) continue;
    const judge = r.llm_judge === null ? null : judges.get(r.llm_judge);
    if (judge === undefined || (judge && judge.kind !== "model")) {
      ctx.fail({
        line,
        field: "llm_judge",
        message: `the study has no LLM judge named "${r.llm_judge}" (judge records come first)`,
      });
      continue;
    }
    const userIds: number[] = [];
    for (const email of r.annotators) {
      const account = accounts.get(email);
      const membership = ctx.seenAt(`member:${email}`);
      if (account && annotatorMembers.has(account.id)) userIds.push(account.id);
      else
        ctx.fail({
          line,
          field: "annotators",
          message: membership
            ? `the membership of ${email} (${membership}) was not imported`
            : `${email} is not an annotator member of the study (member records come first)`,
        });
    }
    const adjudication = adjudicationOf(ctx, r, line, { judges, accounts, members: memberRoles });
    const sample = await storedSample(ctx, r.sample, line);
    const nuggetSetId = await bundleNuggetSet(ctx, r.task_type, r.nugget_set, line);
    if (sample === null || userIds.length !== r.annotators.length || adjudication === null || nuggetSetId === false)
      continue;
    annotators.push({ name: r.name, userIds });
    campaigns.push([
      ctx.studyId,
      r.name,
      r.task_type,
      JSON.stringify(r.scale),
      JSON.stringify(r.criteria),
      r.protocol,
      r.overlap,
      JSON.stringify(sample),
      r.seed,
      r.guidelines,
      r.highlight_terms ? 1 : 0, // a boolean as both engines read it
      r.status,
      judge?.id ?? null,
      ...adjudication,
      r.gold ? JSON.stringify(r.gold) : null,
      nuggetSetId,
      time(ctx, r.created_at),
    ]);
  }
  const settings = [
    "taskType",
    "scale",
    "criteria",
    "protocol",
    "overlap",
    "sample",
    "seed",
    "guidelines",
    "highlightTerms",
    "status",
  ];
  const written = await upsertMany(
    ctx.tx,
    {
      table: "Campaign",
      columns: [
        "studyId",
        "name",
        ...settings,
        "llmJudgeId",
        ...ADJUDICATION_COLUMNS,
        "gold",
        "nuggetSetId",
        "createdAt",
      ],
      conflict: ["studyId", "name"],
      update: [...settings, "llmJudgeId", ...ADJUDICATION_COLUMNS, "gold", "nuggetSetId"],
      returning: ["id", "name"],
    },
    campaigns,
  );
  const ids = new Map(written.map((c) => [String(c.name), Number(c.id)]));
  await upsertMany(
    ctx.tx,
    { table: "CampaignAnnotator", columns: ["campaignId", "userId"], conflict: ["campaignId", "userId"] },
    annotators.flatMap((a) => a.userIds.map((u) => [ids.get(a.name)!, u])),
  );
}

/**
 * A campaign record's adjudication settings as its columns (ADJUDICATION_COLUMNS), or null with an
 * error on the line: the adjudicator a member of the study who does not annotate the campaign, the
 * LLM a model judge of the study.
 */
function adjudicationOf(
  ctx: ImportContext,
  r: CampaignRow["record"],
  line: number,
  known: {
    judges: Map<string, { id: number; kind: string }>;
    accounts: Map<string, { id: number }>;
    members: Map<number, string>;
  },
): unknown[] | null {
  const a = r.adjudication;
  if (!a) return [null, 0, 0, null];
  const fail = (field: string, message: string) => {
    ctx.fail({ line, field: `adjudication.${field}`, message });
    return null;
  };
  const account = a.adjudicator === null ? null : known.accounts.get(a.adjudicator);
  if (a.adjudicator !== null && (!account || !known.members.has(account.id)))
    return fail("adjudicator", `${a.adjudicator} is not a member of the study (member records come first)`);
  if (a.adjudicator !== null && r.annotators.includes(a.adjudicator))
    return fail("adjudicator", `${a.adjudicator} annotates this campaign, so cannot adjudicate it`);
  const llm = a.llm_judge === null ? null : known.judges.get(a.llm_judge);
  if (llm === undefined || (llm && llm.kind !== "model"))
    return fail("llm_judge", `the study has no LLM judge named "${a.llm_judge}" (judge records come first)`);
  return [account?.id ?? null, a.every ? 1 : 0, a.show_names ? 1 : 0, llm?.id ?? null];
}

/**
 * Campaign items at their positions, their targets resolved in this study (itemTargetOf), a gold
 * item's known answer a level of its campaign's scale.
 */
export async function writeItems(ctx: ImportContext, batch: Numbered<ItemRow>[]): Promise<void> {
  const records = batch.map((b) => b.row.record);
  const campaigns = await campaignIds(
    ctx,
    records.map((r) => r.campaign),
  );
  // a nugget-assignment item's one system is looked up with the others
  const targets = await targetIdsOf(
    ctx,
    records.map((r) => ({ ...r, systems: r.systems ?? (r.system ? ([r.system, r.system] as const) : null) })),
  );
  const goldLevels = await goldLevelsOf(
    ctx,
    records.flatMap((r) => (r.gold ? [r.campaign] : [])),
  );
  const rows: unknown[][] = [];
  for (const { line, row } of batch) {
    const r = row.record;
    const campaignId = campaignOf(ctx, campaigns, r.campaign, line);
    if (
      campaignId === null ||
      !ctx.firstTime(`item:${r.campaign}:${r.position}`, line, `item ${r.position} of "${r.campaign}"`)
    )
      continue;
    const target = itemTargetOf(ctx, targets, r, line);
    if (target === null) continue;
    if (r.gold && !goldLevels.get(r.campaign)?.has(r.gold)) {
      ctx.fail({
        line,
        field: "gold",
        message: `a gold item's known answer is a level of its campaign's scale, and "${r.gold}" is none of "${r.campaign}"'s`,
      });
      continue;
    }
    rows.push([
      campaignId,
      r.position,
      target.targetKey,
      target.queryId,
      target.nuggetId,
      target.documentId,
      target.responseAId,
      target.responseBId,
      r.nuggets === null ? null : JSON.stringify(r.nuggets),
      r.gold ?? null,
    ]);
  }
  const targetColumns = ["queryId", "nuggetId", "documentId", "responseAId", "responseBId"];
  await upsertMany(
    ctx.tx,
    {
      table: "Item",
      columns: ["campaignId", "position", "targetKey", ...targetColumns, "nuggets", "goldLevel"],
      conflict: ["campaignId", "targetKey"],
      update: ["position", ...targetColumns, "nuggets", "goldLevel"],
    },
    rows,
  );
}

/**
 * What an item record points at, resolved in this study: its target key and the rows it names,
 * or null once a line's error is recorded. A (nugget or question, chunk) pair, a question, a
 * question's answers by two systems, or one system's answer (to assign its nuggets, or a
 * sentence's citation of a chunk).
 */
function itemTargetOf(
  ctx: ImportContext,
  targets: Awaited<ReturnType<typeof targetIdsOf>>,
  r: ItemRow["record"],
  line: number,
) {
  const ref = (ids: Map<string, number>, value: string | null, field: string, what: string) =>
    value === null ? null : known(ctx, ids, value, line, field, what);
  const queryId = ref(targets.queries, r.query, "query", "query");
  const nuggetId = ref(targets.nuggets, r.nugget, "nugget", "nugget");
  const documentId = ref(targets.docs, r.doc, "doc", "document");
  if ((r.query && queryId === null) || (r.nugget && nuggetId === null) || (r.doc && documentId === null)) return null;
  const responseIds = r.systems ? answersOf(ctx, targets, { ...r, systems: r.systems }, queryId, line) : null;
  if (r.systems && responseIds === null) return null;
  const answer = r.system ? answerOf(ctx, targets, r.system, r.query, queryId, line) : null;
  if (r.system && answer === null) return null;
  const targetKey = answer
    ? r.sentence != null && documentId !== null
      ? sentenceCitationKey(queryId!, answer.systemId, r.sentence, documentId)
      : answerKey(queryId!, answer.systemId)
    : responseIds && queryId !== null && !r.doc && !r.nugget
      ? responsePairKey(queryId, targets.systems.get(r.systems![0])!, targets.systems.get(r.systems![1])!)
      : nuggetId !== null && documentId !== null
        ? nuggetDocumentKey(nuggetId, documentId)
        : queryId !== null && documentId !== null && nuggetId === null
          ? queryDocumentKey(queryId, documentId)
          : queryId !== null && documentId === null && nuggetId === null
            ? questionKey(queryId)
            : null;
  if (targetKey === null) {
    ctx.fail({
      line,
      field: "query",
      message: "an item is a (nugget or query, doc) pair, a query, or a query with two systems' answers",
    });
    return null;
  }
  return {
    targetKey,
    queryId,
    nuggetId,
    documentId,
    responseAId: answer?.responseId ?? responseIds?.[0] ?? null,
    responseBId: responseIds?.[1] ?? null,
  };
}

/**
 * An item's seats. A seat someone holds is matched by (item, annotator); the free seats of an item
 * replace the ones it had, so a re-import changes nothing.
 */
export async function writeSeats(ctx: ImportContext, batch: Numbered<SeatRow>[]): Promise<void> {
  const itemOf = await itemsOf(ctx, batch);
  const accounts = await accountsByEmail(
    ctx,
    batch.flatMap((b) => (b.row.record.user ? [b.row.record.user] : [])),
  );
  const rows: unknown[][] = [];
  for (const { line, row } of batch) {
    const r = row.record;
    const item = itemOf(line, r);
    if (item === null) continue;
    let userId: number | null = null;
    if (r.user !== null) {
      if (!ctx.firstTime(`seat:${r.campaign}:${r.item}:${r.user}`, line, `seat of ${r.user}`)) continue;
      const account = accounts.get(r.user);
      if (!account) {
        ctx.fail({ line, field: "user", message: `unknown user ${r.user} (user records come first)` });
        continue;
      }
      userId = account.id;
    } else if (r.status === "submitted" || r.status === "skipped") {
      ctx.fail({ line, field: "user", message: `a ${r.status} seat names its annotator` });
      continue;
    }
    rows.push([
      item.campaignId,
      item.itemId,
      r.item,
      userId,
      r.status,
      r.swap_sides ? 1 : 0,
      r.sides_token,
      time(ctx, r.claimed_at),
      time(ctx, r.submitted_at),
      time(ctx, r.skipped_at),
    ]);
  }
  const fresh = [...new Set(rows.map((r) => r[1] as number))].filter((id) => !ctx.seatsReplaced.has(id));
  await deleteFreeSeats(ctx.tx, fresh);
  for (const id of fresh) ctx.seatsReplaced.add(id);
  const state = ["status", "swapSides", "sidesToken", "claimedAt", "submittedAt", "skippedAt"];
  await upsertMany(
    ctx.tx,
    {
      table: "Assignment",
      columns: ["campaignId", "itemId", "position", "userId", ...state],
      conflict: ["itemId", "userId"],
      update: state,
    },
    rows,
  );
}

/**
 * Every annotation version with its phase, payload, comment and times, matched by (item,
 * annotator, phase). A client id another annotation of this server already has gets a new one.
 */
export async function writeAnnotations(ctx: ImportContext, batch: Numbered<AnnotationRow>[]): Promise<void> {
  const itemOf = await itemsOf(ctx, batch);
  const accounts = await accountsByEmail(
    ctx,
    batch.map((b) => b.row.record.user),
  );
  const taken = new Map(
    (
      await selectIn(
        ctx.tx,
        "Annotation",
        ["clientId", "itemId", "userId", "phase"],
        "clientId",
        batch.map((b) => b.row.record.client_id),
      )
    ).map((a) => [String(a.clientId), `${Number(a.itemId)}:${Number(a.userId)}:${String(a.phase)}`]),
  );
  const rows: unknown[][] = [];
  for (const { line, row } of batch) {
    const r = row.record;
    if (
      !ctx.firstTime(
        `annotation:${r.campaign}:${r.item}:${r.user}:${r.phase}`,
        line,
        `${r.phase} annotation of ${r.user}`,
      ) ||
      !ctx.firstTime(`client:${r.client_id}`, line, `annotation client_id "${r.client_id}"`)
    )
      continue;
    const item = itemOf(line, r);
    const account = accounts.get(r.user);
    if (!account) ctx.fail({ line, field: "user", message: `unknown user ${r.user} (user records come first)` });
    if (item === null || !account) continue;
    const owner = taken.get(r.client_id);
    const clientId =
      owner === undefined || owner === `${item.itemId}:${account.id}:${r.phase}` ? r.client_id : randomUUID();
    rows.push([
      item.itemId,
      account.id,
      r.phase,
      JSON.stringify(r.payload),
      r.comment,
      clientId,
      r.version,
      r.duration_ms,
      time(ctx, r.started_at),
      time(ctx, r.submitted_at),
      time(ctx, r.updated_at),
    ]);
  }
  const values = ["payload", "comment", "clientId", "version", "durationMs", "startedAt", "submittedAt", "updatedAt"];
  await upsertMany(
    ctx.tx,
    {
      table: "Annotation",
      columns: ["itemId", "userId", "phase", ...values],
      conflict: ["itemId", "userId", "phase"],
      update: values,
    },
    rows,
  );
}

/** A nugget-assignment item's answer: the system's answer to the item's query, or null (an error on the line's `system`). */
function answerOf(
  ctx: ImportContext,
  targets: Awaited<ReturnType<typeof targetIdsOf>>,
  system: string,
  query: string | null,
  queryId: number | null,
  line: number,
): { systemId: number; responseId: number } | null {
  const systemId = targets.systems.get(system);
  const responseId =
    systemId === undefined || queryId === null ? undefined : targets.responses.get(`${systemId}:${queryId}`);
  if (systemId === undefined || responseId === undefined) {
    ctx.fail({ line, field: "system", message: `the study has no answer of system "${system}" to query "${query}"` });
    return null;
  }
  return { systemId, responseId };
}
