import "server-only";
import { nuggetAnswerKey, TARGET_PREFIX } from "@/lib/domain/targets";
import type { HumanLabel } from "@/lib/domain/label-sets/derive-labels";
import type { SetLabel } from "@/lib/domain/label-sets/label-set";
import { databaseUrl, providerOf } from "./database-url.mjs";
import { nullableId } from "./ids";
import { readRows, sqlOf, type Tx } from "./sql-connection";

/** The human judge of a study that is this user (created on their first label); returns its id. */
export async function humanJudgeOf(tx: Tx, studyId: number, user: { id: number; email: string }): Promise<number> {
  return (await knownHumanJudge(tx, studyId, user)) ?? createHumanJudge(tx, studyId, user);
}

/**
 * The human judge to write this item's label as, or null for a gold item the annotator has no
 * judge yet for: an answer to a gold item writes no Label, so it makes no judge either (the read
 * of the item happens only before the annotator's first label).
 */
export async function humanJudgeForItem(
  tx: Tx,
  studyId: number,
  user: { id: number; email: string },
  itemId: number,
): Promise<number | null> {
  const known = await knownHumanJudge(tx, studyId, user);
  if (known !== null) return known;
  const [item] = await sqlOf(tx).query<{ gold: string | null }>(
    `SELECT "goldLevel" AS "gold" FROM "Item" WHERE "id" = ?`,
    [itemId],
  );
  return item?.gold != null ? null : createHumanJudge(tx, studyId, user);
}

/** The user's human judge in the study, if they have one (read first: every save asks, and it exists after their first label). */
async function knownHumanJudge(tx: Tx, studyId: number, user: { id: number; email: string }): Promise<number | null> {
  const [known] = await sqlOf(tx).query<{ id: number; userId: number | null }>(
    `SELECT "id", "userId" FROM "Judge" WHERE "studyId" = ? AND "name" = ?`,
    [studyId, user.email],
  );
  return known && Number(known.userId) === user.id ? Number(known.id) : null;
}

/** Makes the user's human judge in the study (taking over a judge of their email that no user held). */
async function createHumanJudge(tx: Tx, studyId: number, user: { id: number; email: string }): Promise<number> {
  const [judge] = await sqlOf(tx).query<{ id: number }>(
    `INSERT INTO "Judge" ("studyId", "kind", "name", "userId") VALUES (?, 'human', ?, ?) ON CONFLICT ("studyId", "name") DO UPDATE SET "userId" = excluded."userId" RETURNING "id"`,
    [studyId, user.email, user.id],
  );
  if (!judge) throw new Error(`the judge of ${user.email} vanished inside the transaction`);
  return Number(judge.id);
}

/**
 * Sets a judge's label on a campaign item's target (a support or relevance pair, or an answer
 * sentence's cited passage). A gold item's answer stays an annotation: it writes nothing, by the
 * same one statement, and returns false.
 */
export async function upsertItemLabel(
  tx: Tx,
  label: { studyId: number; judgeId: number; itemId: number; scale: string; value: string; createdAt: Date },
): Promise<boolean> {
  const sql = sqlOf(tx);
  // the item's target read by the insert itself (one statement on every save)
  const written = await sql.query(
    `INSERT INTO "Label" ("studyId", "judgeId", "targetType", "targetKey", "queryId", "nuggetId", "documentId", "systemAId", "scale", "value", "createdAt")
     SELECT ?, ?, CASE WHEN i."responseAId" IS NOT NULL THEN 'sentence_citation' WHEN i."nuggetId" IS NULL THEN 'query_document' ELSE 'nugget_document' END,
            i."targetKey", i."queryId", i."nuggetId", i."documentId", r."systemId", ?, ?, ?
       FROM "Item" i LEFT JOIN "Response" r ON r."id" = i."responseAId" WHERE i."id" = ? AND i."goldLevel" IS NULL
     ON CONFLICT ("judgeId", "targetKey") DO UPDATE SET "value" = excluded."value", "scale" = excluded."scale"
     RETURNING "id"`,
    [label.studyId, label.judgeId, label.scale, label.value, sql.timestamp(label.createdAt), label.itemId],
  );
  return written.length === 1;
}

