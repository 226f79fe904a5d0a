import "server-only";
import { parseNuggetList } from "@/lib/domain/nuggets/nugget-list";
import { storedPreferenceSchema } from "@/lib/domain/preferences/judgment";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { paged } from "./paged";

/** What a line says of an annotation's item. */
const ITEM = {
  include: {
    campaign: { select: { name: true, taskType: true } },
    query: { select: { externalId: true } },
    nugget: { select: { externalId: true } },
    document: { select: { externalId: true } },
    responseA: { select: { system: { select: { name: true } } } },
    responseB: { select: { system: { select: { name: true } } } },
  },
};
type ItemRow = {
  position: number;
  nuggets: string | null;
  goldLevel: string | null;
  campaign: { name: string; taskType: string };
  query: { externalId: string } | null;
  nugget: { externalId: string } | null;
  document: { externalId: string } | null;
  responseA: { system: { name: string } } | null;
  responseB: { system: { name: string } } | null;
};
/** Where an annotation or a skip is: its campaign, task and item, and what the item shows. */
const where = (i: ItemRow) => ({
  campaign: i.campaign.name,
  task: i.campaign.taskType,
  item: i.position,
  query: i.query?.externalId ?? null,
  nugget: i.nugget?.externalId ?? null,
  doc: i.document?.externalId ?? null,
  ...(i.responseA && i.responseB ? { system_a: i.responseA.system.name, system_b: i.responseB.system.name } : {}),
  ...(i.nuggets ? { nugget_version: parseNuggetList(i.nuggets)?.version ?? null } : {}),
  // a gold item's known answer, so the researcher's file tells the checks from the sample
  ...(i.goldLevel !== null ? { gold: i.goldLevel } : {}),
});

/**
 * The annotations of a study's campaigns (or of one campaign), one JSON line each: who, in which
 * phase (blind or revised), what they answered, and when, with the time the item was on screen
 * before its saves; then one line per skipped item (phase "skipped"). A preference line names the
 * two systems compared and which one each choice preferred (the researcher's export, never the
 * annotator's screen). Refused when there is nothing to export, rather than giving an empty file.
 */
export async function* annotationLines(db: Db, studyId: number, campaignId?: number): AsyncGenerator<string> {
  if (
    campaignId !== undefined &&
    !(await db.campaign.findFirst({ where: { id: campaignId, studyId }, select: { id: true } }))
  ) {
    throw invalid(`campaign: this study has no campaign ${campaignId}`);
  }
  const inScope = campaignId === undefined ? { campaign: { studyId } } : { campaignId };
  const [annotations, skips] = await Promise.all([
    db.annotation.count({ where: { item: inScope } }),
    db.assignment.count({ where: { ...inScope, skippedAt: { not: null } } }),
  ]);
  if (annotations + skips === 0)
    throw invalid(
      campaignId === undefined
        ? "no campaign of this study has annotations yet"
        : "this campaign has no annotations yet",
    );
  const rows = (afterId: number, take: number) =>
    db.annotation.findMany({
      where: { item: inScope, id: { gt: afterId } },
      orderBy: { id: "asc" },
      take,
      include: { user: { select: { email: true } }, item: ITEM },
    });
  for await (const a of paged(rows)) {
    const payload = JSON.parse(a.payload) as unknown;
    yield JSON.stringify({
      ...where(a.item),
      annotator: a.user.email,
      phase: a.phase,
      payload,
      ...preferred(a.item, payload),
      comment: a.comment,
      version: a.version,
      started_at: a.startedAt.toISOString(),
      submitted_at: a.submittedAt.toISOString(),
      duration_ms: a.durationMs,
    });
  }
  const skipped = (afterId: number, take: number) =>
    db.assignment.findMany({
      where: { ...inScope, skippedAt: { not: null }, id: { gt: afterId } },
      orderBy: { id: "asc" },
      take,
      include: { user: { select: { email: true } }, item: ITEM },
    });
  for await (const s of paged(skipped)) {
    yield JSON.stringify({
      ...where(s.item),
      annotator: s.user?.email ?? null,
      phase: "skipped",
      skipped_at: s.skippedAt!.toISOString(),
      labelled_later: s.status === "submitted",
    });
  }
}

/** A preference's choices by system name ("none" for no preference), next to the stored a / b. */
function preferred(
  item: { responseA: { system: { name: string } } | null; responseB: { system: { name: string } } | null },
  payload: unknown,
) {
  const stored = storedPreferenceSchema.safeParse(payload);
  if (!stored.success || !item.responseA || !item.responseB) return {};
  const names = { a: item.responseA.system.name, b: item.responseB.system.name, none: "none" } as const;
  return {
    preferred: Object.fromEntries(
      Object.entries(stored.data.choices).map(([criterion, choice]) => [criterion, names[choice]]),
    ),
  };
}
