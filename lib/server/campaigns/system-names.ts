import "server-only";
import type { Db } from "../db/client";

/** The first of `names` that `text` mentions (case-insensitive), or null: campaign names and guidelines must not tell annotators which systems they compare. */
export function namedSystem(text: string, names: readonly string[]): string | null {
  const lower = text.toLowerCase();
  return names.find((n) => lower.includes(n.toLowerCase())) ?? null;
}

/** The system a preference campaign compares that `text` names, or null. */
export async function systemNamedIn(db: Db, campaignId: number, text: string): Promise<string | null> {
  const responses = await db.response.findMany({
    where: { OR: [{ itemsAsA: { some: { campaignId } } }, { itemsAsB: { some: { campaignId } } }] },
    distinct: ["systemId"],
    select: { system: { select: { name: true } } },
  });
  return namedSystem(
    text,
    responses.map((r) => r.system.name),
  );
}
