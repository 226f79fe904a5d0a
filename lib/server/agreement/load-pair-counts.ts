import "server-only";
import type { PairCount } from "@/lib/domain/agreement/pair-count";
import type { AgreementQuery } from "@/lib/schemas/agreement";
import { countLabelPairs, type LabelGroupKey } from "../db/label-pairs";
import { documentLengths } from "../db/document-lengths";
import {
  parseNuggetDocumentKey,
  parseQueryDocumentKey,
  targetKindCounts,
  type TargetKindCount,
} from "@/lib/domain/targets";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";
import { leftOutOf } from "@/lib/domain/label-sets/label-set";

export type PairCounts = {
  rows: PairCount[];
  /** The same pairs grouped by their chunk's length in characters, when an LLM meets people (the bias diagnostics). */
  lengthRows: PairCount[] | null;
  sizeA: number;
  sizeB: number;
  kinds: { a: "model" | "human"; b: "model" | "human" };
  /** The targets both sets labelled, by kind: a report pooling several kinds says so. */
  targetKinds: TargetKindCount[];
  /** What the sets leave out, in words (leftOutOf; a judge leaves nothing out). */
  leftOut: string[];
};

/** What a report group is keyed by in the labels: the question (for questions, tags and collections), the nugget, the criterion. */
const GROUP_KEY: Record<AgreementQuery["group"], LabelGroupKey> = {
  none: "none",
  query: "query",
  tag: "query",
  collection: "query",
  nugget_position: "nugget",
  criterion: "criterion",
};

/**
 * The database joins the two judges' labels on their target and counts them (an index on
 * (judgeId, targetKey) serves the join), so a report over 100,000 targets reads a few dozen rows.
 * Derived label sets (fused, corrected, a campaign's majority, an ensemble) are built in memory.
 */
export async function loadPairCounts(db: Db, studyId: number, query: AgreementQuery): Promise<PairCounts> {
  if (query.a.kind !== "judge" || query.b.kind !== "judge") return countInMemory(studyId, query);
  const names = [query.a.judge, query.b.judge];
  const judges = await db.judge.findMany({
    where: { studyId, name: { in: names } },
    include: { _count: { select: { labels: true } } },
  });
  const judge = (name: string) => {
    const found = judges.find((j) => j.name === name);
    if (!found) throw invalid(`no judge named "${name}" in this study`);
    return found;
  };
  const [a, b] = [judge(names[0]!), judge(names[1]!)];
  const counted = await countLabelPairs(a.id, b.id, GROUP_KEY[query.group], a.kind !== b.kind);
  return {
    rows: counted.rows,
    lengthRows: counted.lengthRows,
    sizeA: a._count.labels,
    sizeB: b._count.labels,
    kinds: { a: a.kind === "human" ? "human" : "model", b: b.kind === "human" ? "human" : "model" },
    targetKinds: counted.targetKinds,
    leftOut: [],
  };
}

async function countInMemory(studyId: number, query: AgreementQuery): Promise<PairCounts> {
  const [a, b] = [await loadLabelSet(studyId, query.a), await loadLabelSet(studyId, query.b)];
  const counts = new Map<string, PairCount>();
  const mixed = a.kind !== b.kind;
  const lengths = mixed ? await documentLengths(studyId) : null;
  const byLength = new Map<string, PairCount>();
  for (const [key, la] of a.labels) {
    const lb = b.labels.get(key);
    if (!lb) continue;
    const group =
      query.group === "none"
        ? null
        : query.group === "nugget_position"
          ? la.nuggetId
          : query.group === "criterion"
            ? la.criterion
            : la.queryId;
    const id = JSON.stringify([group, la.value, la.scale, lb.value, lb.scale]);
    const row = counts.get(id) ?? {
      group: group === null ? null : String(group),
      a: { value: la.value, scale: la.scale },
      b: { value: lb.value, scale: lb.scale },
      count: 0,
    };
    row.count++;
    counts.set(id, row);
    const documentId = (parseNuggetDocumentKey(key) ?? parseQueryDocumentKey(key))?.documentId;
    const length = documentId === undefined ? undefined : lengths?.get(documentId);
    if (length !== undefined) {
      const lengthId = JSON.stringify([length, la.value, la.scale, lb.value, lb.scale]);
      const lengthRow = byLength.get(lengthId) ?? { ...row, group: String(length), count: 0 };
      lengthRow.count++;
      byLength.set(lengthId, lengthRow);
    }
  }
  return {
    rows: [...counts.values()],
    lengthRows: mixed ? [...byLength.values()] : null,
    sizeA: a.labels.size,
    sizeB: b.labels.size,
    kinds: { a: a.kind, b: b.kind },
    targetKinds: targetKindCounts([...a.labels.keys()].filter((key) => b.labels.has(key)).map((key) => [key, 1])),
    leftOut: [a, b].flatMap((set) => leftOutOf(set) ?? []),
  };
}
