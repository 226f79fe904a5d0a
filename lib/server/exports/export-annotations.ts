import "server-only";
import type { Db } from "../db/client";
import { paged } from "./paged";

/**
 * Every annotation of a study's campaigns, one JSON line each: who, in which phase (blind or
 * revised), what they answered, and when, with the time the item was on screen before its saves.
 */
export async function* annotationLines(db: Db, studyId: number): AsyncGenerator<string> {
  const include = {
    user: { select: { email: true } },
    item: {
      include: {
        campaign: { select: { name: true, taskType: true } },
        query: { select: { externalId: true } }, nugget: { select: { externalId: true } }, document: { select: { externalId: true } },
      },
    },
  };
  const rows = (afterId: number, take: number) =>
    db.annotation.findMany({ where: { item: { campaign: { studyId } }, id: { gt: afterId } }, orderBy: { id: "asc" }, take, include });
  for await (const a of paged(rows)) {
    yield JSON.stringify({
      campaign: a.item.campaign.name, task: a.item.campaign.taskType, item: a.item.position,
      query: a.item.query?.externalId ?? null, nugget: a.item.nugget?.externalId ?? null, doc: a.item.document?.externalId ?? null,
      annotator: a.user.email, phase: a.phase, payload: JSON.parse(a.payload) as unknown, comment: a.comment, version: a.version,
      started_at: a.startedAt.toISOString(), submitted_at: a.submittedAt.toISOString(), duration_ms: a.durationMs,
    });
  }
}
