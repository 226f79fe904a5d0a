import "server-only";
import type { CampaignDraft, SamplePreview } from "@/lib/schemas/campaigns";
import { getDb } from "../db/client";
import { assertResearcherAccess } from "../studies/access";
import type { UserDto } from "../users/user-dto";
import { planCampaign } from "./plan-campaign";

const SHOWN = 10;

/** The sample a campaign draft would produce, without creating anything. */
export async function previewCampaign(user: UserDto, studyId: number, draft: CampaignDraft): Promise<SamplePreview> {
  const db = await getDb();
  await assertResearcherAccess(db, user, studyId);
  const plan = await planCampaign(db, studyId, draft);
  const first = plan.items.slice(0, SHOWN);
  const [queries, nuggets, documents] = await Promise.all([
    db.query.findMany({
      where: { id: { in: first.map((c) => c.queryId) } },
      select: { id: true, externalId: true, title: true },
    }),
    db.nugget.findMany({
      where: { id: { in: first.flatMap((c) => (c.nuggetId === null ? [] : [c.nuggetId])) } },
      select: { id: true, text: true },
    }),
    db.document.findMany({
      where: { id: { in: first.flatMap((c) => (c.documentId === null ? [] : [c.documentId])) } },
      select: { id: true, externalId: true, path: true },
    }),
  ]);
  const query = new Map(queries.map((q) => [q.id, q.title || q.externalId]));
  const nugget = new Map(nuggets.map((n) => [n.id, n.text]));
  const document = new Map(documents.map((d) => [d.id, d.path ?? d.externalId]));
  return {
    items: plan.items.length,
    questions: new Set(plan.items.map((c) => c.queryId)).size,
    seats: plan.items.length * draft.overlap,
    llmPositive: plan.llmPositive,
    gold: plan.gold?.items ?? 0,
    first: first.map((c) => ({
      question: query.get(c.queryId) ?? "",
      nugget: c.nuggetId === null ? null : (nugget.get(c.nuggetId) ?? ""),
      document: c.documentId === null ? null : (document.get(c.documentId) ?? ""),
    })),
  };
}
