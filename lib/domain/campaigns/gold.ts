import { z } from "zod";
import { seededRandom, shuffled } from "../random";

/**
 * Gold items (docs/DOMAIN.md, "Gold items"): known-answer items drawn from a reference label set
 * and mixed into a campaign's work, K of them or a share of the sampled items.
 */
export const goldSpecSchema = z
  .object({
    labelSet: z.string().trim().min(1, "choose the reference label set"),
    count: z.number().int().min(1).max(10_000).optional(),
    share: z.number().gt(0).max(1).optional(),
  })
  .refine((g) => (g.count === undefined) !== (g.share === undefined), {
    message: "give either a number of gold items or a share of the sample, not both",
  });
export type GoldSpec = z.infer<typeof goldSpecSchema>;

/** What a campaign records of its gold items: the spec and how many were mixed in. */
export const goldSettingsSchema = goldSpecSchema.and(z.object({ items: z.number().int().min(0) }));
export type GoldSettings = z.infer<typeof goldSettingsSchema>;

/** How many gold items a spec asks for beside `sampled` items: K, or the share rounded (at least one). */
export function goldWanted(spec: GoldSpec, sampled: number): number {
  return spec.count ?? Math.max(1, Math.round(spec.share! * sampled));
}

/** The seed of the gold draw: apart from the sample's, so adding gold does not change the sample. */
const goldSeed = (seed: number) => (seed ^ 0x9e3779b9) >>> 0;

/**
 * Mixes gold items into the sampled ones so that neither their order nor their places tell them
 * apart. Annotators get a question's items one after another, so a gold item must not break a run:
 * `wanted` of the eligible candidates are chosen at random (seeded), those of a question the sample
 * holds first (a question's other pooled pairs); each is put at a random place inside its question's
 * run, or, for a question the sample does not hold, at a random boundary between runs (inside the
 * run of an earlier gold item of the same question when there is one). Returns the items in the order annotators get them.
 */
export function mixGold<T>(
  sampled: readonly T[],
  eligible: readonly T[],
  wanted: number,
  seed: number,
  question: (item: T) => string | number,
): T[] {
  const random = seededRandom(goldSeed(seed));
  const inSample = new Set(sampled.map(question));
  const drawn = shuffled(eligible, random);
  const gold = [...drawn.filter((g) => inSample.has(question(g))), ...drawn.filter((g) => !inSample.has(question(g)))];
  const out = [...sampled];
  for (const g of gold.slice(0, wanted)) {
    const q = question(g);
    const run = out.flatMap((item, i) => (question(item) === q ? [i] : []));
    const places =
      run.length > 0
        ? Array.from({ length: run.at(-1)! - run[0]! + 2 }, (_, i) => run[0]! + i)
        : Array.from({ length: out.length + 1 }, (_, i) => i).filter(
            (i) => i === 0 || i === out.length || question(out[i - 1]!) !== question(out[i]!),
          );
    out.splice(places[Math.floor(random() * places.length)]!, 0, g);
  }
  return out;
}

/** Parses a campaign's stored gold settings (null: no gold items). */
export function parseGoldSettings(stored: string | null): GoldSettings | null {
  return stored ? goldSettingsSchema.parse(JSON.parse(stored)) : null;
}