/**
 * A person's assignment of each nugget in a system's answer (a nugget-assignment save): one Label
 * per nugget on its "na:" target, replacing the judge's earlier value.
 */
export async function upsertAssignmentLabels(
  tx: Tx,
  labels: {
    studyId: number;
    judgeId: number;
    queryId: number;
    systemId: number;
    scale: string;
    createdAt: Date;
    values: readonly { nuggetId: number; value: string }[];
  },
): Promise<void> {
  const sql = sqlOf(tx);
  for (const { nuggetId, value } of labels.values)
    await sql.query(
      `INSERT INTO "Label" ("studyId", "judgeId", "targetType", "targetKey", "queryId", "nuggetId", "systemAId", "scale", "value", "createdAt")
       VALUES (?, ?, 'nugget_answer', ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT ("judgeId", "targetKey") DO UPDATE SET "value" = excluded."value", "scale" = excluded."scale"`,
      [
        labels.studyId,
        labels.judgeId,
        nuggetAnswerKey(nuggetId, labels.systemId),
        labels.queryId,
        nuggetId,
        labels.systemId,
        labels.scale,
        value,
        sql.timestamp(labels.createdAt),
      ],
    );
}

/** A judge's label on a campaign item's target, if any. */
export async function labelOfItem(
  tx: Tx,
  judgeId: number,
  itemId: number,
): Promise<{ value: string; scale: string } | null> {
  const [row] = await sqlOf(tx).query<{ value: string; scale: string }>(
    `SELECT l."value", l."scale" FROM "Label" l JOIN "Item" i ON i."targetKey" = l."targetKey" WHERE l."judgeId" = ? AND i."id" = ?`,
    [judgeId, itemId],
  );
  return row ?? null;
}

/**
 * Every label of a judge by target key (a read outside any transaction). On PostgreSQL the rows
 * become the labels in place: half a million labels (a TREC track's pool) are not copied once more.
 */
export async function labelsOfJudge(judgeId: number): Promise<Map<string, SetLabel>> {
  if (providerOf(databaseUrl()) === "sqlite") return labelsOfJudgeAsColumns(judgeId);
  const rows = await readRows<Omit<SetLabel, "queryId" | "nuggetId"> & { queryId: unknown; nuggetId: unknown }>(
    'SELECT "targetKey", "value", "scale", "queryId", "nuggetId", "criterion" FROM "Label" WHERE "judgeId" = ?',
    [judgeId],
  );
  const labels = new Map<string, SetLabel>();
  for (const row of rows) {
    row.queryId = nullableId(row.queryId);
    row.nuggetId = nullableId(row.nuggetId);
    labels.set(row.targetKey, row as SetLabel);
  }
  return labels;
}

const SET_LABEL_COLUMNS = ["targetKey", "value", "scale", "queryId", "nuggetId", "criterion"] as const;

/**
 * SQLite's side of labelsOfJudge: libsql hands rows to JavaScript at about 3 microseconds each
 * (1.5 s for 500,000 labels), so the labels come as one row of six JSON arrays, a column each,
 * parsed at once (0.6 s with the map). The six aggregates of one SELECT without GROUP BY are fed
 * the same rows in the same order by SQLite's single pass over them, so the arrays line up (the
 * judge's label count is checked against every array's length).
 */
async function labelsOfJudgeAsColumns(judgeId: number): Promise<Map<string, SetLabel>> {
  const [row] = await readRows<Record<(typeof SET_LABEL_COLUMNS)[number] | "n", unknown>>(
    `SELECT COUNT(*) AS "n", ${SET_LABEL_COLUMNS.map((c) => `json_group_array("${c}") AS "${c}"`).join(", ")}
       FROM "Label" WHERE "judgeId" = ?`,
    [judgeId],
  );
  const [keys, values, scales, queryIds, nuggetIds, criteria] = SET_LABEL_COLUMNS.map(
    (c) => JSON.parse(String(row![c])) as unknown[],
  ) as [string[], string[], string[], (number | null)[], (number | null)[], (string | null)[]];
  const count = Number(row!.n);
  if ([keys, values, scales, queryIds, nuggetIds, criteria].some((column) => column.length !== count))
    throw new Error(`judge ${judgeId}'s labels came back as columns of unequal lengths`);
  const labels = new Map<string, SetLabel>();
  for (let i = 0; i < count; i++)
    labels.set(keys[i]!, {
      targetKey: keys[i]!,
      value: values[i]!,
      scale: scales[i]!,
      queryId: queryIds[i]!,
      nuggetId: nuggetIds[i]!,
      criterion: criteria[i]!,
    });
  return labels;
}

