// Seeds the demo study (idempotent: every write is an upsert on a natural key).
import { languageFromPath } from "@/lib/domain/code-language";
import { BUILTIN_SCALES } from "@/lib/domain/scales";
import { createCampaign } from "@/lib/server/campaigns/create-campaign";
import type { Db } from "@/lib/server/db/client";
import { writeRunRankings } from "@/lib/server/db/run-rankings";
import { withBulkTransaction } from "@/lib/server/db/transactions";
import * as f from "../factories";
import type { DemoChunk } from "./chunk";
import { CHUNKS_1 } from "./chunks-1";
import { CHUNKS_2 } from "./chunks-2";
import { DEMO_QUESTIONS } from "./questions";
import { DEMO_RESPONSES } from "./responses";
import {
  DEMO_EXPERTS,
  SEED_OPERATOR,
  seedAnswerComparison,
  seedNuggetReview,
  seedSupportCheck,
  seedUniformSample,
} from "./seed-demo-campaigns";
import { toUserDto } from "@/lib/server/users/user-dto";

export const DEMO_STUDY_SLUG = "harbor-demo";
export const DEMO_PASSWORD = "assay-demo";
export const DEMO_ACCOUNTS = [
  { email: "admin@assay.local", role: "admin", name: "Ada Admin" },
  { email: "researcher@assay.local", role: "researcher", name: "Rhea Researcher" },
  { email: "annotator@assay.local", role: "annotator", name: "Ann Annotator" },
  { email: "annotator2@assay.local", role: "annotator", name: "Noor Annotator" },
] as const;

export const DEMO_CHUNKS: DemoChunk[] = [...CHUNKS_1, ...CHUNKS_2];
export const DEMO_MODELS = ["gpt-4o", "solar-11b"] as const;
export const DEMO_RUN_SYSTEMS = ["bm25", "dense-e5", "hybrid-rrf"] as const;

/** A small deterministic hash (FNV-1a) so the demo's simulated judgments are reproducible. */
export function demoHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The chunks pooled for a question: its own eight plus one from each neighbouring question. */
export function demoPool(questionIndex: number): DemoChunk[] {
  const id = (i: number) => DEMO_QUESTIONS[(i + DEMO_QUESTIONS.length) % DEMO_QUESTIONS.length]!.id;
  const own = DEMO_CHUNKS.filter((c) => c.question === id(questionIndex));
  const next = DEMO_CHUNKS.find((c) => c.question === id(questionIndex + 1))!;
  const previous = DEMO_CHUNKS.filter((c) => c.question === id(questionIndex - 1)).at(-1)!;
  return [...own, next, previous];
}

/**
 * The simulated label of a model: the ground truth with model-specific, reproducible mistakes.
 * gpt-4o takes a chunk that is about the question but states none of its facts ("topical but
 * silent") as support for two of its nuggets, the false positive that makes systems retrieving such
 * chunks look better under its labels than under the experts'; and it errs at random now and then.
 */
export function simulatedSupport(model: string, nuggetId: string, chunk: DemoChunk, truth: boolean): boolean {
  const h = demoHash(`${model}|${nuggetId}|${chunk.id}`);
  const question = nuggetId.slice(0, nuggetId.lastIndexOf("_"));
  if (model === "gpt-4o") {
    if (chunk.question === question && chunk.supports.length === 0) {
      const nuggets = DEMO_QUESTIONS.find((q) => q.id === question)!.nuggets.length;
      const position = Number(nuggetId.slice(nuggetId.lastIndexOf("_") + 1)) - 1;
      return (position - demoHash(chunk.id) + nuggets * 8) % nuggets < 2; // two of the question's nuggets
    }
    return h % 13 === 0 ? !truth : truth;
  }
  // solar-11b is lenient on chunks about the right question and misses some support
  if (truth) return h % 9 !== 0;
  return chunk.question === nuggetId.slice(0, nuggetId.lastIndexOf("_")) && h % 4 === 0;
}

