/** A run's progress as the runs table and `assay judge run` both show it. */
type RunProgress = {
  total: number;
  calls: { pending: number; leased: number };
  cost: { known: number; unknownCalls: number };
};

/** The calls that have ended, whatever their outcome. */
export const finishedCalls = (run: Pick<RunProgress, "total" | "calls">): number =>
  run.total - run.calls.pending - run.calls.leased;

/** The cost so far: the known sum, and how many calls' cost is unknown ("0.0123 + 2 unknown"). */
/** Money as a person reads it: to a millionth (sums of prices per million tokens are never 392.14300000000003). */
export const roundMoney = (amount: number): number => Math.round(amount * 1e6) / 1e6;

export const costText = ({ cost }: Pick<RunProgress, "cost">): string =>
  `${cost.known.toFixed(4)}${cost.unknownCalls > 0 ? ` + ${cost.unknownCalls} unknown` : ""}`;
