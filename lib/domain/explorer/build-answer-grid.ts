import { NUGGET_ASSIGNMENTS, textOrder, type NuggetAssignment } from "../nugget-scores/nugget-scores";
import { nuggetAnswerKey } from "../targets";

/**
 * A question's RAG answers for the explorer: each system's answer (by system name) with every
 * judge's assignment of each of the question's nuggets (rows in the nuggets' order, columns in the
 * judges' order: LLMs first, then people, each by name; null where a judge did not assign it), and
 * on how many nuggets the judges who assigned it disagree.
 */
export function buildAnswerGrid<A extends { systemId: number; system: string }>(inputs: {
  nuggets: readonly { id: number }[];
  answers: readonly A[];
  labels: readonly { targetKey: string; value: string; judge: { name: string; kind: string } }[];
}) {
  const judges = [
    ...new Map(
      inputs.labels.map((l) => [l.judge.name, l.judge.kind === "human" ? ("human" as const) : ("model" as const)]),
    ),
  ]
    .map(([name, kind]) => ({ name, kind }))
    .sort((a, b) => (a.kind === b.kind ? textOrder(a.name, b.name) : a.kind === "model" ? -1 : 1));
  const byTarget = new Map<string, Map<string, NuggetAssignment>>();
  for (const l of inputs.labels) {
    if (!(NUGGET_ASSIGNMENTS as readonly string[]).includes(l.value)) continue;
    const given = byTarget.get(l.targetKey) ?? byTarget.set(l.targetKey, new Map()).get(l.targetKey)!;
    given.set(l.judge.name, l.value as NuggetAssignment);
  }
  const answers = [...inputs.answers]
    .sort((a, b) => textOrder(a.system, b.system))
    .map((answer) => {
      const assignments = inputs.nuggets.map((n) => {
        const given = byTarget.get(nuggetAnswerKey(n.id, answer.systemId));
        return judges.map((j) => given?.get(j.name) ?? null);
      });
      const disagreements = assignments.filter((row) => new Set(row.filter((v) => v !== null)).size > 1).length;
      return { ...answer, assignments, disagreements };
    });
  return { judges, answers };
}