/** A demo chunk as a document of a study, its repository and path as FreshStack's corpus gives them. */
export function upsertDemoChunk(db: Db, studyId: number, c: DemoChunk) {
  return f.upsertDocument(db, studyId, {
    externalId: c.id,
    text: c.text,
    title: c.path.split("/").pop(),
    language: languageFromPath(c.path),
    repo: c.repo,
    path: c.path,
    metadata: { url: `https://example.invalid/${c.repo}/blob/main/${c.path}` },
  });
}

/** A demo system's run for one question: the RUN_DEPTH chunks of the pool it scores highest. */
export async function upsertDemoRun(
  db: Db,
  at: { systemId: number; queryId: number; documents: ReadonlyMap<string, number> },
  pool: readonly DemoChunk[],
  score: (c: DemoChunk) => number,
) {
  const scored = pool
    .map((c) => ({ c, score: score(c) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, RUN_DEPTH);
  for (const [rank, { c, score }] of scored.entries()) {
    await f.upsertRunEntry(db, {
      systemId: at.systemId,
      queryId: at.queryId,
      documentId: at.documents.get(c.id)!,
      rank: rank + 1,
      score: Number(score.toFixed(3)),
    });
  }
  await withBulkTransaction((tx) => writeRunRankings(tx, [at.systemId]));
}

/** How many chunks each demo run retrieves per question: fewer than the pool, so Coverage@20 and Recall@50 differ between systems. */
const RUN_DEPTH = 6;

/**
 * A demo system's score for a pooled chunk: bm25 matches words (facts and noise alike), dense-e5
 * favours chunks about the question's topic, whether or not they state its facts, hybrid-rrf finds
 * the chunks that state the facts. Under gpt-4o's labels (which count topical chunks as support)
 * dense-e5 looks best; under the experts' it does not.
 */
export function runScore(system: (typeof DEMO_RUN_SYSTEMS)[number], question: string, c: DemoChunk): number {
  const own = c.question === question;
  const facts = own ? c.supports.length : 0;
  const noise = (demoHash(`${system}|${c.id}`) % 100) / 100;
  switch (system) {
    case "bm25":
      return facts + (own ? 0.5 : 0) + 2 * noise;
    case "dense-e5":
      return (own && facts === 0 ? 4 : 0) + 1.5 * facts + noise;
    case "hybrid-rrf":
      return 2 * facts + (own ? 1 : 0) + noise;
  }
}

/**
 * Seeds the demo study (idempotent). Tests that change it pass their own `slug`, so they never
 * share it; the finished expert campaigns (the reports' material) come with the demo's own slug,
 * or when `finished` is set.
 */
export async function seedDemoStudy(
  db: Db,
  slug: string = DEMO_STUDY_SLUG,
  options: { finished?: boolean } = {},
): Promise<{ studyId: number }> {
  const users = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    users.set(account.email, (await f.upsertUser(db, { ...account, password: DEMO_PASSWORD })).id);
  }
  const study = await f.upsertStudy(db, {
    slug,
    name: slug === DEMO_STUDY_SLUG ? "Harbor job queue (demo)" : `Harbor job queue (${slug})`,
    description:
      "Ten developer questions about harbor, a fictional Python job queue with a TypeScript client: nuggets, " +
      "pooled code and documentation chunks, support labels from two LLMs, three retrieval runs and paired RAG answers.",
  });
  await f.upsertMember(db, study.id, users.get("researcher@assay.local")!, "researcher");
  await f.upsertMember(db, study.id, users.get("annotator@assay.local")!, "annotator");
  await f.upsertMember(db, study.id, users.get("annotator2@assay.local")!, "annotator");

  const documents = new Map<string, number>();
  for (const c of DEMO_CHUNKS) documents.set(c.id, (await upsertDemoChunk(db, study.id, c)).id);

  const judges = new Map<string, number>();
  for (const model of DEMO_MODELS)
    judges.set(model, (await f.upsertJudge(db, study.id, { name: model, kind: "model" })).id);
  const systems = new Map<string, number>();
  for (const name of [...DEMO_RUN_SYSTEMS, "rag-baseline", "rag-rerank"]) {
    systems.set(name, (await f.upsertSystem(db, study.id, name)).id);
  }

  const queryIds = new Map<string, number>();
  for (const [index, q] of DEMO_QUESTIONS.entries()) {
    const query = await f.upsertQuery(db, study.id, {
      externalId: q.id,
      title: q.title,
      body: q.body,
      answer: q.answer,
      metadata: { tags: q.tags, collection: "harbor" },
    });
    queryIds.set(q.id, query.id);
    const nuggets = [];
    for (const [i, text] of q.nuggets.entries()) {
      nuggets.push(
        await f.upsertNugget(db, study.id, query.id, { externalId: `${q.id}_${i + 1}`, position: i + 1, text }),
      );
    }
    const pool = demoPool(index);
    for (const c of pool) await f.upsertPoolEntry(db, study.id, query.id, documents.get(c.id)!);
    for (const n of nuggets) {
      for (const c of pool) {
        const truth = c.question === q.id && c.supports.includes(n.position);
        for (const model of DEMO_MODELS) {
          await f.upsertSupportLabel(db, study.id, {
            judgeId: judges.get(model)!,
            queryId: query.id,
            nuggetId: n.id,
            documentId: documents.get(c.id)!,
            scale: BUILTIN_SCALES.binary.id,
            value: simulatedSupport(model, n.externalId, c, truth) ? "1" : "0",
          });
        }
      }
    }
    for (const system of DEMO_RUN_SYSTEMS)
      await upsertDemoRun(db, { systemId: systems.get(system)!, queryId: query.id, documents }, pool, (c) =>
        runScore(system, q.id, c),
      );
  }

  for (const r of DEMO_RESPONSES) {
    const own = DEMO_CHUNKS.filter((c) => c.question === r.question);
    const citations = Object.entries(r.citations).map(([marker, index]) => ({
      marker: Number(marker),
      documentId: documents.get(own[index]!.id)!,
    }));
    await f.upsertResponse(db, {
      studyId: study.id,
      systemId: systems.get(r.system)!,
      queryId: queryIds.get(r.question)!,
      text: r.text,
      citations,
    });
  }

  await seedDemoCampaign(db, study.id, [users.get("annotator@assay.local")!, users.get("annotator2@assay.local")!]);
  if (options.finished ?? slug === DEMO_STUDY_SLUG) {
    const experts = [];
    for (const e of DEMO_EXPERTS) {
      const user = await f.upsertUser(db, { ...e, password: DEMO_PASSWORD });
      await f.upsertMember(db, study.id, user.id, "annotator");
      experts.push(toUserDto(user));
    }
    const chunks = new Map(DEMO_CHUNKS.map((c) => [c.id, c]));
    const context = { studyId: study.id, experts, gptId: judges.get("gpt-4o")!, chunks, hash: demoHash };
    const researcher = toUserDto(
      await db.user.findUniqueOrThrow({ where: { id: users.get("researcher@assay.local")! } }),
    );
    await seedSupportCheck(db, context, researcher);
    await seedUniformSample(db, context);
    await seedNuggetReview(db, context);
    await seedAnswerComparison(db, context, { a: "rag-baseline", b: "rag-rerank" });
  }
  return { studyId: study.id };
}

/**
 * FreshStack's calibration design, created as a researcher creates a campaign (the same sampler,
 * items and seats): one LLM-positive (nugget, chunk) pair per question, two annotators each.
 * A study that already has the campaign keeps it.
 */
async function seedDemoCampaign(db: Db, studyId: number, annotatorIds: number[]) {
  const name = "Support calibration (demo)";
  if (await db.campaign.findUnique({ where: { studyId_name: { studyId, name } } })) return;
  await createCampaign(SEED_OPERATOR, studyId, {
    name,
    taskType: "support",
    scale: { kind: "builtin", id: "binary" },
    protocol: "blind_then_reveal",
    llmJudge: "gpt-4o",
    overlap: 2,
    annotatorIds,
    sample: { kind: "llm_positive_per_question", questions: DEMO_QUESTIONS.length, judge: "gpt-4o" },
    seed: 7,
    guidelines:
      "Does the chunk **support** the nugget?\n\n- *Supported*: the chunk states the fact (or plainly implies it).\n- *Not supported*: it does not, even when it is about the same topic.",
  });
}
