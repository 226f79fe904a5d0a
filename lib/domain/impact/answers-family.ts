import type { SetLabel } from "../label-sets/label-set";
import {
  answerNuggetScores,
  meanNuggetScores,
  NUGGET_ASSIGNMENTS,
  storedImportance,
  type NuggetAssignment,
  textOrder,
  type NuggetScores,
} from "../nugget-scores/nugget-scores";
import { parseNuggetAnswerKey } from "../targets";
import type { Family } from "./impact-family";

/** nuggetizer's four scores, All first (the measure the per-question list follows). */
export const ANSWER_MEASURES = ["all_score", "vital_score", "strict_all_score", "strict_vital_score"] as const;

type NuggetOfQuestion = { id: number; queryId: number; importance?: string | null };

export type AnswerInputs = {
  /** The nuggets (of a nugget set) with their question and importance (null: not graded, counted as okay). */
  nuggets: readonly NuggetOfQuestion[];
  /** Set B's nuggets when it grades another nugget set (absent: the same nuggets as A). */
  nuggetsB?: readonly NuggetOfQuestion[];
  /** The study's answers: which system answered which question. */
  answers: readonly { systemId: number; system: string; queryId: number }[];
};

/** Per question: each system's answer's scores under a label set. */
type AnswerScores = ReadonlyMap<string, NuggetScores>;

/**
 * The TREC RAG track's nugget scores over nugget assignments (`na:` labels), as nuggetizer computes
 * them: an answer's All, Vital and strict scores from its question's nuggets, a run's the exact mean
 * over its answers. Both sets are compared on the answers each assigned in full (every nugget of the
 * question labelled), so a run's two scores cover the same answers; a question counts as judged
 * when both assigned one of its answers in full. The questions are those with nuggets and answers.
 */
export function answersFamily(
  inputs: AnswerInputs,
  sets: readonly [ReadonlyMap<string, SetLabel>, ReadonlyMap<string, SetLabel>],
): Family<AnswerScores> {
  const lists = { a: byQuestion(inputs.nuggets), b: byQuestion(inputs.nuggetsB ?? inputs.nuggets) };
  const systemName = new Map(inputs.answers.map((a) => [a.systemId, a.system]));
  const answered = new Set(inputs.answers.map((a) => `${a.queryId}|${a.system}`));
  const assigned = { a: assignmentsOf(sets[0], systemName), b: assignmentsOf(sets[1], systemName) };
  // the answers both sets assigned in full (each every nugget of its own list), by question
  const compared = new Map<string, string[]>();
  for (const key of answered) {
    const [q, system] = [key.slice(0, key.indexOf("|")), key.slice(key.indexOf("|") + 1)];
    const full = (side: "a" | "b") => {
      const nuggets = lists[side].get(q) ?? [];
      return nuggets.length > 0 && nuggets.every((n) => assigned[side].get(key)?.has(n.id));
    };
    if (full("a") && full("b")) compared.set(q, [...(compared.get(q) ?? []), system]);
  }
  const withNuggets = new Set([...lists.a.keys(), ...lists.b.keys()]);
  const universe = new Set([...withNuggets].filter((q) => inputs.answers.some((a) => String(a.queryId) === q)));
  return {
    measures: ANSWER_MEASURES,
    systems: [...new Set(inputs.answers.map((a) => a.system))].sort(),
    universe,
    judgments: (labels, side) => {
      const set = assignmentsOf(labels, systemName);
      return new Map(
        [...universe].map((q) => {
          const nuggets = lists[side].get(q) ?? [];
          const scores = new Map(
            (compared.get(q) ?? []).map((system) => {
              const given = set.get(`${q}|${system}`)!;
              const list = nuggets.map((n) => ({
                importance: n.vital ? ("vital" as const) : ("okay" as const),
                assignment: given.get(n.id)!,
              }));
              return [system, answerNuggetScores(list)] as const;
            }),
          );
          return [q, { judged: compared.has(q), value: scores }];
        }),
      );
    },
    score: (judgments, system) => {
      const answers = [...judgments.values()].flatMap((q) => (q.has(system) ? [q.get(system)!] : []));
      if (answers.length === 0) return Object.fromEntries(ANSWER_MEASURES.map((m) => [m, null]));
      const mean = meanNuggetScores(answers);
      return Object.fromEntries(ANSWER_MEASURES.map((m) => [m, mean[m]]));
    },
  };
}

/** Nuggets by question (as a string), in their order, each vital or not. */
function byQuestion(nuggets: readonly NuggetOfQuestion[]): Map<string, { id: number; vital: boolean }[]> {
  const out = new Map<string, { id: number; vital: boolean }[]>();
  for (const n of nuggets) {
    const q = String(n.queryId);
    const list = out.get(q) ?? out.set(q, []).get(q)!;
    list.push({ id: n.id, vital: storedImportance(n.importance ?? null) === "vital" });
  }
  return out;
}

/** A label set's assignments: per "question|system" answer, each nugget's assignment. */
function assignmentsOf(labels: ReadonlyMap<string, SetLabel>, systemName: ReadonlyMap<number, string>) {
  const out = new Map<string, Map<number, NuggetAssignment>>();
  for (const [key, label] of labels) {
    const target = parseNuggetAnswerKey(key);
    const system = target && systemName.get(target.systemId);
    if (!target || system === undefined || label.queryId === null) continue;
    if (!(NUGGET_ASSIGNMENTS as readonly string[]).includes(label.value)) continue;
    const answer = `${label.queryId}|${system}`;
    const nuggets = out.get(answer) ?? out.set(answer, new Map()).get(answer)!;
    nuggets.set(target.nuggetId, label.value as NuggetAssignment);
  }
  return out;
}

/**
 * Every answer both sets assigned in full, with its four scores under each: by system, then
 * question (as nuggetizer sorts its per-answer lines).
 */
export function answerScores(
  judgments: { a: ReadonlyMap<string, AnswerScores>; b: ReadonlyMap<string, AnswerScores> },
  questionNames: ReadonlyMap<string, string>,
) {
  const rows = [...judgments.a].flatMap(([q, systems]) =>
    [...systems].map(([system, a]) => ({
      system,
      question: questionNames.get(q) ?? q,
      a: { ...a } as Record<string, number | null>,
      b: { ...judgments.b.get(q)!.get(system)! } as Record<string, number | null>,
    })),
  );
  return rows.sort((x, y) => textOrder(x.system, y.system) || textOrder(x.question, y.question));
}
