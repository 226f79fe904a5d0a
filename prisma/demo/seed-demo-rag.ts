// The demo's TREC RAG study, the shape the TREC RAG track gives: the Lindenfeld riders' questions
// and passages, three RAG systems' answers citing the passages (the track's submission JSONL), the
// questions' nuggets with their importance (nuggetizer's), and two judges' nugget assignments:
// the assessors' (what each answer states) and gpt-4o's (now and then a level off), and the same
// two judges' citation support of every cited sentence, all imported through the same import code
// as a team's files. Impact ranks the systems under both.
import type { Db } from "@/lib/server/db/client";
import { importIntoStudy, type ImportFile } from "@/lib/server/imports/import-into-study";
import type { NuggetAssignment } from "@/lib/domain/nugget-scores/nugget-scores";
import * as f from "../factories";
import { RAG_NUGGETS, RAG_SYSTEMS, type DemoNugget } from "./rag-answers";
import { RELEVANCE_PASSAGES, RELEVANCE_QUESTIONS } from "./relevance-passages";
import { DEMO_ACCOUNTS, demoHash } from "./seed-demo-study";
import { EXPERTS, expertQrels, nuggetizerBundle } from "./seed-demo-nuggetizer";

export const RAG_DEMO_SLUG = "lindenfeld-rag-demo";
export const RAG_DEMO_JUDGES = { people: "assessors", llm: "gpt-4o" } as const;
/** The demo's two nugget sets: the assessors' lists (the study's first) and gpt-4o's. */
export const RAG_NUGGET_SETS = { assessors: "assessors", llm: "gpt-4o" } as const;

/**
 * The lists gpt-4o wrote for the same questions: each question's nuggets but its last, every one
 * graded vital (an LLM that finds everything essential and misses a detail).
 */
export const LLM_NUGGETS: Record<string, DemoNugget[]> = Object.fromEntries(
  Object.entries(RAG_NUGGETS).map(([q, nuggets]) => [
    q,
    nuggets.slice(0, -1).map((n) => ({ ...n, importance: "vital" as const })),
  ]),
);

/** How far a system's answer states a nugget: in full, partly, or not (reproducibly, by the system's rates). */
export function statedAs(system: (typeof RAG_SYSTEMS)[number], question: string, n: DemoNugget): NuggetAssignment {
  const h = (demoHash(`${system.name}|${question}|${n.text}`) % 100) / 100;
  return h < system.full ? "support" : h < system.full + system.partial ? "partial_support" : "not_support";
}

/** gpt-4o's reading of the same: one level off for about one nugget in five. */
function llmReading(truth: NuggetAssignment, key: string): NuggetAssignment {
  if (demoHash(`gpt-4o|${key}`) % 5 !== 0) return truth;
  return truth === "partial_support" ? (demoHash(key) % 2 === 0 ? "support" : "not_support") : "partial_support";
}

/** A system's answer to a question: a sentence per nugget it states, citing the passage that says it. */
function answerOf(system: (typeof RAG_SYSTEMS)[number], question: string) {
  const references: string[] = [];
  const cite = (passage: string) => {
    if (!references.includes(passage)) references.push(passage);
    return references.indexOf(passage);
  };
  const sentences = RAG_NUGGETS[question]!.flatMap((n) => {
    const stated = statedAs(system, question, n);
    if (stated === "not_support") return [];
    const text =
      stated === "support"
        ? `${n.text}.`
        : `Some riders say that ${n.text[0]!.toLowerCase()}${n.text.slice(1)}, at times.`;
    return [{ text, citations: [cite(n.source)] }];
  });
  if (sentences.length === 0)
    sentences.push({ text: "The passages found do not answer this question.", citations: [] });
  return { references, sentences };
}

/** Seeds the RAG study (idempotent: importing the same files again changes nothing). The demo researcher is its researcher. */
export async function seedDemoRag(db: Db): Promise<{ studyId: number }> {
  const study = await f.upsertStudy(db, {
    slug: RAG_DEMO_SLUG,
    name: "Lindenfeld trams (demo, RAG answers)",
    description:
      "The riders' questions answered by three RAG systems citing the passages, graded against the questions' vital and okay nuggets by assessors and by gpt-4o, as the TREC RAG track grades answers.",
  });
  const researcher = await db.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS[1].email } });
  await f.upsertMember(db, study.id, researcher.id, "researcher");
  const file = (name: string, rows: object[]): ImportFile[] => [
    {
      name,
      chunks: (async function* () {
        yield `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`;
      })(),
    },
  ];
  await importIntoStudy(study.id, {
    format: "beir-queries",
    files: file(
      "queries.jsonl",
      RELEVANCE_QUESTIONS.map((q) => ({ _id: q.id, text: q.text })),
    ),
  });
  await importIntoStudy(study.id, {
    format: "beir-corpus",
    display: "prose",
    files: file(
      "corpus.jsonl",
      RELEVANCE_PASSAGES.map((p) => ({ _id: p.id, text: p.text })),
    ),
  });
  const answers = RAG_SYSTEMS.flatMap((system) =>
    RELEVANCE_QUESTIONS.map((q) => {
      const { references, sentences } = answerOf(system, q.id);
      const words = sentences.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
      return {
        run_id: system.name,
        topic_id: q.id,
        topic: q.text,
        references,
        response_length: words,
        answer: sentences,
      };
    }),
  );
  await importIntoStudy(study.id, { format: "trec-rag-answers", files: file("answers.jsonl", answers) });
  await importNuggetSets({ id: study.id, name: study.name, description: study.description }, researcher.email, file);
  for (const [judge, kind] of [
    [RAG_DEMO_JUDGES.people, "human"],
    [RAG_DEMO_JUDGES.llm, "model"],
  ] as const)
    await importIntoStudy(study.id, {
      format: "citation-support",
      judge,
      judgeKind: kind,
      files: file(`support-${judge}.jsonl`, supportLines(answers, kind)),
    });
  return { studyId: study.id };
}

