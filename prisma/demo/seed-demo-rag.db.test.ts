import { impactQuerySchema } from "@/lib/schemas/impact";
import { describe, expect, it } from "vitest";
import { answerNuggetScores, meanNuggetScores } from "@/lib/domain/nugget-scores/nugget-scores";
import { defaultPair } from "@/lib/domain/report-defaults";
import { getDb } from "@/lib/server/db/client";
import { getImpactReport } from "@/lib/server/impact/get-impact-report";
import { getQuestionPool } from "@/lib/server/explorer/get-question-pool";
import { getStudyHeader } from "@/lib/server/studies/get-study-header";
import { RAG_NUGGETS, RAG_SYSTEMS } from "./rag-answers";
import { RELEVANCE_QUESTIONS } from "./relevance-passages";
import { seedDemoStudy } from "./seed-demo-study";
import { LLM_NUGGETS, RAG_DEMO_SLUG, seedDemoRag, statedAs } from "./seed-demo-rag";

const ADMIN = { id: 0, email: "cli", name: "cli", role: "admin" as const };

describe("the demo's TREC RAG study", () => {
  it("holds three systems' answers with their sentences, graded nuggets and two judges' assignments, and seeds again to the same state", async () => {
    const db = await getDb();
    await seedDemoStudy(db); // its accounts
    const { studyId } = await seedDemoRag(db);
    const nuggets = Object.values(RAG_NUGGETS).flat();
    const llmNuggets = Object.values(LLM_NUGGETS).flat();
    const counts = async () => ({
      answers: await db.response.count({ where: { studyId, sentences: { not: null } } }),
      nuggets: await db.nugget.count({ where: { studyId, importance: { not: null } } }),
      assignments: await db.label.count({ where: { studyId, targetType: "nugget_answer" } }),
      citations: await db.citation.count({ where: { response: { studyId } } }),
      support: await db.label.count({ where: { studyId, targetType: "sentence_citation" } }),
    });
    const first = await counts();
    expect(first).toMatchObject({
      answers: RAG_SYSTEMS.length * RELEVANCE_QUESTIONS.length,
      // the assessors' lists and gpt-4o's, side by side
      nuggets: nuggets.length + llmNuggets.length,
      // the assessors and gpt-4o assign the first set's nuggets; gpt-4o its own too
      assignments: RAG_SYSTEMS.length * (2 * nuggets.length + llmNuggets.length),
    });
    const sets = await db.nuggetSet.findMany({ where: { studyId }, orderBy: { id: "asc" } });
    expect(sets.map((s) => [s.name, s.source])).toEqual([
      ["assessors", "import"],
      ["gpt-4o", "llm"],
    ]);
    // gpt-4o's set made by a nuggetizer-create run from the experts' relevant passages, graded by a nuggetizer-score run
    const runs = await db.judgeRun.findMany({
      where: { studyId },
      orderBy: { id: "asc" },
      include: { nuggetSet: true },
    });
    expect(runs.map((r) => [r.templateName, r.status, r.nuggetSet?.name])).toEqual([
      ["nuggetizer-create", "done", "gpt-4o"],
      ["nuggetizer-score", "done", "gpt-4o"],
    ]);
    const experts = await db.label.findMany({ where: { studyId, judge: { name: "experts" } }, orderBy: { id: "asc" } });
    const relevant = (q: string) =>
      experts.filter((l) => l.value === "2" && l.queryId === Number(q)).map((l) => Number(l.documentId));
    const created = JSON.parse(runs[0]!.options!) as { labelSet: string; passages: Record<string, number[]> };
    expect(created.labelSet).toBe("experts");
    for (const [q, docs] of Object.entries(created.passages)) expect(docs).toEqual(relevant(q));
    expect(Object.keys(created.passages)).toHaveLength(RELEVANCE_QUESTIONS.length);
    expect(first.citations).toBeGreaterThan(0);
    // both judges' support of every cited sentence (each cites one passage)
    const cited = await db.response.findMany({ where: { studyId }, select: { sentences: true } });
    const sentences = cited.flatMap((r) => JSON.parse(r.sentences!) as { citations: number[] }[]);
    expect(first.support).toBe(2 * sentences.filter((s) => s.citations.length > 0).length);
    await seedDemoRag(db);
    expect(await counts()).toEqual(first);
  });

  it("opens Impact on the nugget scores, gpt-4o against the assessors, the assessors' equal to nuggetizer's rules", async () => {
    const db = await getDb();
    const study = await db.study.findUniqueOrThrow({ where: { slug: RAG_DEMO_SLUG } });
    const chosen = defaultPair(await getStudyHeader(ADMIN, study.id), "leaderboard")!.choice;
    expect(chosen).toEqual({ a: "gpt-4o", b: "assessors" });
    const impact = await getImpactReport(ADMIN, study.id, impactQuerySchema.parse(chosen));
    expect(impact).toMatchObject({ family: "answers", families: ["answers", "citations"], questions: 6 });
    for (const system of RAG_SYSTEMS) {
      // the assessors' labels are what each answer states: nuggetizer's scores of those
      const expected = meanNuggetScores(
        RELEVANCE_QUESTIONS.map((q) =>
          answerNuggetScores(
            RAG_NUGGETS[q.id]!.map((n) => ({ importance: n.importance, assignment: statedAs(system, q.id, n) })),
          ),
        ),
      );
      const scores = impact.systems.find((s) => s.name === system.name)!.scores;
      for (const m of impact.metrics)
        expect([system.name, m, scores[m]!.b]).toEqual([system.name, m, expected[m as keyof typeof expected]]);
    }
    // gpt-4o's strict reading of the vital nuggets reorders the systems
    expect(impact.swaps.strict_vital_score!.length).toBeGreaterThan(0);
    expect(impact.nuggetSets).toEqual({ a: "assessors", b: "assessors" });
    // sets compared: gpt-4o's assignments of the assessors' lists against those of its own lists
    const sets = await getImpactReport(
      ADMIN,
      study.id,
      impactQuerySchema.parse({ a: "gpt-4o", b: "gpt-4o", family: "answers", nuggetSetB: "gpt-4o" }),
    );
    expect(sets).toMatchObject({ nuggetSets: { a: "assessors", b: "gpt-4o" }, questions: 6 });
    for (const system of sets.systems)
      expect(system.scores.all_score!.a).toBe(impact.systems.find((s) => s.name === system.name)!.scores.all_score!.a);
  });

  it("shows a question's answers in the explorer, each with both judges' assignment of every nugget", async () => {
    const db = await getDb();
    const study = await db.study.findUniqueOrThrow({ where: { slug: RAG_DEMO_SLUG } });
    const question = await db.query.findFirstOrThrow({ where: { studyId: study.id, externalId: "lt-1" } });
    const pool = await getQuestionPool(ADMIN, study.id, question.id);
    expect(pool.answerJudges).toEqual([
      { name: "gpt-4o", kind: "model" },
      { name: "assessors", kind: "human" },
    ]);
    expect(pool.answers.map((a) => a.system)).toEqual(RAG_SYSTEMS.map((s) => s.name).sort());
    for (const system of RAG_SYSTEMS) {
      const answer = pool.answers.find((a) => a.system === system.name)!;
      expect(answer.assignments.map((row) => row[1])).toEqual(
        RAG_NUGGETS["lt-1"]!.map((n) => statedAs(system, "lt-1", n)),
      );
      expect(answer.disagreements).toBe(answer.assignments.filter(([llm, people]) => llm !== people).length);
    }
    const cited = pool.answers.flatMap((a) => a.citations);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((c) => c.externalId.startsWith("lt-1-"))).toBe(true);
    expect(pool.answers[0]!.html).toMatch(/\[\d\]/);
  });

  it("ranks the systems by citation support too, where gpt-4o reads a sentence in four a level off", async () => {
    const db = await getDb();
    const study = await db.study.findUniqueOrThrow({ where: { slug: RAG_DEMO_SLUG } });
    const impact = await getImpactReport(
      ADMIN,
      study.id,
      impactQuerySchema.parse({ a: "gpt-4o", b: "assessors", family: "citations" }),
    );
    const pairs = await db.label.count({
      where: { studyId: study.id, targetType: "sentence_citation", judge: { name: "assessors" } },
    });
    expect(impact.citationAgreement).toMatchObject({ pairs });
    expect(impact.citationAgreement!.agree).toBeLessThan(pairs);
    expect(impact.citationAgreement!.agree).toBeGreaterThan(pairs / 2);
    // every cited sentence names its nugget's source: the assessors find each fully or partly supported
    for (const s of impact.systems) expect(s.scores.weighted_precision!.b).toBeGreaterThan(0.5);
  });
});
