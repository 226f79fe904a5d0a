import { z } from "zod";
import { optionalLabelSetNameSchema } from "./label-set-name";
import type { DriftReport as BuiltDriftReport } from "@/lib/domain/drift/build-drift-report";
import { describes } from "./describes";

/**
 * Two snapshots of a benchmark: this study (A, the earlier) and `snapshot` (B, another study), each
 * with the label set that says which documents support which nugget (its first LLM judge when not
 * given), and how a document's source is found: its repository, or its id up to `delimiter`.
 */
export const driftQuerySchema = z.object({
  snapshot: z.coerce.number().int().positive("choose the study to compare with"),
  a: optionalLabelSetNameSchema(),
  b: optionalLabelSetNameSchema(),
  source: z.enum(["repository", "prefix"]).default("repository"),
  delimiter: z.string().min(1, "give the delimiter that ends a source in the ids").max(8).default("/"),
  format: z.enum(["json", "csv"]).optional(),
});
export type DriftQuery = z.infer<typeof driftQuerySchema>;

const perSnapshot = <T extends z.ZodTypeAny>(schema: T) => z.object({ a: schema, b: schema });
const nuggetRef = z.object({ question: z.string(), nugget: z.string(), text: z.string() });
const grounding = z.object({
  /** Nuggets of the matched questions in this snapshot, and how many some document supports. */
  nuggets: z.number(),
  supportedNuggets: z.number(),
  unsupportedNuggets: z.array(nuggetRef),
  /** Questions with at least one nugget no document supports. */
  notFullySupported: z.array(z.object({ question: z.string(), nuggets: z.number(), unsupported: z.number() })),
});
const sourceCount = z.object({ source: z.string(), documents: z.number(), share: z.number() });

export const driftReportSchema = describes<BuiltDriftReport>()(
  z.object({
    snapshots: perSnapshot(z.object({ studyId: z.number(), name: z.string(), labels: z.string() })),
    /** How a document's source was found. */
    source: z.object({ by: z.enum(["repository", "prefix"]), delimiter: z.string() }),
    questions: z.object({ matched: z.number(), onlyA: z.array(z.string()), onlyB: z.array(z.string()) }),
    grounding: z.object({
      a: grounding,
      b: grounding,
      /** Nuggets (by id) both snapshots have; those supported in one and not the other. */
      sharedNuggets: z.number(),
      lostSupport: z.array(nuggetRef),
      gainedSupport: z.array(nuggetRef),
      lostFullSupport: z.array(z.string()),
      regainedFullSupport: z.array(z.string()),
    }),
    sources: z.object({
      /** Supporting (question, document) pairs over the matched questions. */
      relevant: perSnapshot(z.number()),
      bySource: z.array(
        z.object({
          source: z.string(),
          a: z.object({ documents: z.number(), share: z.number() }),
          b: z.object({ documents: z.number(), share: z.number() }),
        }),
      ),
      /** Per question, largest shift (total variation distance between its source shares) first. */
      perQuestion: z.array(
        z.object({
          question: z.string(),
          shift: z.number().nullable(),
          a: z.object({ relevant: z.number(), sources: z.array(sourceCount) }),
          b: z.object({ relevant: z.number(), sources: z.array(sourceCount) }),
        }),
      ),
    }),
    leaderboards: z.object({
      metrics: z.array(z.string()),
      systems: z.array(z.object({ system: z.string(), scores: z.record(z.string(), perSnapshot(z.number())) })),
      /** Run tags in one snapshot only: not compared. */
      unmatched: perSnapshot(z.array(z.string())),
      kendallTauB: z.record(z.string(), z.number().nullable()),
      spearmanRho: z.record(z.string(), z.number().nullable()),
      swaps: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
    }),
  }),
);
