import { adjudicable } from "../task-types/adjudicable";
import type { LabelSetKindDefinition } from "./label-set";

const PREFIX = "dawid-skene:";

/**
 * A campaign's labels as Dawid and Skene's EM estimates them from every annotator's latest label
 * (lib/domain/aggregation/dawid-skene.ts, crowd-kit's DawidSkene): "dawid-skene:<id>", one label
 * per target, a careless annotator weighed by their estimated confusion rather than counted like
 * the others. Campaigns whose annotators label on a scale, two or more per item, have one.
 */
export const dawidSkeneSet: LabelSetKindDefinition<"dawid-skene"> = {
  id: "dawid-skene",
  prefix: PREFIX,
  shape: "dawid-skene:<id>",
  parse: (rest) => (/^[1-9]\d{0,15}$/.test(rest) ? { kind: "dawid-skene", campaignId: Number(rest) } : null),
  format: (set) => `${PREFIX}${set.campaignId}`,
  title: (set, study) => {
    const found = study.campaigns.find((c) => c.id === set.campaignId);
    return found ? `Dawid-Skene labels of ${found.name}` : dawidSkeneSet.format(set);
  },
  options: (study) =>
    study.campaigns
      .filter((c) => adjudicable(c.taskType, c.overlap))
      .map((c) => {
        const set = { kind: "dawid-skene" as const, campaignId: c.id };
        return { set, label: dawidSkeneSet.title(set, study, "majority") };
      }),
  derived: true,
  labelKind: "human",
};
