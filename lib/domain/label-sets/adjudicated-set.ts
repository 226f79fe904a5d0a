import { adjudicable } from "../task-types/adjudicable";
import type { LabelSetKindDefinition } from "./label-set";

const PREFIX = "adjudicated:";

/**
 * A campaign's adjudicated labels: "adjudicated:<id>", each item's final level, the one its
 * annotators all gave or the adjudicator's decision (docs/DOMAIN.md, "Adjudication"); an item
 * still undecided is left out and counted. Campaigns of a task with one level per item and two or
 * more annotators per item have one.
 */
export const adjudicatedSet: LabelSetKindDefinition<"adjudicated"> = {
  id: "adjudicated",
  prefix: PREFIX,
  shape: "adjudicated:<id>",
  parse: (rest) => (/^[1-9]\d{0,15}$/.test(rest) ? { kind: "adjudicated", campaignId: Number(rest) } : null),
  format: (set) => `${PREFIX}${set.campaignId}`,
  title: (set, study) => {
    const found = study.campaigns.find((c) => c.id === set.campaignId);
    return found ? `Adjudicated labels of ${found.name}` : adjudicatedSet.format(set);
  },
  options: (study) =>
    study.campaigns
      .filter((c) => adjudicable(c.taskType, c.overlap))
      .map((c) => {
        const set = { kind: "adjudicated" as const, campaignId: c.id };
        return { set, label: adjudicatedSet.title(set, study, "majority") };
      }),
  derived: true,
  labelKind: "human",
};
