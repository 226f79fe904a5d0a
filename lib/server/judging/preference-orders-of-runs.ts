import "server-only";
import type { PreferenceValue } from "@/lib/domain/judging/preference-orders";
import { preferenceOrders } from "../db/judge-runs";

type Orders = { shown: PreferenceValue; swapped: PreferenceValue }[];

/**
 * Each preference run's pairs judged both ways (both orders gave a choice), for
 * positionConsistency: per run, the pair's choice shown A/B and swapped B/A.
 */
export async function preferenceOrdersOfRuns(runIds: readonly number[]): Promise<Map<number, Orders>> {
  const byRun = new Map<number, Orders>();
  for (const o of await preferenceOrders(runIds)) {
    const orders = byRun.get(o.runId) ?? byRun.set(o.runId, []).get(o.runId)!;
    orders.push({ shown: o.shown as PreferenceValue, swapped: o.swapped as PreferenceValue });
  }
  return byRun;
}
