// The Assay study bundle: one JSON record per line, each with a "type", in an order where every
// reference points at an earlier record. Export a study as a bundle and import it elsewhere to get
// the same benchmark content and labels.
import { z } from "zod";
import { isFail, jsonObject } from "./fields";
import { bad, ok, type Parsed } from "./parsed";
import type { DocumentRow, QueryRow, RunRow } from "./rows";

const id = z.string().min(1);
const json = z.record(z.string(), z.unknown());

export const bundleRecordSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("bundle"),
    version: z.literal(1),
    study: z.object({ name: z.string(), description: z.string() }),
  }),
  z.object({
    type: z.literal("query"),
    id,
    title: z.string(),
    body: z.string(),
    answer: z.string().nullable(),
    metadata: json,
  }),
  z.object({
    type: z.literal("document"),
    id,
    title: z.string(),
    text: z.string(),
    repo: z.string().nullable(),
    path: z.string().nullable(),
    metadata: json,
  }),
  z.object({ type: z.literal("nugget"), id, query: id, position: z.number().int().min(1), text: z.string() }),
  z.object({ type: z.literal("pool"), query: id, doc: id, sources: z.array(z.unknown()) }),
  z.object({ type: z.literal("judge"), name: id, kind: z.enum(["model", "human"]), user: z.string().nullable() }),
  z.object({
    type: z.literal("label"),
    judge: id,
    target: z.enum(["nugget_document", "query_document", "nugget", "query", "system_pair"]),
    query: id.nullable(),
    nugget: id.nullable(),
    doc: id.nullable(),
    system_a: id.nullable(),
    system_b: id.nullable(),
    criterion: z.string().nullable(),
    scale: id,
    value: z.string(),
  }),
  z.object({ type: z.literal("system"), name: id }),
  z.object({ type: z.literal("run"), system: id, query: id, doc: id, rank: z.number().int(), score: z.number() }),
  z.object({
    type: z.literal("response"),
    system: id,
    query: id,
    text: z.string(),
    citations: z.array(z.object({ marker: z.number().int().min(1), doc: id })),
  }),
]);
export type BundleRecord = z.infer<typeof bundleRecordSchema>;

export type NuggetRow = { kind: "nugget"; id: string; queryId: string; position: number; text: string };
export type PoolRow = { kind: "pool"; queryId: string; docId: string; sources: unknown[] };
export type JudgeRow = { kind: "judge"; name: string; judgeKind: "model" | "human"; userEmail: string | null };
export type LabelRow = { kind: "label"; record: Extract<BundleRecord, { type: "label" }> };
export type SystemRow = { kind: "system"; name: string };
export type ResponseRow = {
  kind: "response";
  system: string;
  queryId: string;
  text: string;
  citations: { marker: number; docId: string }[];
};
export type BundleRow =
  QueryRow | DocumentRow | NuggetRow | PoolRow | JudgeRow | LabelRow | SystemRow | RunRow | ResponseRow;

/** Parses one bundle line into the row the importer writes (the header record yields nothing). */
export function parseBundleLine(text: string, line: number): Parsed<BundleRow> {
  if (text.trim() === "") return null;
  const obj = jsonObject(text, line);
  if (isFail(obj)) return obj;
  const result = bundleRecordSchema.safeParse(obj);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return bad(line, issue.message, issue.path.length ? issue.path.join(".") : undefined);
  }
  const r = result.data;
  switch (r.type) {
    case "bundle":
      return null;
    case "query":
      return ok({
        kind: "query",
        id: r.id,
        title: r.title,
        body: r.body,
        answer: r.answer ?? undefined,
        metadata: r.metadata,
      });
    case "document":
      return ok({
        kind: "document",
        id: r.id,
        title: r.title,
        text: r.text,
        repo: r.repo ?? undefined,
        path: r.path ?? undefined,
        metadata: r.metadata,
      });
    case "nugget":
      return ok({ kind: "nugget", id: r.id, queryId: r.query, position: r.position, text: r.text });
    case "pool":
      return ok({ kind: "pool", queryId: r.query, docId: r.doc, sources: r.sources });
    case "judge":
      return ok({ kind: "judge", name: r.name, judgeKind: r.kind, userEmail: r.user });
    case "label":
      return ok({ kind: "label", record: r });
    case "system":
      return ok({ kind: "system", name: r.name });
    case "run":
      return ok({ kind: "run", system: r.system, queryId: r.query, docId: r.doc, rank: r.rank, score: r.score });
    case "response":
      return ok({
        kind: "response",
        system: r.system,
        queryId: r.query,
        text: r.text,
        citations: r.citations.map((c) => ({ marker: c.marker, docId: c.doc })),
      });
  }
}

export const bundleLine = (record: BundleRecord): string => JSON.stringify(record);
