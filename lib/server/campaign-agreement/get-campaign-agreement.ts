import "server-only";
import { REPORT_BOOTSTRAP } from "@/lib/domain/agreement/report-bootstrap";
import {
  buildCampaignAgreementReport,
  type Profile,
} from "@/lib/domain/campaign-agreement/build-campaign-agreement-report";
import { firstPhase, levelOfPayload } from "@/lib/domain/campaigns/judgment";
import { labelsPairs } from "@/lib/domain/task-types/registry";
import type { CampaignAgreementReport } from "@/lib/schemas/campaign-agreement";
import { researcherCampaign } from "../campaigns/campaign-access";
import { getDb } from "../db/client";
import { databaseUrl, providerOf } from "../db/database-url.mjs";
import { readRows } from "../db/sql-connection";
import { invalid, notFound } from "../errors";
import type { UserDto } from "../users/user-dto";

/**
 * How far a campaign's annotators agree with each other (every annotator at once: pairwise
 * agreement, Fleiss' κ, Krippendorff's α; and each pair of annotators) and with the campaign's LLM
 * (each annotator, and all together). It reads each annotator's first, independent label of an item
 * (the blind one; under the assisted protocol the only one), not a label revised after a reveal.
 */
export async function getCampaignAgreement(
  user: UserDto,
  studyId: number,
  campaignId: number,
): Promise<CampaignAgreementReport> {
  const campaign = await researcherCampaign(user, campaignId);
  if (campaign.studyId !== studyId) throw notFound("Campaign not found");
  if (!labelsPairs(campaign.taskType))
    throw invalid(
      "campaign: agreement is reported for support and relevance campaigns (a nugget-quality campaign has its own report)",
    );
  const phase = firstPhase(campaign.protocol);
  return buildCampaignAgreementReport({
    campaign,
    phase,
    scale: campaign.scale,
    llmJudge: campaign.llmJudge?.name ?? null,
    profiles: await loadProfiles(campaign.id, phase, campaign.llmJudge?.id ?? null),
    bootstrap: REPORT_BOOTSTRAP,
  });
}

/**
 * The campaign's items grouped by what they got: each annotator's label in `phase` and the LLM's
 * label. The database does the grouping (one pass over the items, their labels and the LLM's), so
 * a campaign of 100,000 labels reads a few dozen rows.
 */
async function loadProfiles(campaignId: number, phase: string, llmJudgeId: number | null): Promise<Profile[]> {
  const postgres = providerOf(databaseUrl()) === "postgres";
  const labels = `CAST(a."userId" AS TEXT) || ' ' || a."payload"`; // JSON payloads never hold a raw newline
  const rows = await readRows<{ p: string; lv: string | null; ls: string | null; n: unknown }>(
    `SELECT t.p AS p, t.lv AS lv, t.ls AS ls, COUNT(*) AS n FROM (
       SELECT ${postgres ? `string_agg(${labels}, chr(10))` : `group_concat(${labels}, char(10))`} AS p, l."value" AS lv, l."scale" AS ls
         FROM "Item" i JOIN "Annotation" a ON a."itemId" = i."id"
         LEFT JOIN "Label" l ON l."judgeId" = ? AND l."targetKey" = i."targetKey"
        WHERE i."campaignId" = ? AND a."phase" = ?
        GROUP BY i."id", l."value", l."scale") t
      GROUP BY t.p, t.lv, t.ls`,
    [llmJudgeId ?? -1, campaignId, phase],
  );
  const db = await getDb();
  const parsed = rows.map((row) => ({
    labels: row.p.split("\n").map((entry) => {
      const space = entry.indexOf(" ");
      return { userId: Number(entry.slice(0, space)), level: levelOfPayload(entry.slice(space + 1)) ?? "" };
    }),
    llm: row.lv === null || row.ls === null ? null : { value: row.lv, scale: row.ls },
    items: Number(row.n),
  }));
  const users = await db.user.findMany({
    where: { id: { in: [...new Set(parsed.flatMap((p) => p.labels.map((l) => l.userId)))] } },
    select: { id: true, email: true },
  });
  const email = new Map(users.map((u) => [u.id, u.email]));
  return parsed.map((p) => ({
    ...p,
    labels: p.labels
      .map((l) => ({ email: email.get(l.userId)!, level: l.level }))
      .sort((x, y) => x.email.localeCompare(y.email)),
  }));
}