/**
 * Two nugget sets: the assessors' lists (the study's first) and the lists gpt-4o wrote (with the
 * nuggetizer runs that made and graded them, from the passages the experts mark 2); the assessors
 * and gpt-4o assign the first set's nuggets in every answer, and gpt-4o its own too.
 */
async function importNuggetSets(
  study: { id: number; name: string; description: string },
  researcher: string,
  file: (name: string, rows: object[]) => ImportFile[],
) {
  const studyId = study.id;
  await importIntoStudy(studyId, {
    format: "nuggetizer-nuggets",
    nuggetSet: RAG_NUGGET_SETS.assessors,
    files: file(
      `nuggets-${RAG_NUGGET_SETS.assessors}.jsonl`,
      RELEVANCE_QUESTIONS.map((q) => ({
        qid: q.id,
        query: q.text,
        nuggets: RAG_NUGGETS[q.id]!.map((n) => ({ text: n.text, importance: n.importance })),
      })),
    ),
  });
  // the experts' grades of the passages, from which gpt-4o made its set (nuggetizer's runs, as a bundle)
  await importIntoStudy(studyId, {
    format: "trec-qrels",
    judge: EXPERTS,
    judgeKind: "human",
    scale: "graded-0-2",
    files: [
      {
        name: "qrels.txt",
        chunks: (async function* () {
          yield expertQrels();
        })(),
      },
    ],
  });
  await importIntoStudy(studyId, {
    format: "assay-bundle",
    files: nuggetizerBundle(study, RAG_NUGGET_SETS.llm, LLM_NUGGETS, researcher),
  });
  for (const [judge, kind, set, nuggets] of [
    [RAG_DEMO_JUDGES.people, "human", RAG_NUGGET_SETS.assessors, RAG_NUGGETS],
    [RAG_DEMO_JUDGES.llm, "model", RAG_NUGGET_SETS.assessors, RAG_NUGGETS],
    [RAG_DEMO_JUDGES.llm, "model", RAG_NUGGET_SETS.llm, LLM_NUGGETS],
  ] as const)
    await importIntoStudy(studyId, {
      format: "nuggetizer-assignments",
      judge,
      judgeKind: kind,
      nuggetSet: set,
      files: file(`assignments-${judge}-${set}.jsonl`, assignmentLines(kind, nuggets)),
    });
}

/**
 * A judge's support of every cited sentence by the passage it cites (Thakur et al.'s citation
 * support): the assessors' full for a sentence that states its nugget, partial for a hedged one;
 * gpt-4o's a level off for about one sentence in four.
 */
function supportLines(
  answers: readonly {
    run_id: string;
    topic_id: string;
    references: string[];
    answer: { text: string; citations: number[] }[];
  }[],
  kind: "human" | "model",
) {
  return answers.flatMap((a) =>
    a.answer.flatMap((s, i) => {
      if (s.citations.length === 0) return [];
      const truth = s.text.startsWith("Some riders say") ? "partial_support" : "full_support";
      const key = `${a.run_id}|${a.topic_id}|${i}`;
      const off = kind === "model" && demoHash(`gpt-4o support|${key}`) % 4 === 0;
      const level = !off
        ? truth
        : truth === "full_support"
          ? "partial_support"
          : demoHash(key) % 2 === 0
            ? "full_support"
            : "no_support";
      return [
        { run_id: a.run_id, topic_id: a.topic_id, sentence_index: i, citation: a.references[s.citations[0]!], level },
      ];
    }),
  );
}

/** A judge's nuggetizer assignments of every nugget in every answer: the assessors' what each answer states, gpt-4o's now and then a level off. */
function assignmentLines(kind: "human" | "model", nuggets: Record<string, DemoNugget[]>) {
  return RAG_SYSTEMS.flatMap((system) =>
    RELEVANCE_QUESTIONS.map((q) => ({
      qid: q.id,
      run_id: system.name,
      nuggets: nuggets[q.id]!.map((n) => {
        const truth = statedAs(system, q.id, n);
        const assignment = kind === "human" ? truth : llmReading(truth, `${system.name}|${q.id}|${n.text}`);
        return { text: n.text, importance: n.importance, assignment };
      }),
    })),
  );
}
