import "server-only";
import { CITATION_SUPPORT_LEVELS } from "@/lib/domain/citation-support/support-measures";
import { parseSentenceCitationKey } from "@/lib/domain/targets";
import { citationSupportLine } from "@/lib/formats/citation-support";
import type { LabelSetName } from "@/lib/domain/label-sets/label-set";
import type { Db } from "../db/client";
import { invalid } from "../errors";
import { loadLabelSet } from "../label-sets/load-label-set";

/**
 * One judge's or label set's citation support labels as the citation-support JSONL that imports
 * back as the same labels: one line per (sentence, passage) pair, {run_id, topic_id,
 * sentence_index, citation, level, judge}, sorted by run, topic, sentence and passage.
 */
export async function* citationSupportLines(db: Db, studyId: number, name: LabelSetName): AsyncGenerator<string> {
  const set = await loadLabelSet(studyId, name);
  const labels = [...set.labels.values()].flatMap((l) => {
    const target = parseSentenceCitationKey(l.targetKey);
    return target && (CITATION_SUPPORT_LEVELS as readonly string[]).includes(l.value)
      ? [{ ...target, level: l.value }]
      : [];
  });
  if (labels.length === 0) throw invalid(`${set.name} has no citation support labels to export as citation-support`);
  const unique = (pick: (l: (typeof labels)[number]) => number) => [...new Set(labels.map(pick))];
  const [queries, systems, documents] = await Promise.all([
    db.query.findMany({
      where: { studyId, id: { in: unique((l) => l.queryId) } },
      select: { id: true, externalId: true },
    }),
    db.system.findMany({ where: { studyId, id: { in: unique((l) => l.systemId) } }, select: { id: true, name: true } }),
    db.document.findMany({
      where: { studyId, id: { in: unique((l) => l.documentId) } },
      select: { id: true, externalId: true },
    }),
  ]);
  const topic = new Map(queries.map((q) => [q.id, q.externalId]));
  const run = new Map(systems.map((s) => [s.id, s.name]));
  const passage = new Map(documents.map((d) => [d.id, d.externalId]));
  const order = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });
  const rows = labels
    .map((l) => ({
      runId: run.get(l.systemId) ?? "",
      topicId: topic.get(l.queryId) ?? "",
      sentence: l.sentence,
      citation: passage.get(l.documentId) ?? "",
      level: l.level,
      judge: set.name,
    }))
    .sort(
      (x, y) =>
        order(x.runId, y.runId) ||
        order(x.topicId, y.topicId) ||
        x.sentence - y.sentence ||
        order(x.citation, y.citation),
    );
  for (const row of rows) yield citationSupportLine(row);
}
