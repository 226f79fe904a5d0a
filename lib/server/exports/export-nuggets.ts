import "server-only";
import { resolveNuggetSet } from "../nuggets/nugget-sets";
import { storedImportance, textOrder } from "@/lib/domain/nugget-scores/nugget-scores";
import { gradedNuggetsLine } from "@/lib/formats/nuggetizer";
import type { Db } from "../db/client";
import { chunksOf } from "../db/lists";
import { invalid } from "../errors";

/**
 * The study's nuggets as nuggetizer's nuggets JSONL, which nuggetizer's assigner reads and Assay
 * imports back as the same lists: one line per question that has nuggets, {qid, query, nuggets:
 * [{text, importance}]}, the nuggets in the question's order, the lines sorted by question id. A
 * nugget not graded is written "okay", as nuggetizer counts every nugget but a vital one (and as
 * the assignments export writes it). Questions are read a chunk at a time, so memory holds one
 * chunk's nuggets.
 */
export async function* nuggetLines(db: Db, studyId: number, setName?: string): AsyncGenerator<string> {
  const set = await resolveNuggetSet(db, studyId, setName);
  const setId = set?.id ?? -1;
  const questions = (
    await db.query.findMany({
      where: { studyId, nuggets: { some: { setId } } },
      select: { id: true, externalId: true },
    })
  ).sort((a, b) => textOrder(a.externalId, b.externalId));
  if (questions.length === 0) throw invalid("this study has no nuggets to export as nuggetizer-nuggets");
  for (const chunk of chunksOf(questions)) {
    const ids = chunk.map((q) => q.id);
    const [bodies, nuggets] = await Promise.all([
      db.query.findMany({ where: { id: { in: ids } }, select: { id: true, body: true } }),
      db.nugget.findMany({
        where: { setId, queryId: { in: ids } },
        select: { queryId: true, position: true, text: true, importance: true },
      }),
    ]);
    const body = new Map(bodies.map((q) => [q.id, q.body]));
    const byQuestion = new Map<number, typeof nuggets>();
    for (const n of nuggets) {
      const list = byQuestion.get(n.queryId);
      if (list) list.push(n);
      else byQuestion.set(n.queryId, [n]);
    }
    yield chunk
      .map((q) =>
        gradedNuggetsLine({
          qid: q.externalId,
          query: body.get(q.id) ?? "",
          nuggets: (byQuestion.get(q.id) ?? [])
            .sort((a, b) => a.position - b.position)
            .map((n) => ({ text: n.text.trim(), importance: storedImportance(n.importance) ?? "okay" })),
        }),
      )
      .join("\n");
  }
}
