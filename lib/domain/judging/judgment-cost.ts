/** Tokens a reply reports using; null when the endpoint did not say. */
export type TokenUsage = { inputTokens: number; outputTokens: number } | null;

/** An endpoint's prices in its currency per million tokens; null when not set. */
export type TokenPrices = { inputPerMillion: number | null; outputPerMillion: number | null };

/**
 * What one call cost: its tokens at the endpoint's prices. Unknown (null), never 0, when the reply
 * gave no token usage or a price it needs is not set.
 */
export function callCost(usage: TokenUsage, prices: TokenPrices): number | null {
  if (!usage || prices.inputPerMillion === null || prices.outputPerMillion === null) return null;
  return (usage.inputTokens * prices.inputPerMillion + usage.outputTokens * prices.outputPerMillion) / 1_000_000;
}

/** Calls' costs summed: the known total, and how many calls' costs are unknown. */
export function sumCosts(costs: Iterable<number | null>): { known: number; unknownCalls: number } {
  let known = 0;
  let unknownCalls = 0;
  for (const cost of costs) {
    if (cost === null) unknownCalls++;
    else known += cost;
  }
  return { known, unknownCalls };
}
