import { z } from "zod";

/**
 * A label scale: ordered levels (lowest first) and a binarization threshold, the lowest level that
 * counts as positive, so labels on different scales can be compared (docs/DOMAIN.md, "Scales").
 */
export const scaleSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    levels: z.array(z.object({ value: z.string().min(1), label: z.string().min(1), key: z.string().length(1) })).min(2),
    positiveFrom: z.string().min(1),
  })
  .refine((s) => s.levels.some((l) => l.value === s.positiveFrom), {
    message: "positiveFrom must be one of the levels",
    path: ["positiveFrom"],
  })
  .refine((s) => new Set(s.levels.map((l) => l.value)).size === s.levels.length, {
    message: "level values must be unique",
    path: ["levels"],
  });
export type Scale = z.infer<typeof scaleSchema>;

const level = (value: string, label: string, key: string) => ({ value, label, key });

export const BUILTIN_SCALES = {
  "relevance-3": {
    id: "relevance-3",
    name: "Relevant / partially relevant / non-relevant",
    levels: [
      level("non_relevant", "Non-relevant", "1"),
      level("partially_relevant", "Partially relevant", "2"),
      level("relevant", "Relevant", "3"),
    ],
    positiveFrom: "partially_relevant",
  },
  "graded-0-2": {
    id: "graded-0-2",
    name: "Graded 0 / 1 / 2",
    // NovelEval's grades: 0 not relevant, 1 partially relevant, 2 relevant
    levels: [level("0", "Not relevant", "0"), level("1", "Partially relevant", "1"), level("2", "Relevant", "2")],
    positiveFrom: "1",
  },
  "feb4rag-0-3": {
    id: "feb4rag-0-3",
    name: "Key / high / minimal / not relevant",
    levels: [
      level("0", "Not relevant", "0"),
      level("1", "Minimal", "1"),
      level("2", "High", "2"),
      level("3", "Key", "3"),
    ],
    positiveFrom: "1",
  },
  "trec-dl-0-3": {
    id: "trec-dl-0-3",
    name: "Perfectly / highly relevant / related / irrelevant",
    // TREC Deep Learning's passage grades (also UMBRELA's and LLMJudge's); 2 and 3 count as relevant
    levels: [
      level("0", "Irrelevant", "0"),
      level("1", "Related", "1"),
      level("2", "Highly relevant", "2"),
      level("3", "Perfectly relevant", "3"),
    ],
    positiveFrom: "2",
  },
  "nugget-assignment": {
    id: "nugget-assignment",
    name: "Supports / partially supports / does not support the nugget",
    // the TREC RAG track's nugget assignment (nuggetizer's values); strict scores count support only
    levels: [
      level("not_support", "Not supported", "1"),
      level("partial_support", "Partially supported", "2"),
      level("support", "Supported", "3"),
    ],
    positiveFrom: "partial_support",
  },
  "citation-support": {
    id: "citation-support",
    name: "Full / partial / no support of the sentence by the cited passage",
    // the TREC 2024 RAG track's support assessment (Thakur et al. 2025); weighted 1, 0.5, 0
    levels: [
      level("no_support", "No support", "1"),
      level("partial_support", "Partial support", "2"),
      level("full_support", "Full support", "3"),
    ],
    positiveFrom: "partial_support",
  },
  "nugget-importance": {
    id: "nugget-importance",
    name: "Vital / okay nugget",
    // the TREC RAG track's nugget importance (nuggetizer's scorer): vital nuggets must be in a good answer
    levels: [level("okay", "Okay", "1"), level("vital", "Vital", "2")],
    positiveFrom: "vital",
  },
  binary: {
    id: "binary",
    name: "Supported / not supported",
    levels: [level("0", "Not supported", "0"), level("1", "Supported", "1")],
    positiveFrom: "1",
  },
} as const satisfies Record<string, Scale>;

export type BuiltinScaleId = keyof typeof BUILTIN_SCALES;

/** The built-in scales a (question or nugget, chunk) campaign offers: all but the RAG answer tasks' and nuggets' own. */
export const PAIR_TASK_SCALES: Scale[] = Object.values(BUILTIN_SCALES).filter(
  (s) => s.id !== "nugget-assignment" && s.id !== "citation-support" && s.id !== "nugget-importance",
);

export function builtinScale(id: string): Scale | null {
  return Object.hasOwn(BUILTIN_SCALES, id) ? BUILTIN_SCALES[id as BuiltinScaleId] : null;
}

/**
 * A campaign's own ordered levels as a scale whose id describes it completely
 * ("custom:<level>,<level>,...;<index of the threshold level>"), so a label stored with that id can
 * be ordered and binarized without looking up the campaign. Level labels are the values; keys 1-9.
 */
export function customScale(levels: readonly string[], positiveFrom: string): Scale {
  const id = `custom:${levels.map(encodeURIComponent).join(",")};${levels.indexOf(positiveFrom)}`;
  return scaleSchema.parse({
    id,
    name: levels.join(" / "),
    levels: levels.map((value, i) => level(value, value, String(i + 1))),
    positiveFrom,
  });
}

/** The scale a label's `scale` column names: a built-in scale or a custom one; null otherwise. */
export function scaleById(id: string): Scale | null {
  const builtin = builtinScale(id);
  if (builtin || !id.startsWith("custom:")) return builtin;
  const match = /^custom:(.+);(\d+)$/.exec(id);
  if (!match) return null;
  try {
    const levels = match[1]!.split(",").map(decodeURIComponent);
    const from = levels[Number(match[2])];
    return from === undefined ? null : customScale(levels, from);
  } catch {
    return null;
  }
}

/** Position of a value in the scale's order (0 = lowest), or null when it is not a level. */
export function levelIndex(scale: Scale, value: string): number | null {
  const index = scale.levels.findIndex((l) => l.value === value);
  return index === -1 ? null : index;
}

/** A label's level in words ("Partially relevant"); the value itself when the scale or level is unknown. */
export function levelText(scaleId: string, value: string): string {
  return scaleById(scaleId)?.levels.find((l) => l.value === value)?.label ?? value;
}

/** true when the value is at or above the scale's threshold; null when it is not a level. */
export function binarize(scale: Scale, value: string): boolean | null {
  const index = levelIndex(scale, value);
  const threshold = levelIndex(scale, scale.positiveFrom);
  if (index === null || threshold === null) return null;
  return index >= threshold;
}

/** A label's level position on its own scale (0 for the lowest); null when the scale or level is unknown. */
export function labelLevel(label: { value: string; scale: string }): number | null {
  const scale = scaleById(label.scale);
  return scale ? levelIndex(scale, label.value) : null;
}

/** Whether a label is at or above its own scale's threshold; null when the scale or level is unknown. */
export function labelPositive(label: { value: string; scale: string }): boolean | null {
  const scale = scaleById(label.scale);
  return scale ? binarize(scale, label.value) : null;
}

/**
 * The level a label file means by `text`: the level's own value ("relevant", "2"), or else its
 * position in the scale's order when `text` is an integer (TREC files write 0/1/2 for any
 * 3-level scale). null when it is neither.
 */
export function levelFromText(scale: Scale, text: string): string | null {
  if (scale.levels.some((l) => l.value === text)) return text;
  if (/^\d+$/.test(text)) return scale.levels[Number(text)]?.value ?? null;
  return null;
}

/** Values of a side-by-side preference between systems A and B on one criterion. */
export const PREFERENCE_VALUES = ["a", "b", "none"] as const;
export const PREFERENCE_SCALE_ID = "preference";