/** A judge's labels on a campaign's items' targets, by target key (the campaign's share of them, not every label of the judge). */
export async function judgeLabelsOnCampaign(judgeId: number, campaignId: number): Promise<Map<string, string>> {
  const rows = await readRows<{ targetKey: string; value: string }>(
    `SELECT l."targetKey" AS "targetKey", l."value" AS "value"
       FROM "Item" i JOIN "Label" l ON l."judgeId" = ? AND l."targetKey" = i."targetKey" WHERE i."campaignId" = ?`,
    [judgeId, campaignId],
  );
  return new Map(rows.map((r) => [r.targetKey, r.value]));
}

/**
 * A judge's assignments of the nuggets in a nugget-assignment campaign's answers ("na:<nugget>:<system>"
 * for every nugget of each item's question in the campaign's nugget set), read by key through the label index.
 */
export async function judgeAssignmentsOnCampaign(judgeId: number, campaignId: number): Promise<Map<string, string>> {
  const rows = await readRows<{ targetKey: string; value: string }>(
    `SELECT l."targetKey" AS "targetKey", l."value" AS "value"
       FROM "Item" i JOIN "Campaign" c ON c."id" = i."campaignId" JOIN "Response" r ON r."id" = i."responseAId"
       JOIN "Nugget" n ON n."queryId" = r."queryId" AND n."setId" = c."nuggetSetId"
       JOIN "Label" l ON l."judgeId" = ? AND l."targetKey" = '${TARGET_PREFIX.nugget_answer}' || CAST(n."id" AS TEXT) || ':' || CAST(r."systemId" AS TEXT)
      WHERE i."campaignId" = ?`,
    [judgeId, campaignId],
  );
  return new Map(rows.map((r) => [r.targetKey, r.value]));
}

/** Every label people gave in a study, with their judge's name. */
export async function humanLabelsOfStudy(studyId: number): Promise<HumanLabel[]> {
  return readRows<HumanLabel>(
    `SELECT l."targetKey" AS "targetKey", l."value" AS "value", l."scale" AS "scale", j."name" AS "judge"
       FROM "Label" l JOIN "Judge" j ON j."id" = l."judgeId" WHERE l."studyId" = ? AND j."kind" = 'human'`,
    [studyId],
  );
}

/** Each judge of a study with its labels counted by target type and scale, judges by name. */
export async function judgeLabelCounts(studyId: number) {
  const rows = await readRows<{
    name: string;
    kind: string;
    targetType: string | null;
    scale: string | null;
    n: unknown;
  }>(
    `SELECT j."name" AS "name", j."kind" AS "kind", l."targetType" AS "targetType", l."scale" AS "scale", COUNT(l."id") AS "n"
       FROM "Judge" j LEFT JOIN "Label" l ON l."judgeId" = j."id"
      WHERE j."studyId" = ? GROUP BY j."name", j."kind", l."targetType", l."scale"`,
    [studyId],
  );
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** The order a judge's (question, passage) labels were stored in (a qrels file's line order): each one's id, by target key. */
export async function storedOrderOfPassageLabels(studyId: number, judge: string): Promise<Map<string, number>> {
  const rows = await readRows<{ targetKey: string; id: unknown }>(
    `SELECT l."targetKey", l."id" FROM "Label" l JOIN "Judge" j ON j."id" = l."judgeId"
      WHERE j."studyId" = ? AND j."name" = ? AND l."targetType" = 'query_document'`,
    [studyId, judge],
  );
  return new Map(rows.map((r) => [r.targetKey, Number(r.id)]));
}
