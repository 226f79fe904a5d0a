import { labelsOnScale } from "../task-types/registry";
import type { LabelSetKindDefinition } from "./label-set";

const PREFIX = "campaign:";

/**
 * A campaign's annotators: "campaign:<id>", each item's majority (or mean) over their latest labels
 * (derive-labels.ts, campaignMajority; a nugget assignment's per nugget of each answer). Only campaigns
 * that label on a scale have one (labelsOnScale).
 */
export const campaignSet: LabelSetKindDefinition<"campaign"> = {
  id: "campaign",
  prefix: PREFIX,
  shape: "campaign:<id>",
  parse: (rest) => (/^[1-9]\d{0,15}$/.test(rest) ? { kind: "campaign", campaignId: Number(rest) } : null),
  format: (set) => `${PREFIX}${set.campaignId}`,
  title: (set, study, reading) => {
    const found = study.campaigns.find((c) => c.id === set.campaignId);
    return found
      ? `Annotators of ${found.name} (${reading === "mean" ? "mean over annotators" : "majority"})`
      : campaignSet.format(set);
  },
  options: (study) =>
    study.campaigns
      .filter((c) => labelsOnScale(c.taskType))
      .map((c) => {
        const set = { kind: "campaign" as const, campaignId: c.id };
        return { set, label: campaignSet.title(set, study, "majority") };
      }),
  derived: true,
  labelKind: "human",
};
