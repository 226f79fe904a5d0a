import { adjudicatedSet } from "./adjudicated-set";
import { campaignSet } from "./campaign-set";
import { dawidSkeneSet } from "./dawid-skene-set";
import { correctedSet } from "./corrected-set";
import { ensembleSet } from "./ensemble-set";
import { fusedSet } from "./fused-set";
import { judgeSet } from "./judge-set";
import type {
  CampaignReading,
  LabelSetKind,
  LabelSetKindDefinition,
  LabelSetName,
  LabelSetOption,
  LabelSetStudy,
} from "./label-set";

/**
 * Every kind of label set by its id, in menu order. `satisfies` makes a missing or mistyped entry
 * a compile error. Label-set names are parsed and written here only: a name is parsed once where
 * it comes in (lib/schemas/label-set-name.ts) and travels as a LabelSetName; code asks
 * formatLabelSet, labelSetTitle and labelSetOptions, never slices a name.
 */
export const LABEL_SET_KINDS = {
  judge: judgeSet,
  fused: fusedSet,
  corrected: correctedSet,
  campaign: campaignSet,
  adjudicated: adjudicatedSet,
  "dawid-skene": dawidSkeneSet,
  ensemble: ensembleSet,
} satisfies { [K in LabelSetKind]: LabelSetKindDefinition<K> };

type AnyKind = LabelSetKindDefinition<LabelSetKind>;

const kinds = (): AnyKind[] => Object.values(LABEL_SET_KINDS);

/** The kind a name is of: the one whose prefix it starts with, else a judge's. */
function labelSetKindOf(name: string): AnyKind {
  return kinds().find((k) => k.prefix !== "" && name.startsWith(k.prefix)) ?? LABEL_SET_KINDS.judge;
}

/** A label set's name, parsed; or why it is not one (a prefix with the wrong shape after it). */
export function parseLabelSet(name: string): LabelSetName | { error: string } {
  const kind = labelSetKindOf(name);
  const set = kind.parse(name.slice(kind.prefix.length));
  const article = /^[aeiou]/.test(kind.id) ? "an" : "a";
  return set ?? { error: `${article} ${kind.id} label set is named "${kind.shape}", not "${name}"` };
}

/** A label set's name as text. */
export const formatLabelSet = (set: LabelSetName): string => (LABEL_SET_KINDS[set.kind] as AnyKind).format(set);

/** A label set in words for a heading: "Annotators of Relevance check (majority)", "gpt-4o corrected by humans", or the judge's name. */
export const labelSetTitle = (set: LabelSetName, study: LabelSetStudy, reading: CampaignReading = "majority"): string =>
  (LABEL_SET_KINDS[set.kind] as AnyKind).title(set, study, reading);

/** Every label set a study offers in menus, kind by kind, each with its name as text and its words. */
export const labelSetOptions = (study: LabelSetStudy): LabelSetOption[] => kinds().flatMap((k) => optionsOf(k, study));

const optionsOf = (kind: AnyKind, study: LabelSetStudy): LabelSetOption[] =>
  kind.options(study).map(({ set, label }) => ({ value: formatLabelSet(set), label, set }));

/** Whether a label set is built from other labels rather than one judge's rows. */
export const isDerivedLabelSet = (set: LabelSetName): boolean => (LABEL_SET_KINDS[set.kind] as AnyKind).derived;

/**
 * The people's label sets a study offers (the reference a judge is calibrated or corrected
 * against): first the kinds whose labels are several people's (a campaign's annotators), named by
 * how the report reads a campaign, then its human judges one by one.
 */
export function peopleLabelSetOptions(study: LabelSetStudy, reading: CampaignReading = "majority"): LabelSetOption[] {
  const people = { ...study, judges: study.judges.filter((j) => j.kind === "human") };
  return [
    ...kinds()
      .filter((k) => k.labelKind === "human")
      .flatMap((k) => optionsOf(k, study).map((o) => ({ ...o, label: labelSetTitle(o.set, study, reading) }))),
    ...optionsOf(LABEL_SET_KINDS.judge, people),
  ];
}

/** The label sets a study offers that are not people's alone: judges of either kind, fusions, corrections. */
export const modelLabelSetOptions = (study: LabelSetStudy): LabelSetOption[] =>
  labelSetOptions(study).filter((o) => (LABEL_SET_KINDS[o.set.kind] as AnyKind).labelKind !== "human");
