import type { TaskType } from "../task-types/task-type";

/** One label of a label set on one target. */
export type SetLabel = {
  targetKey: string;
  value: string;
  scale: string;
  queryId: number | null;
  nuggetId: number | null;
  criterion: string | null;
};

/** A label set as reports read it: its name, whose labels they are, and its labels by target key. */
export type LabelSet = {
  name: string;
  kind: "model" | "human";
  labels: Map<string, SetLabel>;
  /** An ensemble or a campaign's majority: the targets its members tied on, which it gives no label. */
  ties?: number;
  /** An adjudicated set: the items its annotators disagree on that no one has decided yet, which it leaves out. */
  undecided?: number;
};

/**
 * What a label set leaves out, in words for a report ("adjudicated:3 leaves out 4 items ... undecided"),
 * or null when it leaves nothing out.
 */
export function leftOutOf(set: Pick<LabelSet, "name" | "ties" | "undecided">): string | null {
  const n = (count: number, what: string) => `${count.toLocaleString("en")} ${what}${count === 1 ? "" : "s"}`;
  if (set.undecided)
    return `${set.name} leaves out ${n(set.undecided, "target")} its annotators disagree on that no one has decided yet`;
  if (set.ties) return `${set.name} leaves out ${n(set.ties, "target")} its members tie on`;
  return null;
}

/**
 * A label set's name, parsed: one judge's labels, or labels built from others. Its text form
 * ("gpt-4o", "fused:a+b", "campaign:3") is written and read by the kinds of registry.ts only.
 */
export type LabelSetName =
  | { kind: "judge"; judge: string }
  | { kind: "fused"; judges: [string, string] }
  | { kind: "ensemble"; judges: string[] }
  | { kind: "corrected"; judge: string }
  | { kind: "campaign"; campaignId: number }
  | { kind: "adjudicated"; campaignId: number }
  | { kind: "dawid-skene"; campaignId: number };
export type LabelSetKind = LabelSetName["kind"];

/** What a study has that its label sets are made of: its judges and its campaigns. */
export type LabelSetStudy = {
  judges: readonly { name: string; kind: "human" | "model" }[];
  campaigns: readonly { id: number; name: string; taskType: TaskType; overlap: number }[];
};

/**
 * How a report reads a campaign's labels: its annotators' majority per item (a tie leaves the item
 * out), as every report but one does; Corrected estimates reads each item's mean over them.
 */
export type CampaignReading = "majority" | "mean";

/** A menu entry: a label set's name as text (the form's value), its words, and the set it names. */
export type LabelSetOption = { value: string; label: string; set: LabelSetName };

/**
 * One kind of label set. Its names start with `prefix` (a judge's name has none and is tried
 * last); `parse` reads what follows the prefix (null when it is not a name of this kind's shape,
 * with `shape` saying what one is), `format` writes a whole name.
 */
export type LabelSetKindDefinition<K extends LabelSetKind> = {
  id: K;
  prefix: string;
  /** A name of this kind in words, for messages: "fused:<judge>+<judge>". */
  shape: string;
  parse(rest: string): Extract<LabelSetName, { kind: K }> | null;
  format(set: Extract<LabelSetName, { kind: K }>): string;
  /** Its name in words for a heading. */
  title(set: Extract<LabelSetName, { kind: K }>, study: LabelSetStudy, reading: CampaignReading): string;
  /** The label sets of this kind a study offers in menus, with their words (an ensemble is built in its own control). */
  options(study: LabelSetStudy): { set: Extract<LabelSetName, { kind: K }>; label: string }[];
  /** Built from other labels (not one judge's rows): exported as labels only, compared in memory. */
  derived: boolean;
  /** Whether its labels are people's (human) or models' (model); a judge's are its own kind. */
  labelKind: "model" | "human" | "judge";
};
