// The demo's prose relevance study, the shape most teams bring (TREC DL, BEIR, NovelEval): questions,
// prose passages, graded qrels from people and from two LLMs, and three runs, imported through the
// same import code as a team's files. Under gpt-4o's qrels, which call passages on the topic
// answers, the dense run leads nDCG@10; under the assessors' the hybrid run does (Impact).
import type { Db } from "@/lib/server/db/client";
import { importIntoStudy, type ImportFile } from "@/lib/server/imports/import-into-study";
import * as f from "../factories";
import { RELEVANCE_PASSAGES, RELEVANCE_QUESTIONS, type DemoPassage } from "./relevance-passages";
import { DEMO_ACCOUNTS, demoHash } from "./seed-demo-study";

export const RELEVANCE_DEMO_SLUG = "lindenfeld-trams-demo";
export const RELEVANCE_DEMO_LLMS = ["gpt-4o", "llama-3.1-8b"] as const;
const SYSTEMS = ["bm25", "dense", "hybrid"] as const;

/** The passages pooled for a question: its own five and the first of the next question (not relevant to it). */
export function relevancePool(questionIndex: number): DemoPassage[] {
  const next = RELEVANCE_QUESTIONS[(questionIndex + 1) % RELEVANCE_QUESTIONS.length]!.id;
  const own = RELEVANCE_PASSAGES.filter((p) => p.question === RELEVANCE_QUESTIONS[questionIndex]!.id);
  return [...own, RELEVANCE_PASSAGES.find((p) => p.question === next)!];
}

/** The assessors' grade of a pooled passage for a question: its own grade, 0 for another question's. */
const truth = (question: string, p: DemoPassage) => (p.question === question ? p.grade : 0);

/**
 * An LLM's grade, reproducibly wrong: gpt-4o calls most passages on the topic answers (1 -> 2),
 * misses half the answers stated plainly (2 -> 1) and calls some of the question's off-topic
 * passages on the topic (0 -> 1); llama-3.1-8b is off by one now and then.
 */
export function simulatedGrade(model: (typeof RELEVANCE_DEMO_LLMS)[number], question: string, p: DemoPassage): number {
  const grade = truth(question, p);
  const h = demoHash(`${model}|${question}|${p.id}`);
  if (model === "gpt-4o") {
    if (grade === 1) return h % 4 === 0 ? 1 : 2;
    if (grade === 2) return h % 2 === 0 ? 1 : 2;
    if (p.question === question) return h % 2 === 0 ? 1 : 0;
    return grade;
  }
  if (h % 4 !== 0) return grade;
  return grade === 2 ? 1 : grade === 0 ? 1 : h % 8 === 0 ? 0 : 2;
}

/** A run's score: bm25 matches words (the answer helps, noise too), dense prefers the topic over the answer, hybrid finds answers. */
function runScore(system: (typeof SYSTEMS)[number], question: string, p: DemoPassage): number {
  const grade = truth(question, p);
  const noise = (demoHash(`${system}|${question}|${p.id}`) % 100) / 100;
  const own = p.question === question;
  switch (system) {
    case "bm25":
      return grade + 2 * noise;
    case "dense":
      return (grade === 1 ? 3 : grade === 2 ? 2 : own ? 1 : 0) + noise;
    case "hybrid":
      return 2 * grade + noise;
  }
}

/**
 * Seeds the prose relevance study (idempotent: importing the same files again changes nothing).
 * The demo researcher is its researcher.
 */
export async function seedDemoRelevance(db: Db): Promise<{ studyId: number }> {
  const study = await f.upsertStudy(db, {
    slug: RELEVANCE_DEMO_SLUG,
    name: "Lindenfeld trams (demo, relevance)",
    description:
      "Six riders' questions about the trams of Lindenfeld, a fictional city, with prose passages: graded qrels from assessors and two LLMs, three runs.",
  });
  const researcher = await db.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS[1].email } });
  await f.upsertMember(db, study.id, researcher.id, "researcher");
  const file = (name: string, lines: string[]): ImportFile[] => [
    {
      name,
      chunks: (async function* () {
        yield `${lines.join("\n")}\n`;
      })(),
    },
  ];
  const put = (format: "beir-queries" | "beir-corpus" | "trec-run", name: string, lines: string[]) =>
    importIntoStudy(study.id, { format, files: file(name, lines) });
  await put(
    "beir-queries",
    "queries.jsonl",
    RELEVANCE_QUESTIONS.map((q) => JSON.stringify({ _id: q.id, text: q.text })),
  );
  await put(
    "beir-corpus",
    "corpus.jsonl",
    RELEVANCE_PASSAGES.map((p) => JSON.stringify({ _id: p.id, text: p.text })),
  );
  const pools = RELEVANCE_QUESTIONS.map((q, i) => ({ question: q.id, pool: relevancePool(i) }));
  const qrels = (grade: (question: string, p: DemoPassage) => number) =>
    pools.flatMap(({ question, pool }) => pool.map((p) => `${question} 0 ${p.id} ${grade(question, p)}`));
  for (const [judge, grade] of [
    ["assessors", truth],
    ...RELEVANCE_DEMO_LLMS.map((m) => [m, (q: string, p: DemoPassage) => simulatedGrade(m, q, p)] as const),
  ] as const)
    await importIntoStudy(study.id, {
      format: "trec-qrels",
      judge,
      judgeKind: judge === "assessors" ? "human" : "model",
      scale: "graded-0-2",
      files: file(`${judge}.qrels`, qrels(grade)),
    });
  await put(
    "trec-run",
    "runs.txt",
    SYSTEMS.flatMap((system) =>
      pools.flatMap(({ question, pool }) =>
        pool
          .map((p) => ({ p, score: runScore(system, question, p) }))
          .sort((x, y) => y.score - x.score)
          .map(({ p, score }, rank) => `${question} Q0 ${p.id} ${rank + 1} ${score.toFixed(3)} ${system}`),
      ),
    ),
  );
  return { studyId: study.id };
}
