import { z } from "zod";
import { optionalNuggetSetName } from "@/lib/domain/nuggets/nugget-sets";
import { labelSetListSchema } from "./label-set-name";
import { passageKindSchema } from "@/lib/domain/passages/passage-kind";

export const importCountsSchema = z.object({
  queries: z.number(),
  nuggets: z.number(),
  documents: z.number(),
  poolEntries: z.number(),
  labels: z.number(),
  systems: z.number(),
  runEntries: z.number(),
  responses: z.number(),
  citations: z.number(),
  members: z.number(),
  campaigns: z.number(),
  items: z.number(),
  seats: z.number(),
  annotations: z.number(),
  judgeRuns: z.number(),
  judgeCalls: z.number(),
});

/** What an import did: rows read per file and rows added per kind (0 everywhere on a re-import). */
export const importSummarySchema = z.object({
  format: z.string(),
  judge: z.string().nullable(),
  scale: z.string().nullable(),
  files: z.array(z.object({ name: z.string(), lines: z.number(), rows: z.number() })),
  added: importCountsSchema,
  /** The emails of the accounts a study bundle created: disabled, with no password, until an admin lets them in. */
  createdAccounts: z.array(z.string()),
  durationMs: z.number(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** The error details of a rejected import: the first 50 messages and the total count. */
/** A refused import's errors (the first 50), their count, and a hint said once (how to create missing ids). */
export const importErrorDetailsSchema = z.object({
  errors: z.array(z.string()),
  errorCount: z.number(),
  hint: z.string().nullable().optional(),
});

/** Query parameters of an upload: the file travels as the raw request body. */
export const importUploadQuerySchema = z.object({
  format: z.string().min(1),
  file: z.string().min(1).max(300),
  judge: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
  judgeKind: z.enum(["model", "human"]).optional(),
  scale: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  /** How the passages the file brings are shown (code, prose, markdown); unset: the study's setting. */
  display: passageKindSchema.optional(),
  /** "1": create the queries and documents the file names but the study lacks (qrels and runs). */
  createMissing: z
    .enum(["1"])
    .optional()
    .transform((v) => v === "1"),
  /** The nugget set the file's nuggets go to or are matched in (made when missing); unset: the study's first. */
  nuggetSet: optionalNuggetSetName,
});

export const exportQuerySchema = z.object({
  what: z.string().min(1),
  format: z.string().min(1),
  judge: labelSetListSchema(),
  scale: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  binarized: z
    .enum(["0", "1"])
    .optional()
    .transform((v) => v === "1"),
  /** Annotations of one campaign only. */
  campaign: z.coerce.number().int().positive().optional(),
  /** "1": only check that the export can be made (a JSON answer, or the error), for the page to show before downloading. */
  check: z.enum(["1"]).optional(),
  /** Nuggets: the nugget set exported (unset: the study's first). */
  nuggetSet: optionalNuggetSetName,
});

/**
 * What a study can export: each judge's labels by target kind, the derived label sets (a campaign's
 * majority, an LLM corrected by humans) with the target kinds they hold, and the campaigns with annotations.
 */
export const exportOptionsSchema = z.object({
  judges: z.array(
    z.object({ name: z.string(), kind: z.enum(["human", "model"]), targets: z.record(z.string(), z.number()) }),
  ),
  labelSets: z.array(z.object({ value: z.string(), label: z.string(), targets: z.record(z.string(), z.number()) })),
  campaigns: z.array(z.object({ id: z.number(), name: z.string(), annotations: z.number(), skips: z.number() })),
  /** How many nuggets the study holds (the nuggets export writes them). */
  nuggets: z.number(),
  /** Its nugget sets, the first first, with how many nuggets each holds (the nuggets export writes one). */
  nuggetSets: z.array(z.object({ name: z.string(), nuggets: z.number() })),
});
export type ExportOptions = z.infer<typeof exportOptionsSchema>;
